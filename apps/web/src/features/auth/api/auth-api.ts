import {
  AcceptedResponseSchema,
  AuthResponseSchema,
  GetProvidersResponseSchema,
  type LoginBody,
  OkResponseSchema,
  type RegisterBody,
} from '@parla/shared/auth.schema';
import type { UpdateUserProfileBody } from '@parla/shared/profile-update.schema';
import { GetMeResponseSchema, UserProfileSchema } from '@parla/shared/users.schema';
import { apiRequest } from '../../../lib/api-client';

// One place for the account endpoints; the refresh token travels only in the httpOnly cookie.
export const login = (body: LoginBody) =>
  apiRequest('/auth/login', { method: 'POST', body, schema: AuthResponseSchema, anonymous: true });

export const register = (body: RegisterBody) =>
  apiRequest('/auth/register', { method: 'POST', body, schema: AuthResponseSchema, anonymous: true });

export const refreshSession = () => apiRequest('/auth/refresh', { method: 'POST', schema: AuthResponseSchema, anonymous: true });

export const logout = () => apiRequest('/auth/logout', { method: 'POST', schema: OkResponseSchema });

export const getMe = () => apiRequest('/users/me', { schema: GetMeResponseSchema });

export const updateMyProfile = (body: UpdateUserProfileBody) =>
  apiRequest('/users/me/profile', { method: 'PUT', body, schema: UserProfileSchema });

export const getProviders = () => apiRequest('/auth/providers', { schema: GetProvidersResponseSchema, anonymous: true });

export const requestPasswordReset = (email: string) =>
  apiRequest('/auth/password-reset/request', {
    method: 'POST',
    body: { email },
    schema: AcceptedResponseSchema,
    anonymous: true,
  });

export const confirmPasswordReset = (token: string, password: string) =>
  apiRequest('/auth/password-reset/confirm', {
    method: 'POST',
    body: { token, password },
    schema: OkResponseSchema,
    anonymous: true,
  });
