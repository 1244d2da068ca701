import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { importJWK, jwtVerify } from 'jose';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/index';
import { buildTestApp, type TestApp, testClock, testEnv } from '../../test/build-test-app';
import { registerLearner } from '../../test/factories';
import { createPushRepository } from './push.repository';
import { createPushService, type PushPayload } from './push.service';
import { startLocalPushService } from './testing/local-push-service';
import { resolveVapidDetails } from './vapid';

const clock = testClock('2026-11-24T10:00:00Z');
let ctx: TestApp;
let pushes: Awaited<ReturnType<typeof startLocalPushService>>;
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
beforeAll(async () => {
  ctx = await buildTestApp({ clock });
  pushes = await startLocalPushService();
});
afterAll(async () => {
  await pushes.close();
  await ctx.close();
});

/** The module as the app builds it (same data directory, so the same keys), with a test logger. */
function service(options: { timeoutMs?: number; allowLocalEndpoints?: boolean; webPush?: boolean } = {}) {
  return createPushService({
    repo: createPushRepository(ctx.database.handle.db),
    vapid: resolveVapidDetails(
      options.webPush === false ? testEnv({ DATA_DIR: ctx.env.DATA_DIR, WEB_PUSH: 'false' }) : ctx.env,
      'http://parla.test',
    ),
    clock,
    logger,
    allowLocalEndpoints: options.allowLocalEndpoints ?? true,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
}

type Device = ReturnType<Awaited<ReturnType<typeof startLocalPushService>>['subscription']>;
async function subscribe(bearer: Record<string, string>, device: Device) {
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/users/me/push-subscriptions',
    headers: bearer,
    payload: { endpoint: device.endpoint, keys: device.keys },
  });
  expect(reply.statusCode, reply.body).toBe(200);
}
const endpointsOf = async (userId: string) =>
  (await ctx.database.handle.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)))
    .map((row) => row.endpoint)
    .sort();

const payload: PushPayload = {
  title: 'Your 3-day streak is waiting',
  body: 'A five-minute lesson keeps it going — ¡vamos! 🔥',
  url: '/app',
  tag: 'streak-reminder',
};

