import { ErrorBodySchema } from '@parla/shared/errors';
import { PreferencesSchema } from '@parla/shared/preferences.schema';
import { UpdatePreferencesBodySchema } from '@parla/shared/preferences-update.schema';
import { UpdateUserProfileBodySchema } from '@parla/shared/profile-update.schema';
import { GetMeResponseSchema, UserIdParamsSchema, UserProfileSchema } from '@parla/shared/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, type createRequireAuth } from '../../plugins/auth';
import type { UsersService } from './users.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

export function usersRoutes({
  usersService,
  requireAuth,
}: {
  usersService: UsersService;
  requireAuth: ReturnType<typeof createRequireAuth>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth);

    app.get(
      '/users/me',
      {
        schema: {
          tags: ['users'],
          summary: 'The signed-in learner and their profile',
          response: { 200: GetMeResponseSchema, ...errors },
        },
      },
      (request) => usersService.getMe(callerOf(request).userId),
    );

    app.get(
      '/users/:id/profile',
      {
        schema: {
          tags: ['users'],
          summary: 'A learner’s own profile (`me` or their id)',
          params: UserIdParamsSchema,
          response: { 200: UserProfileSchema, ...errors },
        },
      },
      (request) => usersService.getProfile(request.params.id, callerOf(request).userId),
    );

    app.put(
      '/users/:id/profile',
      {
        config: { idempotent: true },
        schema: {
          tags: ['users'],
          summary: 'Change one’s own profile (XP, streak and lesson counts are read-only)',
          params: UserIdParamsSchema,
          body: UpdateUserProfileBodySchema,
          response: { 200: UserProfileSchema, ...errors },
        },
      },
      (request) => usersService.updateProfile(request.params.id, callerOf(request).userId, request.body),
    );

    app.get(
      '/users/:id/preferences',
      {
        schema: {
          tags: ['users'],
          summary:
            'A learner’s own settings: interface language, theme, notifications, reminder, daily goal, time zone, vacation',
          params: UserIdParamsSchema,
          response: { 200: PreferencesSchema, ...errors },
        },
      },
      (request) => usersService.getPreferences(request.params.id, callerOf(request).userId),
    );

    app.put(
      '/users/:id/preferences',
      {
        config: { idempotent: true },
        schema: {
          tags: ['users'],
          summary: 'Change one’s own settings (only the fields sent); a vacation lasts at most 14 days',
          params: UserIdParamsSchema,
          body: UpdatePreferencesBodySchema,
          response: { 200: PreferencesSchema, ...errors },
        },
      },
      (request) => usersService.updatePreferences(request.params.id, callerOf(request).userId, request.body),
    );
  };
}
