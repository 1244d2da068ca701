import { ErrorBodySchema } from '@parla/shared/errors';
import { LeaderboardQuerySchema, LeaderboardResponseSchema } from '@parla/shared/leagues.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, type createRequireAuth } from '../../plugins/auth';
import type { LeaguesService } from './leagues.service';

/** The friends board and the weekly league (issue 16). */
export function leaguesRoutes({
  leaguesService,
  requireAuth,
}: {
  leaguesService: LeaguesService;
  requireAuth: ReturnType<typeof createRequireAuth>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth);
    app.get(
      '/users/leaderboard',
      {
        schema: {
          tags: ['leagues'],
          summary: 'Me and the people I follow by total XP (`friends`), or my weekly league cohort by this week’s XP (`league`)',
          querystring: LeaderboardQuerySchema,
          response: { 200: LeaderboardResponseSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
        },
      },
      (request) => {
        const callerId = callerOf(request).userId;
        return request.query.scope === 'friends' ? leaguesService.friends(callerId) : leaguesService.league(callerId);
      },
    );
  };
}
