import type { SocialProvider } from '@parla/shared/auth.schema';
import { AppError } from '@parla/shared/errors';
import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import type { Clock } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/crypto';
import type { LearnersService } from '../learners/learners.service';
import type { AuthRepository } from './auth.repository';
import type { AuthService, Session } from './auth.service';
import type { OAuthProvider } from './oauth.providers';

const STATE_TTL_SECONDS = 10 * 60;

/** Ends a sign-in attempt with a reason the web app can show (it lands on /login?oauth_error=…). */
export class OAuthSignInError extends Error {
  constructor(readonly reason: 'account_exists' | 'access_denied' | 'email_missing' | 'oauth_failed') {
    super(reason);
  }
}

export function createOAuthService({
  providers,
  repo,
  learners,
  authService,
  clock,
  logger,
  callbackUrl,
}: {
  providers: OAuthProvider[];
  repo: AuthRepository;
  learners: LearnersService;
  authService: AuthService;
  clock: Clock;
  logger: FastifyBaseLogger;
  callbackUrl: (provider: SocialProvider) => string;
}) {
  function providerOf(id: string): OAuthProvider {
    const provider = providers.find((candidate) => candidate.id === id);
    if (!provider) throw new AppError('provider_not_configured', 'This sign-in provider is not set up on this server.');
    return provider;
  }

  return {
    list: () =>
      providers.map((provider) => ({
        id: provider.id,
        name: provider.name,
        start_url: `/api/v1/auth/oauth/${provider.id}/start`,
      })),

    /** Authorization-code flow with PKCE: remember the verifier, nonce and a one-time state. */
    async start(providerId: string): Promise<{ redirectTo: string; state: string }> {
      const provider = providerOf(providerId);
      const config = await provider.configuration();
      const state = randomToken();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      await repo.insertOauthState(
        {
          stateHash: sha256(state),
          provider: provider.id,
          codeVerifier,
          nonce,
          expiresAt: new Date(clock.now().getTime() + STATE_TTL_SECONDS * 1000),
        },
        clock.now(),
      );
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: callbackUrl(provider.id),
        scope: provider.scope,
        state,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        ...(provider.oidc ? { nonce } : {}),
      });
      return { redirectTo: url.href, state };
    },

    async finish(providerId: string, callback: URL, stateCookie: string | undefined): Promise<Session> {
      const provider = providerOf(providerId);
      const state = callback.searchParams.get('state') ?? '';
      // The state must be the one this browser started with, and is good for one use only.
      const stored = state ? await repo.takeOauthState(sha256(state), clock.now()) : undefined;
      if (!stored || stored.provider !== provider.id || !stateCookie || stateCookie !== state) {
        throw new AppError('oauth_state_invalid', 'This sign-in link is not valid any more. Please start again.');
      }
      if (callback.searchParams.get('error') === 'access_denied') throw new OAuthSignInError('access_denied');

      let identity: Awaited<ReturnType<OAuthProvider['identify']>>;
      try {
        const config = await provider.configuration();
        const tokens = await client.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: stored.codeVerifier,
          expectedState: state,
          ...(provider.oidc ? { expectedNonce: stored.nonce, idTokenExpected: true } : {}),
        });
        identity = await provider.identify(config, tokens);
      } catch (error) {
        logger.warn({ err: error, provider: provider.id }, 'social sign-in failed at the provider');
        throw new OAuthSignInError('oauth_failed');
      }

      const known = await repo.findIdentity(provider.id, identity.subject);
      if (known) {
        const { user, profile } = await learners.requireLearner(known.userId);
        return repo.transaction((tx) => authService.startSession(tx, user, profile));
      }
      if (!identity.email) throw new OAuthSignInError('email_missing');
      // Never attach a social identity to an existing account just because the e-mail matches.
      if (await repo.findUserByEmail(identity.email)) throw new OAuthSignInError('account_exists');

      const email = identity.email;
      return repo.transaction(async (tx) => {
        const created = await repo.createUser(
          tx,
          { email, fullName: identity.name ?? email.split('@')[0] ?? email, passwordHash: null },
          {},
        );
        if (!created) throw new OAuthSignInError('account_exists');
        await repo.insertIdentity(tx, { provider: provider.id, subject: identity.subject, userId: created.user.id, email });
        return authService.startSession(tx, created.user, created.profile);
      });
    },
  };
}

export type OAuthService = ReturnType<typeof createOAuthService>;
