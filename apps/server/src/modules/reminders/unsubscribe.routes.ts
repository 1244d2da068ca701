import { ErrorBodySchema } from '@parla/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UnsubscribeService } from './unsubscribe.service';

const QuerySchema = z.strictObject({
  token: z.string().min(1, 'The link has no token.').max(200, 'This token is too long.').describe('From the e-mail’s link'),
});

const UnsubscribedSchema = z
  .object({ status: z.literal('unsubscribed'), email_reminders: z.literal(false) })
  .meta({ id: 'Unsubscribed' });

/** A browser's form submission (the confirmation page's button) wants the page back, not JSON. */
const wantsHtml = (accept: string | undefined) => accept !== undefined && /\btext\/html\b/.test(accept);

/**
 * One-click unsubscribe from reminder e-mails (RFC 8058). The e-mail's List-Unsubscribe URL and
 * body link carry a token signed for the learner. GET (a person following the link, or a link
 * scanner) only shows a confirmation page whose button POSTs; POST (that button, or the mail
 * client's one-click request) turns the e-mail channel off: idempotent, 200 every time.
 */
export function unsubscribeRoutes({ unsubscribeService }: { unsubscribeService: UnsubscribeService }): FastifyPluginAsyncZod {
  return async (app) => {
    // The mail client's POST carries `List-Unsubscribe=One-Click` as a form (RFC 8058 §3.1), and so
    // does the page's button: read (within the body limit) and ignored, the token is in the URL.
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      app.addContentTypeParser(type, { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));
    }

    app.get(
      '/unsubscribe',
      {
        config: { public: true },
        schema: {
          tags: ['notifications'],
          summary: 'The confirmation page of a reminder e-mail’s unsubscribe link (changes nothing)',
          querystring: QuerySchema,
          produces: ['text/html'],
          response: { 200: z.string().describe('An HTML page'), 400: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const page = await unsubscribeService.confirmationPage(request.query.token);
        return reply.type('text/html; charset=utf-8').send(page);
      },
    );

    app.post(
      '/unsubscribe',
      {
        config: { public: true },
        schema: {
          tags: ['notifications'],
          summary: 'Turn reminder e-mails off (one-click unsubscribe, RFC 8058)',
          querystring: QuerySchema,
          response: { 200: UnsubscribedSchema.or(z.string().describe('An HTML page, for a browser form')), 400: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const page = await unsubscribeService.unsubscribe(request.query.token);
        if (wantsHtml(request.headers.accept)) return reply.type('text/html; charset=utf-8').send(page);
        return { status: 'unsubscribed' as const, email_reminders: false as const };
      },
    );
  };
}
