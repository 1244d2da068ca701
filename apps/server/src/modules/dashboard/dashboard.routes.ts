import { DashboardResponseSchema } from '@parla/shared/dashboard.schema';
import { ErrorBodySchema } from '@parla/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, type createRequireAuth } from '../../plugins/auth';
import { fastSerializerCompiler } from '../../plugins/fast-serializer';
import type { createDashboardService } from './dashboard.service';

export function dashboardRoutes({
  dashboardService,
  requireAuth,
}: {
  dashboardService: ReturnType<typeof createDashboardService>;
  requireAuth: ReturnType<typeof createRequireAuth>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dashboard',
      {
        onRequest: requireAuth,
        serializerCompiler: fastSerializerCompiler,
        schema: {
          tags: ['lessons'],
          summary: 'Everything the dashboard shows, in one read',
          response: { 200: DashboardResponseSchema, 401: ErrorBodySchema },
        },
      },
      (request) => dashboardService.getDashboard(callerOf(request).userId),
    );
  };
}
