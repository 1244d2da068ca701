import { Writable } from 'node:stream';
import type { AuthResponse } from '@parla/shared/auth.schema';
import { ErrorBodySchema } from '@parla/shared/errors';
import { SignJWT } from 'jose';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_JWT_SECRET, type TestApp, testClock, testEnv } from '../../test/build-test-app';
import { newAccount, readOutbox, registerUser, resetTokenFrom, waitForOutbox } from '../../test/factories';

const clock = testClock('2026-11-21T10:00:00Z');
const logLines: string[] = [];
const logger = pino(
  { level: 'debug' },
  new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  }),
);

let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp({ clock, logger });
});
afterAll(() => ctx.close());

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}, remoteAddress = '10.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers, remoteAddress });
const me = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/v1/users/me', headers });
const errorOf = (response: { json(): unknown }) => ErrorBodySchema.parse(response.json());
let ipCounter = 0;
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe('POST /auth/register', () => {
  it('creates the account and signs the learner in', async () => {
    const body = newAccount({
      username: '  New.Learner@Example.COM ',
      native_language: 'de',
      learning_goal: 'travel',
      learning_style: 'visual',
    });
    const response = await post('/auth/register', body, {}, freshIp());
    expect(response.statusCode).toBe(201);
    const auth = response.json<AuthResponse>();
    expect(auth).toMatchObject({ token_type: 'bearer', expires_in: 900 });
    expect(auth.user).toMatchObject({
      username: 'new.learner@example.com',
      email: 'new.learner@example.com',
      full_name: 'Ana García',
      native_language: 'de',
      learning_goal: 'travel',
      learning_style: 'visual',
      proficiency_level: 'beginner',
    });
    expect(auth.refresh_token).toMatch(/^[\w-]{43}$/);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^parla_refresh=/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/api/v1/auth');
    expect((await me({ authorization: `Bearer ${auth.access_token}` })).statusCode).toBe(200);
  });

  it('refuses an e-mail that is taken, whatever its case', async () => {
    const first = await registerUser(ctx.app);
    const again = await post('/auth/register', newAccount({ username: first.email.toUpperCase() }), {}, freshIp());
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('email_taken');
  });

  it.each([
    ['a missing e-mail', { username: undefined }, 'body.username'],
    ['an e-mail without @', { username: 'learner.example.com' }, 'body.username'],
    ['a missing password', { password: undefined }, 'body.password'],
    ['a 5-character password', { password: 'abcde' }, 'body.password'],
    ['five emoji (ten UTF-16 units)', { password: '🙂🙂🙂🙂🙂' }, 'body.password'],
    ['a blank full name', { full_name: '   ' }, 'body.full_name'],
    ['an unknown native language', { native_language: 'tlh' }, 'body.native_language'],
    ['an unknown field', { is_admin: true }, 'body'],
  ])('answers 400 for %s and creates nothing', async (_case, change, path) => {
    const body = { ...newAccount(), ...change };
    const response = await post('/auth/register', body, {}, freshIp());
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('validation_error');
    expect(error.errors?.map((item) => item.path)).toContain(path);
    if (typeof body.username === 'string' && body.username.includes('@')) {
      const login = await post('/auth/login', { username: body.username, password: 'violet-harbour-42' }, {}, freshIp());
      expect(login.statusCode).toBe(401);
    }
  });

  it('counts password length in characters, not UTF-16 units', async () => {
    const response = await post('/auth/register', newAccount({ password: '🙂🌍🎈🚲🍋🎵' }), {}, freshIp());
    expect(response.statusCode).toBe(201);
  });

  it('refuses one of the most common passwords', async () => {
    const response = await post('/auth/register', newAccount({ password: 'Password1' }), {}, freshIp());
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toMatchObject({ code: 'password_too_common', errors: [{ path: 'body.password' }] });
  });

  it('lets a classroom of 30 sign up from one address in an hour; the 31st gets 429 with Retry-After', async () => {
    const ip = freshIp();
    const classroom = await Promise.all(Array.from({ length: 30 }, () => post('/auth/register', newAccount(), {}, ip)));
    expect(classroom.map((response) => response.statusCode)).toEqual(Array(30).fill(201));
    const blocked = await post('/auth/register', newAccount(), {}, ip);
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).code).toBe('rate_limited');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  });

  it('still makes one account per e-mail, however many addresses try', async () => {
    const body = newAccount();
    const responses = await Promise.all(Array.from({ length: 5 }, () => post('/auth/register', body, {}, freshIp())));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
  });
});

