import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, pushSubscriptions } from '../../db/schema/index';
import { buildTestApp, type TestApp, testClock } from '../../test/build-test-app';
import { registerLearner } from '../../test/factories';
import { startLocalPushService } from '../push/testing/local-push-service';

// The reminder's Web Push through the real app: modules/push signs and encrypts it for each
// device of the learner, against a local push service that records (and can refuse) what arrives.

const clock = testClock('2026-11-24T08:00:00Z');
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

type Device = ReturnType<typeof pushService.subscription>;

async function learnerWithDevices(push: boolean, devices: Device[]) {
  const account = await registerLearner(ctx.app, { target_language: 'es', timezone: 'UTC' });
  for (const device of devices) {
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/me/push-subscriptions',
      headers: account.bearer,
      payload: { endpoint: device.endpoint, keys: device.keys },
    });
    expect(reply.statusCode, reply.body).toBe(200);
  }
  const prefs = await ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/users/me/preferences',
    headers: account.bearer,
    payload: { notifications: { in_app: true, email: false, push } },
  });
  expect(prefs.statusCode, prefs.body).toBe(200);
  await ctx.database.handle.db
    .update(profiles)
    .set({ currentStreak: 6, lastActiveDate: '2026-11-23', reminderTime: '18:00', interfaceLanguage: 'fr' })
    .where(eq(profiles.userId, account.auth.user.id));
  return account.auth.user.id;
}

describe('a reminder by Web Push', () => {
  it('reaches each device once, in the learner’s language, and a device that is gone is pruned', async () => {
    const phone = pushService.subscription(201);
    const gone = pushService.subscription(410);
    const quiet = pushService.subscription(201);
    const userId = await learnerWithDevices(true, [phone, gone]);
    await learnerWithDevices(false, [quiet]);

    clock.set('2026-11-24T18:30:00Z');
    await ctx.app.reminders.tick();
    await ctx.app.reminders.tick();

    expect(phone.pushes()).toHaveLength(1);
    expect(gone.pushes()).toHaveLength(1);
    expect(quiet.pushes()).toEqual([]);
    const [push] = phone.pushes();
    expect(JSON.parse(phone.decrypt(push?.body ?? Buffer.alloc(0)).toString('utf8'))).toEqual({
      title: 'Garde ta série de 6 jours aujourd’hui',
      body: 'Tu as pratiqué 6 jours d’affilée, mais pas encore aujourd’hui : une courte leçon prolonge ta série.',
      url: '/app',
      tag: 'streak-reminder',
    });
    const left = await ctx.database.handle.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId));
    expect(left.map((row) => row.endpoint)).toEqual([phone.endpoint]);
  });
});
