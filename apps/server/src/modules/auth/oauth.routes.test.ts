import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuthResponse } from '@parla/shared/auth.schema';
import { ErrorBodySchema } from '@parla/shared/errors';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEnv } from '../../test/build-test-app';
import { registerUser } from '../../test/factories';

// A real OAuth 2.0 / OpenID Connect server on localhost (oauth2-mock-server): it checks PKCE,
// returns the nonce and signs ID tokens with its own keys.
const provider = new OAuth2Server();
// GitHub's REST API is not OAuth: a tiny stand-in answers /user and /user/emails.
let githubUser = { id: 4242, name: 'Octo Cat', email: 'octo@example.com', verified: true };
const githubApi = http.createServer((request, response) => {
  if (!request.headers.authorization?.startsWith('Bearer ')) {
    response.writeHead(401).end();
    return;
  }
  response.setHeader('Content-Type', 'application/json');
  if (request.url === '/user')
    response.end(JSON.stringify({ id: githubUser.id, login: 'octocat', name: githubUser.name, email: null }));
  else if (request.url === '/user/emails')
    response.end(JSON.stringify([{ email: githubUser.email, primary: true, verified: githubUser.verified }]));
  else response.writeHead(404).end();
});

let ctx: TestApp;
beforeAll(async () => {
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  await new Promise<void>((resolve) => githubApi.listen(0, '127.0.0.1', resolve));
  const issuer = String(provider.issuer.url);
  ctx = await buildTestApp({
    env: testEnv({
      GOOGLE_CLIENT_ID: 'parla-google',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_ISSUER: issuer,
      GITHUB_CLIENT_ID: 'parla-github',
      GITHUB_CLIENT_SECRET: 'github-secret',
      GITHUB_AUTHORIZE_URL: `${issuer}/authorize`,
      GITHUB_TOKEN_URL: `${issuer}/token`,
      GITHUB_API_URL: `http://127.0.0.1:${(githubApi.address() as AddressInfo).port}`,
    }),
  });
});
afterAll(async () => {
  await ctx.close();
  await provider.stop();
  githubApi.close();
});
afterEach(() => {
  provider.service.removeAllListeners();
});

/** Google's ID token for this sign-in will carry these claims. */
function googleSignsInAs(claims: Record<string, unknown>) {
  provider.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claims));
}
function actLikeGitHub() {
  provider.service.on('beforeResponse', (response) => {
    delete (response.body as Record<string, unknown>).id_token;
  });
}

const cookieValue = (setCookie: string | string[] | undefined, name: string) =>
  ([] as string[])
    .concat(setCookie ?? [])
    .map((cookie) => new RegExp(`^${name}=([^;]*)`).exec(cookie)?.[1])
    .find((value) => value !== undefined && value !== '');

/** Start → provider's authorize page (which approves at once) → back to our callback. */
async function signInWith(name: 'google' | 'github') {
  const start = await ctx.app.inject({ method: 'GET', url: `/api/v1/auth/oauth/${name}/start` });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(String(start.headers.location));
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
  const stateCookie = cookieValue(start.headers['set-cookie'], 'parla_oauth_state');
  const approved = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(String(approved.headers.get('location')));
  expect(callback.pathname).toBe(`/api/v1/auth/oauth/${name}/callback`);
  const path = `${callback.pathname}${callback.search}`;
  const finish = () => ctx.app.inject({ method: 'GET', url: path, headers: { cookie: `parla_oauth_state=${stateCookie}` } });
  return { finish, path, stateCookie };
}

async function sessionFrom(response: { headers: Record<string, string | string[] | number | undefined> }) {
  const refresh = cookieValue(response.headers['set-cookie'] as string[], 'parla_refresh');
  expect(refresh).toBeDefined();
  const refreshed = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh',
    headers: { cookie: `parla_refresh=${refresh}` },
  });
  expect(refreshed.statusCode).toBe(200);
  return refreshed.json<AuthResponse>();
}