describe('POST /auth/login', () => {
  it('signs in with the right password, e-mail in any case', async () => {
    const account = await registerUser(ctx.app);
    const response = await post(
      '/auth/login',
      { username: ` ${account.email.toUpperCase()} `, password: account.password },
      {},
      freshIp(),
    );
    expect(response.statusCode).toBe(200);
    const auth = response.json<AuthResponse>();
    expect(auth.user.email).toBe(account.email);
    expect(auth.access_token).not.toBe(account.auth.access_token);
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const account = await registerUser(ctx.app);
    const wrongPassword = await post('/auth/login', { username: account.email, password: 'not-the-password' }, {}, freshIp());
    const unknownEmail = await post(
      '/auth/login',
      { username: 'nobody-here@example.com', password: 'not-the-password' },
      {},
      freshIp(),
    );
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json()).toEqual({ detail: 'Invalid email or password.', code: 'invalid_credentials' });
  });

  it('answers 400 for a malformed sign-in', async () => {
    const response = await post('/auth/login', { username: 'no-at-sign', password: '' }, {}, freshIp());
    expect(response.statusCode).toBe(400);
    expect(
      errorOf(response)
        .errors?.map((item) => item.path)
        .sort(),
    ).toEqual(['body.password', 'body.username']);
  });

  it('throttles one address after 5 failures at an account, while the learner still signs in from elsewhere', async () => {
    const account = await registerUser(ctx.app);
    const attacker = freshIp();
    for (let i = 0; i < 5; i++) {
      const failed = await post('/auth/login', { username: account.email, password: `wrong-${i}` }, {}, attacker);
      expect(failed.statusCode).toBe(401);
    }
    const blocked = await post('/auth/login', { username: account.email, password: account.password }, {}, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

    const owner = await post('/auth/login', { username: account.email, password: account.password }, {}, freshIp());
    expect(owner.statusCode).toBe(200);

    clock.set(new Date(clock.now().getTime() + 16 * 60_000).toISOString());
    const later = await post('/auth/login', { username: account.email, password: account.password }, {}, attacker);
    expect(later.statusCode).toBe(200);
  });

  // 200 password checks, each a deliberately slow argon2 hash: a generous time limit for a busy machine.
  it('locks an account for everyone after 100 failures from rotating addresses; a success ends the run', async () => {
    const account = await registerUser(ctx.app);
    for (let i = 0; i < 99; i++) {
      const failed = await post('/auth/login', { username: account.email, password: `wrong-${i}` }, {}, freshIp());
      expect(failed.statusCode).toBe(401);
    }
    // A success resets the count of consecutive failures…
    expect((await post('/auth/login', { username: account.email, password: account.password }, {}, freshIp())).statusCode).toBe(
      200,
    );
    for (let i = 0; i < 100; i++) {
      const failed = await post('/auth/login', { username: account.email, password: `again-${i}` }, {}, freshIp());
      expect(failed.statusCode).toBe(401);
    }
    // …and 100 in a row lock the account, whoever asks next.
    const blocked = await post('/auth/login', { username: account.email, password: account.password }, {}, freshIp());
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
    clock.set(new Date(clock.now().getTime() + 61 * 60_000).toISOString());
    expect((await post('/auth/login', { username: account.email, password: account.password }, {}, freshIp())).statusCode).toBe(
      200,
    );
  }, 60_000);

  it('limits failures per address across accounts and ignores a spoofed X-Forwarded-For', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) {
      const response = await post(
        '/auth/login',
        { username: `ghost${i}@example.com`, password: 'whatever1' },
        { 'x-forwarded-for': `203.0.113.${i}` },
        ip,
      );
      expect(response.statusCode).toBe(401);
    }
    const blocked = await post(
      '/auth/login',
      { username: 'ghost-last@example.com', password: 'whatever1' },
      { 'x-forwarded-for': '198.51.100.7' },
      ip,
    );
    expect(blocked.statusCode).toBe(429);
  });

  it('trusts X-Forwarded-For only when TRUST_PROXY is set', async () => {
    const proxied = await buildTestApp({ env: testEnv({ TRUST_PROXY: 'true' }), clock });
    try {
      for (let i = 0; i < 30; i++) {
        await proxied.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { username: `phantom${i}@example.com`, password: 'whatever1' },
          headers: { 'x-forwarded-for': '198.51.100.20' },
          remoteAddress: '127.0.0.1',
        });
      }
      const sameClient = await proxied.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: 'phantom-x@example.com', password: 'whatever1' },
        headers: { 'x-forwarded-for': '198.51.100.20' },
        remoteAddress: '127.0.0.1',
      });
      const otherClient = await proxied.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: 'phantom-y@example.com', password: 'whatever1' },
        headers: { 'x-forwarded-for': '198.51.100.21' },
        remoteAddress: '127.0.0.1',
      });
      expect(sameClient.statusCode).toBe(429);
      expect(otherClient.statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

describe('access tokens', () => {
  it('rejects a missing, tampered, unsigned, expired or foreign token', async () => {
    const account = await registerUser(ctx.app);
    const token = account.auth.access_token;
    expect((await me({})).json()).toMatchObject({ code: 'unauthorized' });

    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(String(payload), 'base64url').toString());
    const tamperedPayload = Buffer.from(JSON.stringify({ ...claims, sub: crypto.randomUUID() })).toString('base64url');
    const tampered = `${header}.${tamperedPayload}.${signature}`;
    const unsignedHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const unsigned = `${unsignedHeader}.${payload}.`;
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const foreignAudience = await new SignJWT({ ...claims, aud: 'someone-else' }).setProtectedHeader({ alg: 'HS256' }).sign(key);
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(48)));

    for (const bad of [tampered, unsigned, foreignAudience, otherKey, account.auth.refresh_token, 'not-a-jwt']) {
      const response = await me({ authorization: `Bearer ${bad}` });
      expect(response.statusCode, bad.slice(0, 20)).toBe(401);
      expect(errorOf(response).code).toBe('token_invalid');
    }
    expect(errorOf(await me({ authorization: `Basic ${token}` })).code).toBe('token_invalid');

    clock.set(new Date(clock.now().getTime() + 16 * 60_000).toISOString());
    const expired = await me({ authorization: `Bearer ${token}` });
    expect(expired.statusCode).toBe(401);
    expect(errorOf(expired).code).toBe('token_expired');
  });
});

