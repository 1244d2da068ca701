import {
  AuthResponseSchema,
  ChangePasswordBodySchema,
  ConfirmPasswordResetBodySchema,
  LoginBodySchema,
  OkResponseSchema,
  RefreshBodySchema,
  RegisterBodySchema,
  RequestPasswordResetBodySchema,
  RequestPasswordResetResponseSchema,
} from '@parla/shared/auth.schema';
import { AppError, ErrorBodySchema } from '@parla/shared/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, type createRequireAuth } from '../../plugins/auth';
import type { AuthService, Session } from './auth.service';
import { clearRefreshCookie, REFRESH_COOKIE, type RefreshCookieSettings, setRefreshCookie } from './refresh-cookie';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 409: ErrorBodySchema, 422: ErrorBodySchema, 429: ErrorBodySchema };

export function authRoutes({
  authService,
  requireAuth,
  refreshCookie,
}: {
  authService: AuthService;
  requireAuth: ReturnType<typeof createRequireAuth>;
  refreshCookie: RefreshCookieSettings;
}): FastifyPluginAsyncZod {
  const setCookie = (request: FastifyRequest, reply: FastifyReply, session: Session) =>
    setRefreshCookie(request, reply, session.refreshToken, refreshCookie);

  return async (app) => {
    app.post(
      '/auth/register',
      {
        config: { public: true },
        schema: {
          tags: ['auth'],
          summary: 'Create an account',
          body: RegisterBodySchema,
          response: { 201: AuthResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const session = await authService.register(request.body, request.ip);
        setCookie(request, reply, session);
        return reply.status(201).send(session.response);
      },
    );

    app.post(
      '/auth/login',
      {
        config: { public: true },
        schema: {
          tags: ['auth'],
          summary: 'Sign in with e-mail and password',
          body: LoginBodySchema,
          response: { 200: AuthResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const session = await authService.login(request.body, request.ip);
        setCookie(request, reply, session);
        return session.response;
      },
    );

    app.post(
      '/auth/refresh',
      {
        config: { public: true },
        schema: {
          tags: ['auth'],
          summary: 'Trade a refresh token (body or cookie) for a new pair',
          body: RefreshBodySchema.nullish(),
          response: { 200: AuthResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const token = request.body?.refresh_token ?? request.cookies[REFRESH_COOKIE];
        if (!token) throw new AppError('token_invalid', 'No refresh token was sent.');
        try {
          const session = await authService.refresh(token);
          setCookie(request, reply, session);
          return session.response;
        } catch (error) {
          if (error instanceof AppError && error.status === 401) clearRefreshCookie(reply);
          throw error;
        }
      },
    );

    app.post(
      '/auth/logout',
      {
        onRequest: requireAuth,
        schema: { tags: ['auth'], summary: 'End this session', response: { 200: OkResponseSchema, 401: ErrorBodySchema } },
      },
      async (request, reply) => {
        await authService.logout(callerOf(request).familyId);
        clearRefreshCookie(reply);
        return { status: 'ok' as const };
      },
    );

    app.post(
      '/auth/logout-all',
      {
        onRequest: requireAuth,
        schema: { tags: ['auth'], summary: 'End every session', response: { 200: OkResponseSchema, 401: ErrorBodySchema } },
      },
      async (request, reply) => {
        await authService.logoutAll(callerOf(request).userId);
        clearRefreshCookie(reply);
        return { status: 'ok' as const };
      },
    );

    app.post(
      '/auth/password/change',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['auth'],
          summary: 'Change the password; other sessions end',
          body: ChangePasswordBodySchema,
          response: { 200: OkResponseSchema, ...errors },
        },
      },
      async (request) => {
        await authService.changePassword(callerOf(request), request.body, request.ip);
        return { status: 'ok' as const };
      },
    );

    app.post(
      '/auth/password-reset/request',
      {
        config: { public: true },
        schema: {
          tags: ['auth'],
          summary: 'E-mail a reset link (same answer whether or not the account exists)',
          description:
            'One e-mail per address per minute: a request inside that window answers 429 with Retry-After and sends nothing.',
          body: RequestPasswordResetBodySchema,
          response: { 202: RequestPasswordResetResponseSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const { resendAfterSeconds } = await authService.requestPasswordReset(request.body.email, request.ip);
        return reply.status(202).send({
          status: 'accepted' as const,
          detail: 'If an account exists for this address, we have sent it a link to reset the password.',
          resend_after_seconds: resendAfterSeconds,
        });
      },
    );

    app.post(
      '/auth/password-reset/confirm',
      {
        config: { public: true },
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with the e-mailed token; every session ends',
          body: ConfirmPasswordResetBodySchema,
          response: { 200: OkResponseSchema, ...errors },
        },
      },
      async (request) => {
        await authService.confirmPasswordReset(request.body, request.ip);
        return { status: 'ok' as const };
      },
    );
  };
}
