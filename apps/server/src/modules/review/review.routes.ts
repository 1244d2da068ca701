import { AppError, ErrorBodySchema } from '@parla/shared/errors';
import { DueCardsQuerySchema, DueCardsResponseSchema, WeakAreasResponseSchema } from '@parla/shared/practice.schema';
import { UserIdParamsSchema } from '@parla/shared/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, type createRequireAuth } from '../../plugins/auth';
import type { DeckService } from './deck.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

export function reviewRoutes({
  deckService,
  requireAuth,
}: {
  deckService: DeckService;
  requireAuth: ReturnType<typeof createRequireAuth>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth);

    const ownId = (requested: string, caller: string) => {
      if (requested !== 'me' && requested !== caller) throw new AppError('forbidden', 'You can only see your own review deck.');
      return caller;
    };
    app.get(
      '/review/users/:id/spaced_repetition',
      {
        schema: {
          tags: ['practice'],
          summary: 'Cards due for review now',
          description: 'At most `limit` cards (50 by default); `limit=0` gives only the count and when the next card is due.',
          params: UserIdParamsSchema,
          querystring: DueCardsQuerySchema,
          response: { 200: DueCardsResponseSchema, ...errors },
        },
      },
      (request) => deckService.dueCards(ownId(request.params.id, callerOf(request).userId), request.query.limit),
    );
    app.get(
      '/review/users/:id/weak_areas',
      {
        schema: {
          tags: ['practice'],
          summary: 'The words most likely forgotten',
          params: UserIdParamsSchema,
          response: { 200: WeakAreasResponseSchema, ...errors },
        },
      },
      (request) => deckService.weakAreas(ownId(request.params.id, callerOf(request).userId)),
    );
  };
}