describe('POST /auth/refresh', () => {
  it('rotates the pair; the new refresh token works and the old one is spent', async () => {
    const account = await registerUser(ctx.app);
    const first = await post('/auth/refresh', { refresh_token: account.auth.refresh_token });
    expect(first.statusCode).toBe(200);
    const rotated = first.json<AuthResponse>();
    expect(rotated.refresh_token).not.toBe(account.auth.refresh_token);
    expect(rotated.access_token).not.toBe(account.auth.access_token);
    expect((await me({ authorization: `Bearer ${rotated.access_token}` })).statusCode).toBe(200);
    const second = await post('/auth/refresh', { refresh_token: rotated.refresh_token });
    expect(second.statusCode).toBe(200);
  });

  it('gives a retry within the grace window the very same new pair', async () => {
    const account = await registerUser(ctx.app);
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => post('/auth/refresh', { refresh_token: account.auth.refresh_token })),
    );
    for (const reply of replies) expect(reply.statusCode).toBe(200);
    const pairs = new Set(replies.map((reply) => `${reply.json().access_token} ${reply.json().refresh_token}`));
    expect(pairs.size).toBe(1);

    clock.set(new Date(clock.now().getTime() + 5_000).toISOString());
    const late = await post('/auth/refresh', { refresh_token: account.auth.refresh_token });
    expect(late.statusCode).toBe(200);
    expect(late.json().refresh_token).toBe(replies[0]?.json().refresh_token);
  });

  it('treats a spent token after the grace window as theft and ends the whole family', async () => {
    const account = await registerUser(ctx.app);
    const rotated = (await post('/auth/refresh', { refresh_token: account.auth.refresh_token })).json<AuthResponse>();
    clock.set(new Date(clock.now().getTime() + 11_000).toISOString());

    const replay = await post('/auth/refresh', { refresh_token: account.auth.refresh_token });
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay).code).toBe('refresh_token_reused');
    const descendant = await post('/auth/refresh', { refresh_token: rotated.refresh_token });
    expect(descendant.statusCode).toBe(401);
    expect(errorOf(descendant).code).toBe('token_invalid');
  });

  it('reads the token from the httpOnly cookie', async () => {
    const account = await registerUser(ctx.app);
    const response = await post('/auth/refresh', undefined, { cookie: `parla_refresh=${account.auth.refresh_token}` });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toContain(`parla_refresh=${response.json().refresh_token}`);
  });

  it('answers 401 for no token or an unknown one', async () => {
    expect(errorOf(await post('/auth/refresh', {})).code).toBe('token_invalid');
    expect(errorOf(await post('/auth/refresh', { refresh_token: 'made-up' })).code).toBe('token_invalid');
    expect((await post('/auth/refresh', { refresh_token: 42 })).statusCode).toBe(400);
  });

  it('expires after the idle limit and after 30 days however active', async () => {
    const idle = await registerUser(ctx.app);
    clock.set(new Date(clock.now().getTime() + 15 * 86_400_000).toISOString());
    expect(errorOf(await post('/auth/refresh', { refresh_token: idle.auth.refresh_token })).code).toBe('token_expired');

    const active = await registerUser(ctx.app);
    let token = active.auth.refresh_token;
    for (let day = 0; day < 3; day++) {
      clock.set(new Date(clock.now().getTime() + 10 * 86_400_000).toISOString());
      const response = await post('/auth/refresh', { refresh_token: token });
      if (day < 2) {
        expect(response.statusCode, `day ${(day + 1) * 10}`).toBe(200);
        token = response.json().refresh_token;
      } else {
        expect(errorOf(response).code).toBe('token_expired');
      }
    }
  });
});

