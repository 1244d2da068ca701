import { statSync } from 'node:fs';
import { join } from 'node:path';
import { PreferencesSchema } from '@parla/shared/preferences.schema';
import { PushPublicKeyResponseSchema, PushSubscriptionSchema } from '@parla/shared/push.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { EnvError, parseEnv } from '../../config/env';
import { pushSubscriptions } from '../../db/schema/index';
import { buildTestApp, createTestDatabase, type TestApp, testClock, testEnv } from '../../test/build-test-app';
import { registerLearner } from '../../test/factories';
import { startLocalPushService } from './testing/local-push-service';

const clock = testClock('2026-11-24T10:00:00Z');
let ctx: TestApp;
let pushService: Awaited<ReturnType<typeof startLocalPushService>>;
beforeAll(async () => {
  ctx = await buildTestApp({ clock });
  pushService = await startLocalPushService();
});
afterAll(async () => {
  await pushService.close();
  await ctx.close();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const rowsOf = (userId: string) =>
  ctx.database.handle.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
const rowByEndpoint = async (endpoint: string) =>
  (await ctx.database.handle.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];
const body = (subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) => ({
  endpoint: subscription.endpoint,
  keys: subscription.keys,
});

describe('GET /push/public-key', () => {
  it('gives signed-in learners the VAPID public key made once in DATA_DIR/secrets; preferences say push is available', async () => {
    const account = await registerLearner(ctx.app);
    const reply = await call('GET', '/push/public-key', account.bearer);
    expect(reply.statusCode, reply.body).toBe(200);
    const { public_key } = PushPublicKeyResponseSchema.parse(reply.json());
    expect(public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(public_key, 'base64url')[0]).toBe(0x04);
    expect(PushPublicKeyResponseSchema.parse((await call('GET', '/push/public-key', account.bearer)).json()).public_key).toBe(
      public_key,
    );
    expect(statSync(join(ctx.env.DATA_DIR, 'secrets', 'vapid-keys.json')).mode & 0o777).toBe(0o600);

    const preferences = PreferencesSchema.parse((await call('GET', '/users/me/preferences', account.bearer)).json());
    expect(preferences.push_available).toBe(true);
    const on = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/preferences',
      headers: account.bearer,
      payload: { notifications: { push: true } },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(PreferencesSchema.parse(on.json()).notifications.push).toBe(true);

    expect((await call('GET', '/push/public-key', {})).statusCode).toBe(401);
  });

  it('keeps the key across restarts on one DATA_DIR, takes VAPID_* from the environment, and is 404 with WEB_PUSH=false', async () => {
    const keyOf = async (app: TestApp) => {
      const account = await registerLearner(app.app);
      const reply = await app.app.inject({ method: 'GET', url: '/api/v1/push/public-key', headers: account.bearer });
      return { reply, account };
    };
    const first = PushPublicKeyResponseSchema.parse((await keyOf(ctx)).reply.json()).public_key;
    // A second server on the same data directory (and database) signs with the same key.
    const again = await buildTestApp({ clock, env: testEnv({ DATA_DIR: ctx.env.DATA_DIR }), database: ctx.database });
    try {
      expect(PushPublicKeyResponseSchema.parse((await keyOf(again)).reply.json()).public_key).toBe(first);
    } finally {
      await again.app.close();
    }

    const keys = webpush.generateVAPIDKeys();
    const configured = await buildTestApp({
      clock,
      env: testEnv({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }),
      database: await createTestDatabase(),
    });
    try {
      const { reply } = await keyOf(configured);
      expect(reply.json()).toEqual({ public_key: keys.publicKey });
    } finally {
      await configured.close();
    }

    const off = await buildTestApp({ clock, env: testEnv({ WEB_PUSH: 'false' }), database: await createTestDatabase() });
    try {
      const { reply, account } = await keyOf(off);
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toMatchObject({ code: 'not_found', detail: expect.any(String) });
      const subscribe = await off.app.inject({
        method: 'POST',
        url: '/api/v1/users/me/push-subscriptions',
        headers: account.bearer,
        payload: body(pushService.subscription()),
      });
      expect(subscribe.statusCode).toBe(404);
      const preferences = await off.app.inject({ method: 'GET', url: '/api/v1/users/me/preferences', headers: account.bearer });
      expect(PreferencesSchema.parse(preferences.json()).push_available).toBe(false);
    } finally {
      await off.close();
    }
  });
});

describe('VAPID configuration', () => {
  it('refuses one VAPID key without the other, or a key that is not one, naming the variable', () => {
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: publicKey })).toThrow(/VAPID_PRIVATE_KEY: must be set together/);
    expect(() => parseEnv({ VAPID_PRIVATE_KEY: privateKey })).toThrow(/VAPID_PUBLIC_KEY: must be set together/);
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: privateKey })).toThrow(EnvError);
    expect(() => parseEnv({ VAPID_SUBJECT: 'http://example.com' })).toThrow(/VAPID_SUBJECT/);
    expect(
      parseEnv({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: 'mailto:ops@example.com' }),
    ).toMatchObject({
      WEB_PUSH: true,
      VAPID_SUBJECT: 'mailto:ops@example.com',
    });
  });
});

