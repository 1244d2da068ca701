import { ErrorBodySchema } from '@parla/shared/errors';
import {
  ConversationParamsSchema,
  ConversationsPageSchema,
  ConversationsQuerySchema,
  MessageSchema,
  MessagesPageSchema,
  MessagesQuerySchema,
  SendMessageBodySchema,
} from '@parla/shared/messages.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Limit, RateLimiter } from '../../lib/rate-limit';
import { callerOf, type createRequireAuth } from '../../plugins/auth';
import { routeLimit } from '../../plugins/rate-limit';
import type { MessagesService } from './messages.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** Messages a learner may send a minute (to anyone): enough to chat, too few to flood. */
export const MESSAGES_PER_LEARNER: Limit = { limit: 60, windowSeconds: 60 };

/** Conversations and messages between learners who follow each other (issue 16). */
export function messagesRoutes({
  messagesService,
  requireAuth,
  limiter,
}: {
  messagesService: MessagesService;
  requireAuth: ReturnType<typeof createRequireAuth>;
  limiter: RateLimiter;
}): FastifyPluginAsyncZod {
  const limitMessages = routeLimit(limiter, 'message:learner', MESSAGES_PER_LEARNER, (request) => callerOf(request).userId);
  return async (app) => {
    app.addHook('onRequest', requireAuth);

    app.get(
      '/users/me/conversations',
      {
        schema: {
          tags: ['messages'],
          summary: 'The learners one exchanged messages with, the latest conversation first, with the unread count',
          querystring: ConversationsQuerySchema,
          response: { 200: ConversationsPageSchema, ...errors },
        },
      },
      (request) => messagesService.listConversations(callerOf(request).userId, request.query),
    );

    app.get(
      '/users/me/conversations/:otherId/messages',
      {
        schema: {
          tags: ['messages'],
          summary: 'A conversation, newest first (keyset paged); the first page marks their messages read',
          params: ConversationParamsSchema,
          querystring: MessagesQuerySchema,
          response: { 200: MessagesPageSchema, ...errors },
        },
      },
      (request) => messagesService.listMessages(callerOf(request).userId, request.params.otherId, request.query),
    );

    app.post(
      '/users/me/conversations/:otherId/messages',
      {
        schema: {
          tags: ['messages'],
          summary: 'Send a message (1–1,000 characters) to a learner who follows you back; not across a block',
          params: ConversationParamsSchema,
          body: SendMessageBodySchema,
          response: { 201: MessageSchema, 409: ErrorBodySchema, 422: ErrorBodySchema, 429: ErrorBodySchema, ...errors },
        },
        config: { idempotent: true },
        preHandler: limitMessages,
      },
      async (request, reply) => {
        const message = await messagesService.send(callerOf(request).userId, request.params.otherId, request.body.text);
        return reply.status(201).send(message);
      },
    );
  };
}
