import { DeleteAccountBodySchema, exportFileName, vocabularyFileName } from '@parla/shared/account.schema';
import { OkResponseSchema } from '@parla/shared/auth.schema';
import { ErrorBodySchema } from '@parla/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../lib/clock';
import { callerOf, type createRequireAuth } from '../../plugins/auth';
import type { AccountService } from './account.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema };

/** The learner's data rights (issue 16): a copy of everything stored about them, and leaving. */
export function accountRoutes({
  accountService,
  requireAuth,
  clock,
}: {
  accountService: AccountService;
  requireAuth: ReturnType<typeof createRequireAuth>;
  clock: Clock;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth);

    app.get(
      '/users/me/export',
      {
        schema: {
          tags: ['account'],
          summary:
            'Everything stored about me as one JSON download: account, profile and settings, lessons and answers, XP, review deck, achievements, notifications, devices (never a password hash, token or key)',
          produces: ['application/json'],
          response: { 200: z.unknown().describe('The export document (parla-export, version 1), streamed'), ...errors },
        },
      },
      async (request, reply) => {
        const body = await accountService.exportData(callerOf(request).userId);
        return reply
          .header('Content-Type', 'application/json; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${exportFileName(clock.now())}"`)
          .send(body);
      },
    );

    app.get(
      '/users/me/export/vocabulary.tsv',
      {
        schema: {
          tags: ['account'],
          summary: 'My words (course word, translation, romanisation) as a tab-separated file Anki imports',
          produces: ['text/tab-separated-values'],
          response: { 200: z.string().describe('Anki-ready tab-separated text'), ...errors },
        },
      },
      async (request, reply) => {
        const body = await accountService.vocabulary(callerOf(request).userId);
        return reply
          .header('Content-Type', 'text/tab-separated-values; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${vocabularyFileName(clock.now())}"`)
          .send(body);
      },
    );

    app.delete(
      '/users/me',
      {
        schema: {
          tags: ['account'],
          summary:
            'Delete my account with my password (or, without one, a sign-in in the last 10 minutes): every session ends at once and everything stored about me is removed',
          body: DeleteAccountBodySchema,
          response: { 200: OkResponseSchema, ...errors, 403: ErrorBodySchema, 404: ErrorBodySchema, 422: ErrorBodySchema },
        },
      },
      async (request) => {
        await accountService.deleteAccount(callerOf(request), request.body);
        return { status: 'ok' as const };
      },
    );
  };
}