describe('POST /users/{userId}/push-subscriptions', () => {
  it('stores the device by `me` and by one’s own id; again is the same row with the new keys; another learner subscribing it takes it over', async () => {
    const alice = await registerLearner(ctx.app);
    const bob = await registerLearner(ctx.app);
    const device = pushService.subscription();
    const reply = await call(
      'POST',
      '/users/me/push-subscriptions',
      { ...alice.bearer, 'user-agent': 'Firefox/140' },
      body(device),
    );
    expect(reply.statusCode, reply.body).toBe(200);
    expect(PushSubscriptionSchema.parse(reply.json())).toEqual({
      endpoint: device.endpoint,
      created_at: '2026-11-24T10:00:00.000Z',
      last_success_at: null,
    });
    const [row] = await rowsOf(alice.auth.user.id);
    expect(row).toMatchObject({
      endpoint: device.endpoint,
      p256dh: device.keys.p256dh,
      auth: device.keys.auth,
      userAgent: 'Firefox/140',
    });

    // The same device again, by id, with fresh keys (the browser re-subscribed): still one row.
    const fresh = pushService.subscription();
    const again = await call(
      'POST',
      `/users/${alice.auth.user.id}/push-subscriptions`,
      { ...alice.bearer, 'user-agent': 'Chrome/142' },
      {
        ...body(fresh),
        endpoint: device.endpoint,
        expirationTime: null,
      },
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(await rowsOf(alice.auth.user.id)).toEqual([
      expect.objectContaining({ id: row?.id, p256dh: fresh.keys.p256dh, auth: fresh.keys.auth, userAgent: 'Chrome/142' }),
    ]);

    // Bob signs in on that browser and turns push on: the device is his now.
    expect((await call('POST', '/users/me/push-subscriptions', bob.bearer, body(device))).statusCode).toBe(200);
    expect(await rowsOf(alice.auth.user.id)).toEqual([]);
    expect((await rowsOf(bob.auth.user.id)).map((item) => item.endpoint)).toEqual([device.endpoint]);
  });

  it('keeps a learner’s 10 newest devices', async () => {
    const account = await registerLearner(ctx.app);
    const devices = Array.from({ length: 12 }, () => pushService.subscription());
    for (const [index, device] of devices.entries()) {
      clock.set(`2026-11-24T10:${String(index).padStart(2, '0')}:00Z`);
      expect((await call('POST', '/users/me/push-subscriptions', account.bearer, body(device))).statusCode).toBe(200);
    }
    const kept = (await rowsOf(account.auth.user.id)).map((row) => row.endpoint).sort();
    expect(kept).toEqual(
      devices
        .slice(2)
        .map((device) => device.endpoint)
        .sort(),
    );
    clock.set('2026-11-24T10:00:00Z');
  });

  it('refuses bad input with 400 naming the field, another learner’s id with 403, no token with 401 — and stores nothing', async () => {
    const alice = await registerLearner(ctx.app);
    const bob = await registerLearner(ctx.app);
    const device = pushService.subscription();
    const good = body(device);
    const offCurve = Buffer.alloc(65, 7);
    offCurve[0] = 0x04;
    const bad: [string, unknown, string][] = [
      ['no body', undefined, 'body'],
      ['no endpoint', { keys: good.keys }, 'body.endpoint'],
      ['endpoint not a string', { ...good, endpoint: 42 }, 'body.endpoint'],
      ['endpoint not a URL', { ...good, endpoint: 'push service' }, 'body.endpoint'],
      ['ftp endpoint', { ...good, endpoint: 'ftp://push.example.com/x' }, 'body.endpoint'],
      ['http endpoint off the loopback', { ...good, endpoint: 'http://push.example.com/x' }, 'body.endpoint'],
      ['private address', { ...good, endpoint: 'https://10.0.0.7/send/x' }, 'body.endpoint'],
      ['IPv6 loopback over https', { ...good, endpoint: 'https://[::1]/send/x' }, 'body.endpoint'],
      ['localhost', { ...good, endpoint: 'https://localhost/send/x' }, 'body.endpoint'],
      ['internal name', { ...good, endpoint: 'https://metadata.google.internal/x' }, 'body.endpoint'],
      ['another port', { ...good, endpoint: 'https://push.example.com:8443/x' }, 'body.endpoint'],
      ['credentials', { ...good, endpoint: 'https://user:pw@push.example.com/x' }, 'body.endpoint'],
      ['NUL', { ...good, endpoint: 'https://push.example.com/\u0000' }, 'body.endpoint'],
      ['2,049 characters', { ...good, endpoint: `https://push.example.com/${'a'.repeat(2049 - 25)}` }, 'body.endpoint'],
      ['no keys', { endpoint: device.endpoint }, 'body.keys'],
      ['short p256dh', { ...good, keys: { ...good.keys, p256dh: 'BAAA' } }, 'body.keys.p256dh'],
      ['p256dh off the curve', { ...good, keys: { ...good.keys, p256dh: offCurve.toString('base64url') } }, 'body.keys.p256dh'],
      [
        'p256dh in base64 with +/',
        { ...good, keys: { ...good.keys, p256dh: `+/${good.keys.p256dh.slice(2)}` } },
        'body.keys.p256dh',
      ],
      ['auth 8 bytes', { ...good, keys: { ...good.keys, auth: 'AAAAAAAAAAA' } }, 'body.keys.auth'],
      ['auth a number', { ...good, keys: { ...good.keys, auth: 16 } }, 'body.keys.auth'],
    ];
    for (const [name, payload, path] of bad) {
      const reply = await call('POST', '/users/me/push-subscriptions', alice.bearer, payload);
      expect(reply.statusCode, `${name}: ${reply.body}`).toBe(400);
      expect(reply.json(), name).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
      if (path !== 'body') expect(reply.json().errors, name).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    }
    // 2,048 characters is the limit itself.
    const longest = `${device.endpoint}/${'a'.repeat(2048 - device.endpoint.length - 1)}`;
    expect((await call('POST', '/users/me/push-subscriptions', bob.bearer, { ...good, endpoint: longest })).statusCode).toBe(200);
    const malformed = await call('POST', '/users/not-a-user/push-subscriptions', alice.bearer, good);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ errors: [expect.objectContaining({ path: 'params.id' })] });

    const other = await call('POST', `/users/${bob.auth.user.id}/push-subscriptions`, alice.bearer, good);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'forbidden', detail: expect.any(String) });
    expect((await call('POST', '/users/me/push-subscriptions', {}, good)).statusCode).toBe(401);
    expect(await rowsOf(alice.auth.user.id)).toEqual([]);
    expect(await rowByEndpoint(device.endpoint)).toBeUndefined();
  });

  it('stores one row when the same subscription arrives 50 times at once', async () => {
    const account = await registerLearner(ctx.app);
    const device = pushService.subscription();
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', '/users/me/push-subscriptions', account.bearer, body(device))),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(50).fill(200));
    expect(await rowsOf(account.auth.user.id)).toHaveLength(1);
  });

  it('ends with one owner when two learners subscribe one device 25 times each at once', async () => {
    const alice = await registerLearner(ctx.app);
    const bob = await registerLearner(ctx.app);
    const device = pushService.subscription();
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        call('POST', '/users/me/push-subscriptions', (n % 2 ? alice : bob).bearer, body(device)),
      ),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(50).fill(200));
    const owners = [...(await rowsOf(alice.auth.user.id)), ...(await rowsOf(bob.auth.user.id))];
    expect(owners).toHaveLength(1);
  });
});

