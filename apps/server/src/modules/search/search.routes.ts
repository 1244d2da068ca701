import { ErrorBodySchema } from '@parla/shared/errors';
import { SearchQuerySchema, SearchResponseSchema } from '@parla/shared/search.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, type createRequireAuth } from '../../plugins/auth';
import type { SearchService } from './search.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema };

export function searchRoutes({
  searchService,
  requireAuth,
}: {
  searchService: SearchService;
  requireAuth: ReturnType<typeof createRequireAuth>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth);

    app.get(
      '/search',
      {
        schema: {
          tags: ['search'],
          summary: 'Lessons of my course and words, case, accents and small typos aside (at most 20, best first)',
          querystring: SearchQuerySchema,
          response: { 200: SearchResponseSchema, ...errors },
        },
      },
      (request) => searchService.search(callerOf(request).userId, request.query.q),
    );
  };
}
