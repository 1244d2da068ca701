import { GetProvidersResponseSchema, OkResponseSchema, RequestPasswordResetResponseSchema } from '@parla/shared/auth.schema';
import type { UpdateUserProfileBody } from '@parla/shared/profile-update.schema';
import { UserProfileSchema } from '@parla/shared/users.schema';
import { apiRequest } from '@/lib/api-client';

// The account calls of the sign-in screens; those that open, restore and end the session are in
// lib/auth/session-api.ts.
export const updateMyProfile = (body: UpdateUserProfileBody) =>
  apiRequest('/users/me/profile', { method: 'PUT', body, schema: UserProfileSchema });

export const getProviders = () => apiRequest('/auth/providers', { schema: GetProvidersResponseSchema, anonymous: true });

export const requestPasswordReset = (email: string) =>
  apiRequest('/auth/password-reset/request', {
    method: 'POST',
    body: { email },
    schema: RequestPasswordResetResponseSchema,
    anonymous: true,
  });

export const confirmPasswordReset = (token: string, password: string) =>
  apiRequest('/auth/password-reset/confirm', {
    method: 'POST',
    body: { token, password },
    schema: OkResponseSchema,
    anonymous: true,
  });
