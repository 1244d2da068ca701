import { Writable } from 'node:stream';
import { ErrorBodySchema } from '@parla/shared/errors';
import { sql } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testEnv } from '../test/build-test-app';
import { newAccount, registerUser, resetTokenFrom, waitForOutbox } from '../test/factories';
import { loggerOptions } from './logger';

// Everything the server logs, as the text an operator (or whoever reads the log store) sees.
const logText: string[] = [];
const logger = pino(
  loggerOptions({ level: 'debug' }),
  new Writable({
    write(chunk, _encoding, done) {
      logText.push(String(chunk));
      done();
    },
  }),
);
const log = () => logText.join('');
const logLines = () =>
  log()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

// A real OpenID Connect provider on localhost, as in oauth.routes.test.ts.
const provider = new OAuth2Server();
let ctx: TestApp;
beforeAll(async () => {
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  ctx = await buildTestApp({
    logger,
    env: testEnv({
      LOG_LEVEL: 'debug',
      GOOGLE_CLIENT_ID: 'parla-google',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_ISSUER: String(provider.issuer.url),
    }),
  });
});
afterAll(async () => {
  await ctx.close();
  await provider.stop();
});

let ipCounter = 0;
const freshIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const cookieValue = (setCookie: string | string[] | undefined, name: string) =>
  ([] as string[])
    .concat(setCookie ?? [])
    .map((cookie) => new RegExp(`^${name}=([^;]*)`).exec(cookie)?.[1])
    .find((value) => value !== undefined && value !== '');

describe('the request log', () => {
  it('logs the path and query names of a reset link, never the token, in the query or the body', async () => {
    const account = await registerUser(ctx.app);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/request',
      payload: { email: account.email },
      remoteAddress: freshIp(),
    });
    const message = (await waitForOutbox(ctx.env.DATA_DIR, 1)).filter((item) => item.to === account.email).at(-1);
    const token = resetTokenFrom(String(message?.text));
    // The outbox mailer says that it wrote a message, not what the message says.
    expect(logLines().some((line) => line.msg === 'e-mail written to the outbox (no SMTP_URL set)')).toBe(true);

    // The link as the browser opens it (the web app's page), then the confirmation carrying the
    // token both in the query and in the body.
    await ctx.app.inject({ method: 'GET', url: `/reset-password?token=${encodeURIComponent(token)}`, remoteAddress: freshIp() });
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/auth/password-reset/confirm?token=${encodeURIComponent(token)}&lang=en`,
      headers: { 'x-request-id': 'reset-confirm-1' },
      payload: { token, password: 'copper-lantern-19' },
      remoteAddress: freshIp(),
    });
    expect(confirmed.statusCode).toBe(200);

    expect(log()).not.toContain(token);
    expect(log()).not.toContain(encodeURIComponent(token));
    expect(log()).not.toContain('copper-lantern-19');
    // Still useful: which route, with which query parameters.
    expect(logLines().find((line) => line.request_id === 'reset-confirm-1')).toMatchObject({
      url: '/api/v1/auth/password-reset/confirm?token=[redacted]&lang=[redacted]',
      status: 200,
    });
  });

  it('never logs the code and state of an OAuth callback, whether the sign-in works or fails', async () => {
    provider.service.on('beforeTokenSigning', (token) =>
      Object.assign(token.payload, { sub: 'google-log-1', email: 'log-reader@example.com', email_verified: true }),
    );
    const secrets: string[] = [];
    for (const tamper of [false, true]) {
      const start = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/google/start', remoteAddress: freshIp() });
      const stateCookie = cookieValue(start.headers['set-cookie'], 'parla_oauth_state');
      const approved = await fetch(String(start.headers.location), { redirect: 'manual' });
      const callback = new URL(String(approved.headers.get('location')));
      const code = String(callback.searchParams.get('code'));
      const state = String(callback.searchParams.get('state'));
      // A code the provider never issued: it refuses the exchange, and the failure is logged.
      if (tamper) callback.searchParams.set('code', `${code}x`);
      secrets.push(code, state, String(callback.searchParams.get('code')));
      const finish = await ctx.app.inject({
        method: 'GET',
        url: `${callback.pathname}${callback.search}`,
        headers: { cookie: `parla_oauth_state=${stateCookie}` },
      });
      expect(finish.statusCode).toBe(302);
      expect(String(finish.headers.location)).toContain(tamper ? 'oauth_error=oauth_failed' : 'oauth=success');
    }
    expect(logLines().some((line) => line.msg === 'social sign-in failed at the provider')).toBe(true);
    expect(logLines().some((line) => line.url === '/api/v1/auth/oauth/google/callback?code=[redacted]&state=[redacted]')).toBe(
      true,
    );
    for (const secret of secrets) expect(log()).not.toContain(secret);
  });
});

describe('the error log', () => {
  it('never logs the values a failed statement was run with', async () => {
    // Rules only this test's database has, so that one insert of each kind fails in PostgreSQL.
    await ctx.database.handle.db.execute(sql`alter table users add constraint canary_name check (full_name <> 'Canary Crow')`);
    await ctx.database.handle.db.execute(
      sql`alter table contact_messages add constraint canary_message check (message not like '%canary-quill%')`,
    );

    const account = newAccount({ username: 'canary-crow@example.com', full_name: 'Canary Crow', password: 'amber-falcon-77' });
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: account,
      remoteAddress: freshIp(),
    });
    const contacted = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: { name: 'Cora Canary', email: 'cora-canary@example.com', message: 'Hello canary-quill 5521' },
      remoteAddress: freshIp(),
    });
    for (const response of [registered, contacted]) {
      expect(response.statusCode).toBe(500);
      expect(ErrorBodySchema.parse(response.json()).code).toBe('internal_error');
    }

    // The failures are logged, with what an operator needs: the constraint broken.
    const failures = logLines().filter((line) => line.msg === 'request failed');
    expect(failures).toHaveLength(2);
    expect(JSON.stringify(failures)).toContain('canary_name');
    expect(JSON.stringify(failures)).toContain('canary_message');
    for (const value of [
      'canary-crow@example.com',
      'Canary Crow',
      'amber-falcon-77',
      '$argon2',
      'Cora Canary',
      'cora-canary@example.com',
      'canary-quill 5521',
    ]) {
      expect(log()).not.toContain(value);
    }
  });
});
