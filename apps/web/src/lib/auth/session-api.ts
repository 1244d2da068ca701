import { AuthResponseSchema, type LoginBody, OkResponseSchema, type RegisterBody } from '@parla/shared/auth.schema';
import { apiRequest } from '../api-client';

// The calls that open, restore and end the session, which the AuthProvider makes; the refresh token
// travels only in the httpOnly cookie. The learner is lib/auth/get-me.ts; the sign-in screens'
// other calls are in features/auth/api.
export const login = (body: LoginBody) =>
  apiRequest('/auth/login', { method: 'POST', body, schema: AuthResponseSchema, anonymous: true });

export const register = (body: RegisterBody) =>
  apiRequest('/auth/register', { method: 'POST', body, schema: AuthResponseSchema, anonymous: true });

export const refreshSession = () => apiRequest('/auth/refresh', { method: 'POST', schema: AuthResponseSchema, anonymous: true });

export const logout = () => apiRequest('/auth/logout', { method: 'POST', schema: OkResponseSchema });
