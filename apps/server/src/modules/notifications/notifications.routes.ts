import { ErrorBodySchema } from '@parla/shared/errors';
import {
  ListNotificationsQuerySchema,
  MarkAllNotificationsReadResponseSchema,
  NotificationParamsSchema,
  NotificationSchema,
  NotificationsPageSchema,
} from '@parla/shared/notifications.schema';
import { UserIdParamsSchema } from '@parla/shared/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, type createRequireAuth } from '../../plugins/auth';
import { fastSerializerCompiler } from '../../plugins/fast-serializer';
import type { NotificationsService } from './notifications.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/** A learner's notifications (`{userId}`: `me` or one's own id; another learner's is 403). */
export function notificationsRoutes({
  notificationsService,
  requireAuth,
}: {
  notificationsService: NotificationsService;
  requireAuth: ReturnType<typeof createRequireAuth>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/:id/notifications',
      {
        onRequest: requireAuth,
        // A hot read (the panel, every page): the service's type already is the response's shape.
        serializerCompiler: fastSerializerCompiler,
        schema: {
          tags: ['notifications'],
          summary: 'One’s notifications, newest first, a page at a time, with the unread count',
          params: UserIdParamsSchema,
          querystring: ListNotificationsQuerySchema,
          response: { 200: NotificationsPageSchema, ...errors },
        },
      },
      (request) => notificationsService.listNotifications(request.params.id, callerOf(request).userId, request.query),
    );

    app.post(
      '/users/:id/notifications/read-all',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['notifications'],
          summary: 'Mark all of one’s notifications read',
          params: UserIdParamsSchema,
          response: { 200: MarkAllNotificationsReadResponseSchema, ...errors },
        },
      },
      (request) => notificationsService.markAllRead(request.params.id, callerOf(request).userId),
    );

    app.post(
      '/users/:id/notifications/:notificationId/read',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['notifications'],
          summary: 'Mark one notification read (again: the same answer); someone else’s is 404',
          params: NotificationParamsSchema,
          response: { 200: NotificationSchema, 404: ErrorBodySchema, ...errors },
        },
      },
      (request) => notificationsService.markRead(request.params.id, callerOf(request).userId, request.params.notificationId),
    );
  };
}