describe('logging out', () => {
  it('POST /auth/logout ends this session only', async () => {
    const account = await registerUser(ctx.app);
    const other = (
      await post('/auth/login', { username: account.email, password: account.password }, {}, freshIp())
    ).json<AuthResponse>();
    const response = await post('/auth/logout', undefined, account.bearer);
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/parla_refresh=;/);
    expect(errorOf(await post('/auth/refresh', { refresh_token: account.auth.refresh_token })).code).toBe('token_invalid');
    expect((await post('/auth/refresh', { refresh_token: other.refresh_token })).statusCode).toBe(200);
  });

  it('POST /auth/logout-all ends every session', async () => {
    const account = await registerUser(ctx.app);
    const other = (
      await post('/auth/login', { username: account.email, password: account.password }, {}, freshIp())
    ).json<AuthResponse>();
    expect((await post('/auth/logout-all', undefined, account.bearer)).statusCode).toBe(200);
    for (const token of [account.auth.refresh_token, other.refresh_token]) {
      expect((await post('/auth/refresh', { refresh_token: token })).statusCode).toBe(401);
    }
  });

  it('needs a valid access token', async () => {
    expect((await post('/auth/logout')).statusCode).toBe(401);
    expect((await post('/auth/logout-all', undefined, { authorization: 'Bearer nope' })).statusCode).toBe(401);
  });
});