describe('GET /auth/providers', () => {
  it('lists the configured providers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    expect(response.json()).toEqual({
      providers: [
        { id: 'google', name: 'Google', start_url: '/api/v1/auth/oauth/google/start' },
        { id: 'github', name: 'GitHub', start_url: '/api/v1/auth/oauth/github/start' },
      ],
    });
  });

  it('lists none, and refuses to start, when nothing is configured', async () => {
    const bare = await buildTestApp();
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/api/v1/auth/providers' })).json()).toEqual({ providers: [] });
      const start = await bare.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/google/start' });
      expect(start.statusCode).toBe(404);
      expect(ErrorBodySchema.parse(start.json()).code).toBe('provider_not_configured');
    } finally {
      await bare.close();
    }
  });
});

describe('Google (OpenID Connect)', () => {
  it('creates an account on first sign-in and finds it again by (provider, subject)', async () => {
    googleSignsInAs({ sub: 'google-subject-1', email: 'Maria@Example.com', email_verified: true, name: 'María López' });
    const first = await (await signInWith('google')).finish();
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('http://parla.test/login?oauth=success');
    const session = await sessionFrom(first);
    expect(session.user).toMatchObject({ email: 'maria@example.com', full_name: 'María López' });

    // The same subject later, even with a changed e-mail, is the same learner.
    googleSignsInAs({ sub: 'google-subject-1', email: 'maria.new@example.com', email_verified: true });
    const again = await sessionFrom(await (await signInWith('google')).finish());
    expect(again.user.id).toBe(session.user.id);
  });

  it('never merges into an existing password account with the same e-mail', async () => {
    const account = await registerUser(ctx.app);
    googleSignsInAs({ sub: 'google-subject-2', email: account.email, email_verified: true });
    const response = await (await signInWith('google')).finish();
    expect(response.headers.location).toBe('http://parla.test/login?oauth_error=account_exists');
    expect(cookieValue(response.headers['set-cookie'] as string[], 'parla_refresh')).toBeUndefined();
  });

  it('refuses an unverified e-mail address', async () => {
    googleSignsInAs({ sub: 'google-subject-3', email: 'unverified@example.com', email_verified: false });
    const response = await (await signInWith('google')).finish();
    expect(response.headers.location).toBe('http://parla.test/login?oauth_error=email_missing');
  });

  it('answers 400 to a replayed state, a state from another browser and a made-up one', async () => {
    googleSignsInAs({ sub: 'google-subject-4', email: 'replay@example.com', email_verified: true });
    const flow = await signInWith('google');
    expect((await flow.finish()).statusCode).toBe(302);
    const replay = await flow.finish();
    expect(replay.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(replay.json()).code).toBe('oauth_state_invalid');

    const other = await signInWith('google');
    const wrongBrowser = await ctx.app.inject({
      method: 'GET',
      url: other.path,
      headers: { cookie: 'parla_oauth_state=someone-elses' },
    });
    expect(wrongBrowser.statusCode).toBe(400);
    const noCookie = await ctx.app.inject({ method: 'GET', url: other.path });
    expect(noCookie.statusCode).toBe(400);
    const madeUp = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/oauth/google/callback?code=abc&state=made-up',
      headers: { cookie: 'parla_oauth_state=made-up' },
    });
    expect(madeUp.statusCode).toBe(400);
  });

  it('sends the learner back with a reason when the provider fails', async () => {
    provider.service.once('beforeResponse', (response) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant' };
    });
    const response = await (await signInWith('google')).finish();
    expect(response.headers.location).toBe('http://parla.test/login?oauth_error=oauth_failed');
  });
});

describe('GitHub (OAuth 2.0)', () => {
  it('signs in with the verified primary e-mail and the numeric id as subject', async () => {
    actLikeGitHub();
    githubUser = { id: 4242, name: 'Octo Cat', email: 'octo@example.com', verified: true };
    const session = await sessionFrom(await (await signInWith('github')).finish());
    expect(session.user).toMatchObject({ email: 'octo@example.com', full_name: 'Octo Cat' });

    githubUser = { ...githubUser, email: 'octo.renamed@example.com' };
    const again = await sessionFrom(await (await signInWith('github')).finish());
    expect(again.user.id).toBe(session.user.id);
  });

  it('is a separate identity from Google even for the same person', async () => {
    actLikeGitHub();
    githubUser = { id: 777, name: 'Same Person', email: 'maria@example.com', verified: true };
    const response = await (await signInWith('github')).finish();
    expect(response.headers.location).toBe('http://parla.test/login?oauth_error=account_exists');
  });
});
