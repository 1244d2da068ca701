import { ErrorBodySchema } from '@parla/shared/errors';
import {
  DeletePushSubscriptionBodySchema,
  DeletePushSubscriptionResponseSchema,
  PushPublicKeyResponseSchema,
  PushSubscriptionBodySchema,
  PushSubscriptionSchema,
} from '@parla/shared/push.schema';
import { UserIdParamsSchema } from '@parla/shared/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, type createRequireAuth } from '../../plugins/auth';
import type { PushService } from './push.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** Web Push: the server's public key, and a learner's devices (`{userId}`: `me` or one's own id). */
export function pushRoutes({
  pushService,
  requireAuth,
}: {
  pushService: PushService;
  requireAuth: ReturnType<typeof createRequireAuth>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/push/public-key',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['push'],
          summary: 'The VAPID public key a browser subscribes with (404 when this server has push turned off)',
          response: { 200: PushPublicKeyResponseSchema, ...errors },
        },
      },
      () => pushService.getPublicKey(),
    );

    app.post(
      '/users/:id/push-subscriptions',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['push'],
          summary:
            'Store this browser’s push subscription (again: the same row; a device moves to the learner who subscribes last)',
          params: UserIdParamsSchema,
          body: PushSubscriptionBodySchema,
          response: { 200: PushSubscriptionSchema, ...errors },
        },
      },
      (request) =>
        pushService.subscribe(request.params.id, callerOf(request).userId, request.body, request.headers['user-agent']),
    );

    app.delete(
      '/users/:id/push-subscriptions',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['push'],
          summary: 'Forget this browser’s push subscription',
          params: UserIdParamsSchema,
          body: DeletePushSubscriptionBodySchema,
          response: { 200: DeletePushSubscriptionResponseSchema, ...errors },
        },
      },
      (request) => pushService.unsubscribe(request.params.id, callerOf(request).userId, request.body),
    );
  };
}