describe('POST /auth/password/change', () => {
  it('needs the current password, refuses a common one, then ends the other sessions', async () => {
    const account = await registerUser(ctx.app);
    const other = (
      await post('/auth/login', { username: account.email, password: account.password }, {}, freshIp())
    ).json<AuthResponse>();

    const wrong = await post(
      '/auth/password/change',
      { current_password: 'nope-nope', new_password: 'granite-meadow-77' },
      account.bearer,
    );
    expect(wrong.statusCode).toBe(422);
    expect(errorOf(wrong).code).toBe('current_password_incorrect');
    const common = await post(
      '/auth/password/change',
      { current_password: account.password, new_password: 'qwerty123' },
      account.bearer,
    );
    expect(errorOf(common).code).toBe('password_too_common');
    const short = await post(
      '/auth/password/change',
      { current_password: account.password, new_password: 'abc' },
      account.bearer,
    );
    expect(short.statusCode).toBe(400);
    expect(
      (await post('/auth/password/change', { current_password: account.password, new_password: 'granite-meadow-77' })).statusCode,
    ).toBe(401);

    const changed = await post(
      '/auth/password/change',
      { current_password: account.password, new_password: 'granite-meadow-77' },
      account.bearer,
    );
    expect(changed.statusCode).toBe(200);
    expect((await post('/auth/refresh', { refresh_token: other.refresh_token })).statusCode).toBe(401);
    expect((await post('/auth/refresh', { refresh_token: account.auth.refresh_token })).statusCode).toBe(200);
    expect((await post('/auth/login', { username: account.email, password: account.password }, {}, freshIp())).statusCode).toBe(
      401,
    );
    expect(
      (await post('/auth/login', { username: account.email, password: 'granite-meadow-77' }, {}, freshIp())).statusCode,
    ).toBe(200);
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown addresses, and mails only the known one', async () => {
    const account = await registerUser(ctx.app);
    const before = readOutbox(ctx.env.DATA_DIR).length;
    const known = await post('/auth/password-reset/request', { email: account.email }, {}, freshIp());
    const unknown = await post('/auth/password-reset/request', { email: 'nobody-at-all@example.com' }, {}, freshIp());
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toMatchObject({ status: 'accepted', resend_after_seconds: 60 });

    const messages = await waitForOutbox(ctx.env.DATA_DIR, before + 1);
    const mine = messages.filter((message) => message.to === account.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.text).toContain('http://parla.test/reset-password?token=');
    expect(messages.some((message) => message.to === 'nobody-at-all@example.com')).toBe(false);
  });

  it('says honestly that a resend inside the minute sent nothing, and when the next one can go', async () => {
    const account = await registerUser(ctx.app);
    const first = await post('/auth/password-reset/request', { email: account.email }, {}, freshIp());
    expect(first.statusCode).toBe(202);
    clock.set(new Date(clock.now().getTime() + 20_000).toISOString());
    for (const email of [account.email, account.email.toUpperCase()]) {
      const again = await post('/auth/password-reset/request', { email }, {}, freshIp());
      expect(again.statusCode).toBe(429);
      expect(errorOf(again)).toMatchObject({ code: 'rate_limited', detail: expect.stringContaining('nothing was sent') });
      expect(Number(again.headers['retry-after'])).toBe(40);
    }
    // An unknown address answers the same way, so the answer tells nothing about accounts.
    expect((await post('/auth/password-reset/request', { email: 'ghost@example.com' }, {}, freshIp())).statusCode).toBe(202);
    expect((await post('/auth/password-reset/request', { email: 'ghost@example.com' }, {}, freshIp())).statusCode).toBe(429);

    clock.set(new Date(clock.now().getTime() + 41_000).toISOString());
    expect((await post('/auth/password-reset/request', { email: account.email }, {}, freshIp())).statusCode).toBe(202);
    await waitForOutbox(ctx.env.DATA_DIR, 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(readOutbox(ctx.env.DATA_DIR).filter((message) => message.to === account.email)).toHaveLength(2);
  });

  it('sends one e-mail for 50 resends arriving together; the other 49 answer 429 with Retry-After', async () => {
    const account = await registerUser(ctx.app);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => post('/auth/password-reset/request', { email: account.email }, {}, freshIp())),
    );
    expect(responses.filter((response) => response.statusCode === 202)).toHaveLength(1);
    const refused = responses.filter((response) => response.statusCode === 429);
    expect(refused).toHaveLength(49);
    for (const response of refused) expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    await waitForOutbox(ctx.env.DATA_DIR, 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(readOutbox(ctx.env.DATA_DIR).filter((message) => message.to === account.email)).toHaveLength(1);
  });

  it('sets the new password once, ends every session, and the link cannot be used again', async () => {
    const account = await registerUser(ctx.app);
    await post('/auth/password-reset/request', { email: account.email }, {}, freshIp());
    const message = (await waitForOutbox(ctx.env.DATA_DIR, 1)).find((item) => item.to === account.email);
    const token = resetTokenFrom(String(message?.text));

    expect((await post('/auth/password-reset/confirm', { token, password: 'letmein' })).statusCode).toBe(422);
    const confirmed = await post('/auth/password-reset/confirm', { token, password: 'copper-lantern-19' });
    expect(confirmed.statusCode).toBe(200);
    expect((await post('/auth/refresh', { refresh_token: account.auth.refresh_token })).statusCode).toBe(401);
    expect((await post('/auth/login', { username: account.email, password: account.password }, {}, freshIp())).statusCode).toBe(
      401,
    );
    expect(
      (await post('/auth/login', { username: account.email, password: 'copper-lantern-19' }, {}, freshIp())).statusCode,
    ).toBe(200);

    const reused = await post('/auth/password-reset/confirm', { token, password: 'another-lantern-20' });
    expect(reused.statusCode).toBe(400);
    expect(errorOf(reused).code).toBe('reset_token_invalid');
  });

  it('expires the link after one hour', async () => {
    const account = await registerUser(ctx.app);
    clock.set(new Date(clock.now().getTime() + 2 * 60_000).toISOString());
    await post('/auth/password-reset/request', { email: account.email }, {}, freshIp());
    const message = (await waitForOutbox(ctx.env.DATA_DIR, 1)).filter((item) => item.to === account.email).at(-1);
    clock.set(new Date(clock.now().getTime() + 61 * 60_000).toISOString());
    const late = await post('/auth/password-reset/confirm', {
      token: resetTokenFrom(String(message?.text)),
      password: 'copper-lantern-19',
    });
    expect(errorOf(late).code).toBe('reset_token_invalid');
  });

  it('validates input and limits requests per address', async () => {
    expect((await post('/auth/password-reset/request', { email: 'not-an-email' }, {}, freshIp())).statusCode).toBe(400);
    expect((await post('/auth/password-reset/confirm', { token: '', password: 'copper-lantern-19' })).statusCode).toBe(400);
    expect(errorOf(await post('/auth/password-reset/confirm', { token: 'made-up', password: 'copper-lantern-19' })).code).toBe(
      'reset_token_invalid',
    );
    const ip = freshIp();
    for (let i = 0; i < 10; i++) await post('/auth/password-reset/request', { email: `someone${i}@example.com` }, {}, ip);
    const blocked = await post('/auth/password-reset/request', { email: 'someone-else@example.com' }, {}, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});

describe('secrets stay secret', () => {
  it('never logs passwords, tokens or hashes', async () => {
    const account = await registerUser(ctx.app);
    await post('/auth/login', { username: account.email, password: account.password }, {}, freshIp());
    await post('/auth/login', { username: account.email, password: 'a-wrong-guess-123' }, {}, freshIp());
    const refreshed = (await post('/auth/refresh', { refresh_token: account.auth.refresh_token })).json<AuthResponse>();
    await post('/auth/password-reset/request', { email: account.email }, {}, freshIp());
    const message = (await waitForOutbox(ctx.env.DATA_DIR, 1)).filter((item) => item.to === account.email).at(-1);
    const resetToken = resetTokenFrom(String(message?.text));

    const log = logLines.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [
      account.password,
      'a-wrong-guess-123',
      account.auth.access_token,
      account.auth.refresh_token,
      refreshed.refresh_token,
      resetToken,
      '$argon2id$',
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it('never returns a password hash', async () => {
    const account = await registerUser(ctx.app);
    const body = (await me(account.bearer)).body;
    expect(body).not.toContain('argon2');
    expect(body).not.toContain('password');
  });
});
