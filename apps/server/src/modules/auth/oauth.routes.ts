import { GetProvidersResponseSchema } from '@parla/shared/auth.schema';
import { ErrorBodySchema } from '@parla/shared/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Limit, RateLimiter } from '../../lib/rate-limit';
import { routeLimit } from '../../plugins/rate-limit';
import { type OAuthService, OAuthSignInError } from './oauth.service';
import { type RefreshCookieSettings, setRefreshCookie } from './refresh-cookie';

const STATE_COOKIE = 'parla_oauth_state';
const STATE_COOKIE_PATH = '/api/v1/auth/oauth';
const ProviderParamsSchema = z.object({ provider: z.string().max(32) });

/** Each start stores a state until it is used or expires: a few tries per person, not a flood. */
export const OAUTH_STARTS_PER_IP: Limit = { limit: 20, windowSeconds: 10 * 60 };

export function oauthRoutes({
  oauthService,
  publicUrl,
  refreshCookie,
  limiter,
}: {
  oauthService: OAuthService;
  publicUrl: string;
  refreshCookie: RefreshCookieSettings;
  limiter: RateLimiter;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/auth/providers',
      {
        config: { public: true },
        schema: {
          tags: ['auth'],
          summary: 'Social sign-in providers configured on this server',
          response: { 200: GetProvidersResponseSchema },
        },
      },
      async () => ({ providers: oauthService.list() }),
    );

    app.get(
      '/auth/oauth/:provider/start',
      {
        config: { public: true },
        schema: {
          tags: ['auth'],
          summary: 'Begin social sign-in (redirects to the provider)',
          params: ProviderParamsSchema,
          response: { 302: z.null(), 404: ErrorBodySchema, 429: ErrorBodySchema },
        },
        preHandler: routeLimit(limiter, 'oauth-start:ip', OAUTH_STARTS_PER_IP, (request) => request.ip),
      },
      async (request, reply) => {
        const { redirectTo, state } = await oauthService.start(request.params.provider);
        // Lax, not Strict: the provider's redirect back is a cross-site navigation.
        reply.setCookie(STATE_COOKIE, state, {
          httpOnly: true,
          sameSite: 'lax',
          secure: request.protocol === 'https',
          path: STATE_COOKIE_PATH,
          maxAge: 10 * 60,
        });
        return reply.redirect(redirectTo, 302);
      },
    );

    app.get(
      '/auth/oauth/:provider/callback',
      {
        config: { public: true },
        schema: {
          tags: ['auth'],
          summary: 'Where the provider sends the learner back; signs in and redirects to the app',
          params: ProviderParamsSchema,
          response: { 302: z.null(), 400: ErrorBodySchema, 404: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const callback = new URL(request.url, publicUrl);
        reply.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH });
        try {
          const session = await oauthService.finish(request.params.provider, callback, request.cookies[STATE_COOKIE]);
          setRefreshCookie(request, reply, session.refreshToken, refreshCookie);
          return reply.redirect(`${publicUrl}/login?oauth=success`, 302);
        } catch (error) {
          // Expected endings go back to the sign-in page with a reason; a forged state is a 400.
          if (error instanceof OAuthSignInError) return reply.redirect(`${publicUrl}/login?oauth_error=${error.reason}`, 302);
          throw error;
        }
      },
    );
  };
}
