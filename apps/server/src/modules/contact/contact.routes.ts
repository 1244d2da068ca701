import {
  CreateContactMessageBodySchema,
  CreateContactMessageResponseSchema,
  SubscribeNewsletterBodySchema,
  SubscribeNewsletterResponseSchema,
} from '@parla/shared/contact.schema';
import { ErrorBodySchema } from '@parla/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ContactService } from './contact.service';

export function contactRoutes({ contactService }: { contactService: ContactService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/contact',
      {
        config: { public: true },
        schema: {
          tags: ['site'],
          summary: 'Send a message to the Parla team',
          body: CreateContactMessageBodySchema,
          response: { 201: CreateContactMessageResponseSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        await contactService.createMessage(request.body, request.ip);
        return reply.status(201).send({ status: 'received' as const });
      },
    );

    app.post(
      '/newsletter',
      {
        config: { public: true },
        schema: {
          tags: ['site'],
          summary: 'Subscribe an address to the newsletter (again is fine)',
          body: SubscribeNewsletterBodySchema,
          response: { 200: SubscribeNewsletterResponseSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
        },
      },
      async (request) => {
        await contactService.subscribe(request.body, request.ip);
        return { status: 'subscribed' as const };
      },
    );
  };
}
