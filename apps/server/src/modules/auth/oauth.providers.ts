import type { SocialProvider } from '@parla/shared/auth.schema';
import * as client from 'openid-client';
import type { Env } from '../../config/env';

export interface ProviderIdentity {
  subject: string;
  /** Only an address the provider says is verified. */
  email: string | undefined;
  name: string | undefined;
}

export interface OAuthProvider {
  id: SocialProvider;
  name: string;
  scope: string;
  /** OpenID Connect providers return an ID token with a nonce; plain OAuth 2.0 ones do not. */
  oidc: boolean;
  configuration(): Promise<client.Configuration>;
  identify(
    config: client.Configuration,
    tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>,
  ): Promise<ProviderIdentity>;
}

// Plain http is only ever a local test or development provider; real ones are https.
const insecureIfHttp = (url: string) => (url.startsWith('http://') ? [client.allowInsecureRequests] : []);

/** Caches the discovered configuration, but forgets a failure so the next sign-in retries. */
function memoise<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

function google(env: Env, clientId: string, clientSecret: string): OAuthProvider {
  return {
    id: 'google',
    name: 'Google',
    scope: 'openid email profile',
    oidc: true,
    configuration: memoise(() =>
      client.discovery(new URL(env.GOOGLE_ISSUER), clientId, clientSecret, undefined, {
        execute: insecureIfHttp(env.GOOGLE_ISSUER),
      }),
    ),
    async identify(_config, tokens) {
      const claims = tokens.claims();
      if (!claims) throw new Error('Google returned no ID token');
      return {
        subject: claims.sub,
        email: claims.email_verified === true && typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined,
        name: typeof claims.name === 'string' ? claims.name : undefined,
      };
    },
  };
}

function github(env: Env, clientId: string, clientSecret: string): OAuthProvider {
  const api = env.GITHUB_API_URL.replace(/\/$/, '');
  const getJson = async (path: string, accessToken: string) => {
    const response = await fetch(`${api}${path}`, {
      headers: { Accept: 'application/vnd.github+json', Authorization: `Bearer ${accessToken}`, 'User-Agent': 'Parla' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`GitHub API ${path} answered ${response.status}`);
    return response.json() as Promise<unknown>;
  };
  return {
    id: 'github',
    name: 'GitHub',
    scope: 'read:user user:email',
    oidc: false,
    configuration: memoise(async () => {
      const config = new client.Configuration(
        { issuer: 'https://github.com', authorization_endpoint: env.GITHUB_AUTHORIZE_URL, token_endpoint: env.GITHUB_TOKEN_URL },
        clientId,
        clientSecret,
      );
      if (env.GITHUB_TOKEN_URL.startsWith('http://')) client.allowInsecureRequests(config);
      return config;
    }),
    async identify(_config, tokens) {
      const user = (await getJson('/user', tokens.access_token)) as { id?: unknown; name?: unknown };
      if (typeof user.id !== 'number' && typeof user.id !== 'string') throw new Error('GitHub returned no user id');
      const emails = (await getJson('/user/emails', tokens.access_token)) as {
        email?: unknown;
        primary?: unknown;
        verified?: unknown;
      }[];
      const primary = Array.isArray(emails)
        ? emails.find((entry) => entry.primary === true && entry.verified === true)
        : undefined;
      return {
        subject: String(user.id),
        email: typeof primary?.email === 'string' ? primary.email.toLowerCase() : undefined,
        name: typeof user.name === 'string' ? user.name : undefined,
      };
    },
  };
}

/** The providers this installation has credentials for, in a stable order. */
export function configuredProviders(env: Env): OAuthProvider[] {
  const providers: OAuthProvider[] = [];
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET)
    providers.push(google(env, env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET));
  if (env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET)
    providers.push(github(env, env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET));
  return providers;
}