describe('DELETE /users/{userId}/push-subscriptions', () => {
  it('forgets one’s own device (again: removed false); another learner’s endpoint stays theirs', async () => {
    const alice = await registerLearner(ctx.app);
    const bob = await registerLearner(ctx.app);
    const mine = pushService.subscription();
    const bobs = pushService.subscription();
    await call('POST', '/users/me/push-subscriptions', alice.bearer, body(mine));
    await call('POST', '/users/me/push-subscriptions', bob.bearer, body(bobs));

    const reply = await call('DELETE', `/users/${alice.auth.user.id}/push-subscriptions`, alice.bearer, {
      endpoint: mine.endpoint,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ removed: true });
    expect(await rowsOf(alice.auth.user.id)).toEqual([]);
    expect((await call('DELETE', '/users/me/push-subscriptions', alice.bearer, { endpoint: mine.endpoint })).json()).toEqual({
      removed: false,
    });
    // Naming Bob's endpoint under one's own id removes nothing.
    expect((await call('DELETE', '/users/me/push-subscriptions', alice.bearer, { endpoint: bobs.endpoint })).json()).toEqual({
      removed: false,
    });
    expect(await rowsOf(bob.auth.user.id)).toHaveLength(1);
  });

  it('refuses bad input with 400, another learner’s id with 403, no token with 401', async () => {
    const alice = await registerLearner(ctx.app);
    const bob = await registerLearner(ctx.app);
    const device = pushService.subscription();
    await call('POST', '/users/me/push-subscriptions', bob.bearer, body(device));
    const bad: [unknown, string][] = [
      [{}, 'body.endpoint'],
      [{ endpoint: 7 }, 'body.endpoint'],
      [{ endpoint: 'not a url' }, 'body.endpoint'],
      [{ endpoint: `https://push.example.com/${'a'.repeat(2048)}` }, 'body.endpoint'],
    ];
    for (const [payload, path] of bad) {
      const reply = await call('DELETE', '/users/me/push-subscriptions', alice.bearer, payload);
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'validation_error', errors: [expect.objectContaining({ path })] });
    }
    const other = await call('DELETE', `/users/${bob.auth.user.id}/push-subscriptions`, alice.bearer, {
      endpoint: device.endpoint,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'forbidden' });
    expect((await call('DELETE', '/users/me/push-subscriptions', {}, { endpoint: device.endpoint })).statusCode).toBe(401);
    expect(await rowsOf(bob.auth.user.id)).toHaveLength(1);
  });
});