describe('sendPush', () => {
  it('delivers to every device encrypted to its keys with the server’s VAPID signature; 410 and 404 prune, 500 keeps', async () => {
    const learner = await registerLearner(ctx.app);
    const other = await registerLearner(ctx.app);
    const ok = pushes.subscription(201);
    const gone = pushes.subscription(410);
    const missing = pushes.subscription(404);
    const broken = pushes.subscription(500);
    const someoneElses = pushes.subscription(201);
    for (const device of [ok, gone, missing, broken]) await subscribe(learner.bearer, device);
    await subscribe(other.bearer, someoneElses);
    const publicKey = (await ctx.app.inject({ method: 'GET', url: '/api/v1/push/public-key', headers: learner.bearer })).json()
      .public_key as string;

    clock.set('2026-11-24T19:00:00Z');
    const result = await service().sendPush(learner.auth.user.id, payload);
    expect(result).toEqual({ delivered: 1, pruned: 2, failed: 1 });

    // Each device got one push; the other learner's got none.
    for (const device of [ok, gone, missing, broken]) expect(device.pushes()).toHaveLength(1);
    expect(someoneElses.pushes()).toHaveLength(0);
    expect(await endpointsOf(learner.auth.user.id)).toEqual([ok.endpoint, broken.endpoint].sort());
    expect(await endpointsOf(other.auth.user.id)).toEqual([someoneElses.endpoint]);
    const [okRow] = await ctx.database.handle.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, ok.endpoint));
    expect(okRow?.lastSuccessAt?.toISOString()).toBe('2026-11-24T19:00:00.000Z');
    const [brokenRow] = await ctx.database.handle.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, broken.endpoint));
    expect(brokenRow?.lastSuccessAt).toBeNull();

    const [push] = ok.pushes();
    if (!push) throw new Error('no push');
    // RFC 8291 encryption: only this device's keys open it, and it holds the payload as given.
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers['content-type']).toBe('application/octet-stream');
    expect(JSON.parse(ok.decrypt(push.body).toString('utf8'))).toEqual(payload);
    expect(() => broken.decrypt(push.body)).toThrow();
    expect(push.headers.ttl).toBe('43200');
    expect(push.headers.urgency).toBe('normal');
    expect(push.headers.topic).toBe('streak-reminder');

    // RFC 8292 VAPID: `vapid t=<JWT signed by the server's key>, k=<that public key>`, for this push service.
    const match = /^vapid t=([^,\s]+), k=([A-Za-z0-9_-]+)$/.exec(String(push.headers.authorization));
    expect(match?.[2]).toBe(publicKey);
    const point = Buffer.from(publicKey, 'base64url');
    const key = await importJWK(
      { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      'ES256',
    );
    const { payload: claims, protectedHeader } = await jwtVerify(match?.[1] ?? '', key, { audience: pushes.origin });
    expect(protectedHeader.alg).toBe('ES256');
    expect(claims.sub).toBe('mailto:no-reply@parla.local');
    const expiresIn = (claims.exp ?? 0) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(60);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3600);

    // Sending again reaches the kept devices only.
    expect(await service().sendPush(learner.auth.user.id, payload)).toEqual({ delivered: 1, pruned: 0, failed: 1 });
    expect(gone.pushes()).toHaveLength(1);
    expect(broken.pushes()).toHaveLength(2);
    clock.set('2026-11-24T10:00:00Z');
  });

  it('keeps a device whose push service does not answer in time, without holding up the others', async () => {
    const learner = await registerLearner(ctx.app);
    const slow = pushes.subscription('hang');
    const fast = pushes.subscription(201);
    await subscribe(learner.bearer, slow);
    await subscribe(learner.bearer, fast);
    const started = Date.now();
    expect(await service({ timeoutMs: 300 }).sendPush(learner.auth.user.id, payload)).toEqual({
      delivered: 1,
      pruned: 0,
      failed: 1,
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await endpointsOf(learner.auth.user.id)).toEqual([slow.endpoint, fast.endpoint].sort());
  });

  it('logs failures by push service and subscription id, never the endpoint’s path or the keys', async () => {
    const learner = await registerLearner(ctx.app);
    const broken = pushes.subscription(503);
    const slow = pushes.subscription('hang');
    await subscribe(learner.bearer, broken);
    await subscribe(learner.bearer, slow);
    logLines.length = 0;
    await service({ timeoutMs: 200 }).sendPush(learner.auth.user.id, payload);
    const log = logLines.join('\n');
    expect(logLines.length).toBeGreaterThanOrEqual(2);
    expect(log).toContain(pushes.origin);
    expect(log).toContain('"status":503');
    for (const device of [broken, slow]) {
      expect(log).not.toContain(new URL(device.endpoint).pathname);
      expect(log).not.toContain(device.keys.p256dh);
      expect(log).not.toContain(device.keys.auth);
    }
    const { privateKey } = resolveVapidDetails(ctx.env, 'http://parla.test') ?? { privateKey: 'missing' };
    expect(log).not.toContain(privateKey);
  });

  it('sends nothing when Web Push is off, to a learner without devices, or to an endpoint production would refuse', async () => {
    const learner = await registerLearner(ctx.app);
    const device = pushes.subscription(201);
    await subscribe(learner.bearer, device);
    expect(await service({ webPush: false }).sendPush(learner.auth.user.id, payload)).toEqual({
      delivered: 0,
      pruned: 0,
      failed: 0,
    });
    const lonely = await registerLearner(ctx.app);
    expect(await service().sendPush(lonely.auth.user.id, payload)).toEqual({ delivered: 0, pruned: 0, failed: 0 });
    // A server that is not in test mode does not post to the loopback, even for a stored row.
    expect(await service({ allowLocalEndpoints: false }).sendPush(learner.auth.user.id, payload)).toEqual({
      delivered: 0,
      pruned: 0,
      failed: 1,
    });
    expect(device.pushes()).toHaveLength(0);
    expect(await endpointsOf(learner.auth.user.id)).toEqual([device.endpoint]);
  });

  it('refuses a message too long for one push', async () => {
    const learner = await registerLearner(ctx.app);
    await expect(service().sendPush(learner.auth.user.id, { ...payload, body: 'x'.repeat(4000) })).rejects.toThrow(/at most/);
  });
});
