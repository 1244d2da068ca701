import { ErrorBodySchema } from '@parla/shared/errors';
import { GetHealthResponseSchema } from '@parla/shared/health.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthService } from './health.service';

export function healthRoutes({ healthService }: { healthService: HealthService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        config: { public: true },
        schema: {
          tags: ['system'],
          summary: 'Is the API up and its database answering?',
          response: { 200: GetHealthResponseSchema, 503: ErrorBodySchema },
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return healthService.checkHealth();
      },
    );
  };
}
