import { AchievementsResponseSchema } from '@parla/shared/achievements';
import { AppError, ErrorBodySchema } from '@parla/shared/errors';
import { UserIdParamsSchema } from '@parla/shared/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, type createRequireAuth } from '../../plugins/auth';
import type { AchievementsService } from './achievements.service';

/** `GET /progress/{userId}/achievements`: `me` or one's own id; another learner's is 403. */
export function achievementsRoutes({
  achievementsService,
  requireAuth,
}: {
  achievementsService: AchievementsService;
  requireAuth: ReturnType<typeof createRequireAuth>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/progress/:id/achievements',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['progress'],
          summary: 'Every achievement: earned (when) or the progress toward it (`me` or one’s own id)',
          params: UserIdParamsSchema,
          response: { 200: AchievementsResponseSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
        },
      },
      (request) => {
        const caller = callerOf(request).userId;
        if (request.params.id !== 'me' && request.params.id !== caller)
          throw new AppError('forbidden', 'You can only see your own achievements.');
        return achievementsService.listAchievements(caller);
      },
    );
  };
}
