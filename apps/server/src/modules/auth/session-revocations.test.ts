import { rmSync } from 'node:fs';
import type { AuthResponse } from '@parla/shared/auth.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testClock, testEnv } from '../../test/build-test-app';
import { registerUser } from '../../test/factories';

// Two replicas on one database: what one ends, the other must stop honouring too.
const clock = testClock('2026-11-21T10:00:00Z');
let ctx: TestApp;
let replica: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp({ clock });
  replica = await buildTestApp({ clock, database: ctx.database, env: testEnv({ SESSION_REVOCATION_POLL_MS: '100' }) });
});
afterAll(async () => {
  await replica.app.close();
  rmSync(replica.env.DATA_DIR, { recursive: true, force: true });
  await ctx.close();
});

let ipCounter = 0;
const freshIp = () => `10.70.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const post = (app: TestApp, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers, remoteAddress: freshIp() });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (app: TestApp, token: string) => app.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: bearer(token) });

async function twoSessions() {
  const account = await registerUser(ctx.app);
  const other = (await post(ctx, '/auth/login', { username: account.email, password: account.password })).json<AuthResponse>();
  // Each replica has verified (and remembered) both access tokens before anything ends.
  for (const app of [ctx, replica])
    for (const token of [account.auth.access_token, other.access_token]) expect((await me(app, token)).statusCode).toBe(200);
  return { account, first: account.auth, other };
}

describe('access tokens end with their session', () => {
  it('signing out everywhere stops every access token at once, here and on the other replica', async () => {
    const { first, other } = await twoSessions();
    expect((await post(ctx, '/auth/logout-all', undefined, bearer(first.access_token))).statusCode).toBe(200);
    for (const token of [first.access_token, other.access_token]) {
      const refused = await me(ctx, token);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ detail: 'This session has ended. Please sign in again.', code: 'token_invalid' });
      await expect.poll(async () => (await me(replica, token)).statusCode).toBe(401);
    }
  });

  it('signing out stops that session’s access token only', async () => {
    const { first, other } = await twoSessions();
    expect((await post(replica, '/auth/logout', undefined, bearer(first.access_token))).statusCode).toBe(200);
    expect((await me(replica, first.access_token)).statusCode).toBe(401);
    await expect.poll(async () => (await me(ctx, first.access_token)).statusCode).toBe(401);
    expect((await me(ctx, other.access_token)).statusCode).toBe(200);
    expect((await me(replica, other.access_token)).statusCode).toBe(200);
  });

  it('a password change stops the other sessions and keeps the one that changed it', async () => {
    const { account, first, other } = await twoSessions();
    const changed = await post(
      ctx,
      '/auth/password/change',
      { current_password: account.password, new_password: 'granite-meadow-77' },
      bearer(first.access_token),
    );
    expect(changed.statusCode).toBe(200);
    expect((await me(ctx, other.access_token)).statusCode).toBe(401);
    await expect.poll(async () => (await me(replica, other.access_token)).statusCode).toBe(401);
    expect((await me(ctx, first.access_token)).statusCode).toBe(200);
    expect((await me(replica, first.access_token)).statusCode).toBe(200);
  });

  it('a reused refresh token stops the access tokens of its whole family', async () => {
    const { first, other } = await twoSessions();
    const rotated = (await post(ctx, '/auth/refresh', { refresh_token: first.refresh_token })).json<AuthResponse>();
    expect((await me(ctx, rotated.access_token)).statusCode).toBe(200);
    clock.set(new Date(clock.now().getTime() + 30_000).toISOString());
    const reuse = await post(ctx, '/auth/refresh', { refresh_token: first.refresh_token });
    expect(reuse.json()).toMatchObject({ code: 'refresh_token_reused' });
    for (const token of [first.access_token, rotated.access_token]) {
      expect((await me(ctx, token)).statusCode).toBe(401);
      await expect.poll(async () => (await me(replica, token)).statusCode).toBe(401);
    }
    expect((await me(ctx, other.access_token)).statusCode).toBe(200);
  });

  it('a replica started after the sign-out knows of it from the start', async () => {
    const { first } = await twoSessions();
    expect((await post(ctx, '/auth/logout-all', undefined, bearer(first.access_token))).statusCode).toBe(200);
    const late = await buildTestApp({ clock, database: ctx.database });
    try {
      expect((await me(late, first.access_token)).statusCode).toBe(401);
    } finally {
      await late.app.close();
      rmSync(late.env.DATA_DIR, { recursive: true, force: true });
    }
  });
});
