import { AchievementsResponseSchema } from '@parla/shared/achievements';
import { levelFromXp } from '@parla/shared/levels';
import { NotificationsPageSchema } from '@parla/shared/notifications.schema';
import { PreferencesSchema } from '@parla/shared/preferences.schema';
import {
  BlocksResponseSchema,
  FollowResponseSchema,
  type Friend,
  FriendSchema,
  FriendsResponseSchema,
  MAX_FOLLOWING,
  SuggestionsResponseSchema,
} from '@parla/shared/social.schema';
import { and, count, eq, or } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { executeText } from '../../db/client';
import { achievements, blocks, follows, notifications, profiles, users } from '../../db/schema/index';
import { buildTestApp, type TestApp, testClock } from '../../test/build-test-app';
import { registerLearner } from '../../test/factories';
import { FOLLOWS_PER_LEARNER } from './social.routes';

const clock = testClock('2026-11-24T10:00:00Z');
let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp({ clock });
});
afterAll(() => ctx.close());

type Headers = Record<string, string>;
type Learner = Awaited<ReturnType<typeof learner>>;
const db = () => ctx.database.handle.db;
const api = (method: 'GET' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
const idOf = (account: Learner) => account.auth.user.id;

/** A learner who finished setting up (the only ones suggested for their course). */
async function learner(profile: Record<string, unknown> = {}, name = 'Ana García') {
  const account = await registerLearner(ctx.app, {
    target_language: 'es',
    timezone: 'Europe/Madrid',
    learning_styles: ['visual'],
    profile_completed: true,
    full_name: name,
    ...profile,
  });
  return account;
}

const follow = (from: Learner, to: string) => api('PUT', `/users/me/following/${to}`, from.bearer);
const unfollow = (from: Learner, to: string) => api('DELETE', `/users/me/following/${to}`, from.bearer);
const blockOf = (from: Learner, to: string) => api('PUT', `/users/me/blocks/${to}`, from.bearer);
const unblock = (from: Learner, to: string) => api('DELETE', `/users/me/blocks/${to}`, from.bearer);

async function friendsOf(account: Learner, query = ''): Promise<{ items: Friend[]; total: number }> {
  const reply = await api('GET', `/users/me/friends${query}`, account.bearer);
  expect(reply.statusCode, reply.body).toBe(200);
  return FriendsResponseSchema.parse(reply.json());
}

async function suggestionsOf(account: Learner, query = '') {
  const reply = await api('GET', `/users/me/suggestions${query}`, account.bearer);
  expect(reply.statusCode, reply.body).toBe(200);
  return SuggestionsResponseSchema.parse(reply.json()).items;
}

async function notificationsOf(account: Learner) {
  const reply = await api('GET', '/users/me/notifications?filter=all&limit=50', account.bearer);
  expect(reply.statusCode, reply.body).toBe(200);
  return NotificationsPageSchema.parse(reply.json()).items;
}

const followRows = async (follower: string, followee: string) =>
  Number(
    (
      await db()
        .select({ n: count() })
        .from(follows)
        .where(and(eq(follows.followerId, follower), eq(follows.followeeId, followee)))
    )[0]?.n,
  );

function expectError(reply: LightMyRequestResponse, status: number, code: string, path?: string) {
  expect(reply.statusCode, reply.body).toBe(status);
  expect(reply.json()).toMatchObject({
    code,
    detail: expect.any(String),
    ...(path ? { errors: [expect.objectContaining({ path })] } : {}),
  });
}

describe('PUT /users/me/following/{otherId}', () => {
  it('follows (201, then 200), tells the followee once, and earns the follower’s first friend', async () => {
    const ana = await learner({}, 'Ana García');
    const bea = await learner({}, 'Bea Kowalska');

    const first = await follow(ana, idOf(bea));
    expect(first.statusCode, first.body).toBe(201);
    expect(FollowResponseSchema.parse(first.json())).toEqual({ user_id: idOf(bea), following: true, follows_me: false });
    const again = await follow(ana, idOf(bea));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ user_id: idOf(bea), following: true, follows_me: false });
    expect(await followRows(idOf(ana), idOf(bea))).toBe(1);

    // Bea is told, with who it was: the web app writes the text from the kind and params.
    const told = (await notificationsOf(bea)).filter((item) => item.kind === 'social.followed');
    expect(told).toEqual([
      expect.objectContaining({ type: 'social', params: { follower_id: idOf(ana), name: 'Ana García' }, read: false }),
    ]);

    // Ana earned her first friend, once, with its notification.
    const list = AchievementsResponseSchema.parse((await api('GET', '/progress/me/achievements', ana.bearer)).json());
    expect(list.achievements.find((item) => item.id === 'first-friend')).toMatchObject({
      earned: true,
      earned_at: clock.now().toISOString(),
      current: 1,
      target: 1,
    });
    const earned = (await notificationsOf(ana)).filter((item) => item.kind === 'achievement.earned');
    expect(earned.map((item) => item.params.achievement_id)).toEqual(['first-friend']);

    // Bea follows back: each now sees the other follows them.
    const back = await follow(bea, idOf(ana));
    expect(back.statusCode).toBe(201);
    expect(back.json()).toMatchObject({ following: true, follows_me: true });
    expect((await friendsOf(ana)).items[0]).toMatchObject({ user_id: idOf(bea), follows_me: true, following: true });
  });

  it('does not tell the followee again when a learner unfollows and follows again', async () => {
    const ana = await learner();
    const bea = await learner();
    expect((await follow(ana, idOf(bea))).statusCode).toBe(201);
    const off = await unfollow(ana, idOf(bea));
    expect(off.statusCode, off.body).toBe(200);
    expect(FollowResponseSchema.parse(off.json())).toEqual({ user_id: idOf(bea), following: false, follows_me: false });
    expect((await unfollow(ana, idOf(bea))).statusCode).toBe(200);
    expect(await followRows(idOf(ana), idOf(bea))).toBe(0);
    expect((await follow(ana, idOf(bea))).statusCode).toBe(201);
    expect((await notificationsOf(bea)).filter((item) => item.kind === 'social.followed')).toHaveLength(1);
    expect((await notificationsOf(ana)).filter((item) => item.kind === 'achievement.earned')).toHaveLength(1);
  });

  it('tells no one in-app when the followee turned the in-app channel off', async () => {
    const ana = await learner();
    const bea = await learner();
    const off = await api('PUT', '/users/me/preferences', bea.bearer, { notifications: { in_app: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect((await follow(ana, idOf(bea))).statusCode).toBe(201);
    expect(await notificationsOf(bea)).toEqual([]);
  });

  it('refuses a malformed id or oneself with 400, an unknown learner with 404, no token with 401, and changes nothing', async () => {
    const ana = await learner();
    for (const method of ['PUT', 'DELETE'] as const) {
      for (const bad of ['not-a-user', 'me', '12345', `${idOf(ana)}x`]) {
        expectError(await api(method, `/users/me/following/${bad}`, ana.bearer), 400, 'validation_error', 'params.otherId');
      }
      expectError(await api(method, `/users/me/following/${idOf(ana)}`, ana.bearer), 400, 'validation_error', 'params.otherId');
      expectError(await api(method, '/users/me/following/7a0c2a7e-52f7-4d1c-9a4b-1f1b2d3c4e5f', ana.bearer), 404, 'not_found');
      const anonymous = await api(method, `/users/me/following/${idOf(ana)}`, {});
      expectError(anonymous, 401, 'unauthorized');
    }
    expect(
      await db()
        .select()
        .from(follows)
        .where(eq(follows.followerId, idOf(ana))),
    ).toEqual([]);
    expect(
      (
        await db()
          .select()
          .from(achievements)
          .where(eq(achievements.userId, idOf(ana)))
      ).map((row) => row.achievementId),
    ).not.toContain('first-friend');
  });

  it(`refuses a follow past ${MAX_FOLLOWING} learners with 422, and still answers one already made`, async () => {
    const ana = await learner();
    const bea = await learner();
    const cai = await learner();
    expect((await follow(ana, idOf(bea))).statusCode).toBe(201);
    // Fill Ana's follows up to the limit with learners made in SQL (no sign-up each).
    await executeText(
      db(),
      `with made as (
         insert into users (email, full_name)
         select 'filler-' || n || '-' || $2 || '@example.com', 'Filler ' || n from generate_series(1, $3::int) n
         returning id
       ), profiled as (insert into profiles (user_id) select id from made returning user_id)
       insert into follows (follower_id, followee_id) select $1, user_id from profiled`,
      [idOf(ana), Date.now(), MAX_FOLLOWING - 1],
    );
    expectError(await follow(ana, idOf(cai)), 422, 'following_limit_reached');
    expect(await followRows(idOf(ana), idOf(cai))).toBe(0);
    expect((await follow(ana, idOf(bea))).statusCode).toBe(200);
    expect((await friendsOf(ana)).total).toBe(MAX_FOLLOWING);
    expect((await unfollow(ana, idOf(bea))).statusCode).toBe(200);
    expect((await follow(ana, idOf(cai))).statusCode).toBe(201);
  });
});

describe('the follow allowance', () => {
  it(`lets ${FOLLOWS_PER_LEARNER.limit} follow requests an hour through when more arrive at once, then 429 with Retry-After`, async () => {
    const ana = await learner();
    const bea = await learner();
    const extra = 10;
    const replies = await Promise.all(Array.from({ length: FOLLOWS_PER_LEARNER.limit + extra }, () => follow(ana, idOf(bea))));
    const tally: Record<number, number> = {};
    for (const reply of replies) tally[reply.statusCode] = (tally[reply.statusCode] ?? 0) + 1;
    expect(tally).toEqual({ 201: 1, 200: FOLLOWS_PER_LEARNER.limit - 1, 429: extra });
    const refused = replies.find((reply) => reply.statusCode === 429);
    expect(refused?.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    // Unfollowing is never held back.
    expect((await unfollow(ana, idOf(bea))).statusCode).toBe(200);
  });
});

describe('only once, under concurrency', () => {
  it('makes one follow, one notification and one achievement of 50 identical follows at once', async () => {
    // On PostgreSQL through two app instances on one database, as two replicas would.
    const onPostgres = ctx.database.url !== undefined;
    const second = onPostgres ? await buildTestApp({ clock, database: { ...ctx.database, dispose: async () => {} } }) : ctx;
    try {
      const ana = await learner();
      const bea = await learner();
      const apps = [ctx.app, second.app];
      const replies = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          apps[i % 2]?.inject({ method: 'PUT', url: `/api/v1/users/me/following/${idOf(bea)}`, headers: ana.bearer }),
        ),
      );
      const statuses = replies.map((reply) => reply?.statusCode).sort();
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 200)).toHaveLength(49);
      expect(await followRows(idOf(ana), idOf(bea))).toBe(1);
      const told = await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, idOf(bea)), eq(notifications.kind, 'social.followed')));
      expect(told).toHaveLength(1);
      const earned = await db()
        .select()
        .from(achievements)
        .where(and(eq(achievements.userId, idOf(ana)), eq(achievements.achievementId, 'first-friend')));
      expect(earned).toHaveLength(1);
      expect((await notificationsOf(ana)).filter((item) => item.params.achievement_id === 'first-friend')).toHaveLength(1);
    } finally {
      if (second !== ctx) await second.close();
    }
  });

  it('makes one block of 50 identical blocks at once', async () => {
    const onPostgres = ctx.database.url !== undefined;
    const second = onPostgres ? await buildTestApp({ clock, database: { ...ctx.database, dispose: async () => {} } }) : ctx;
    try {
      const ana = await learner();
      const bea = await learner();
      const apps = [ctx.app, second.app];
      const replies = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          apps[i % 2]?.inject({ method: 'PUT', url: `/api/v1/users/me/blocks/${idOf(bea)}`, headers: ana.bearer }),
        ),
      );
      const statuses = replies.map((reply) => reply?.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 200)).toHaveLength(49);
      expect(
        await db()
          .select()
          .from(blocks)
          .where(eq(blocks.blockerId, idOf(ana))),
      ).toHaveLength(1);
    } finally {
      if (second !== ctx) await second.close();
    }
  });

  it('never leaves a follow beside a block that arrives with it: 25 follows and a block at once, many times', async () => {
    const onPostgres = ctx.database.url !== undefined;
    const second = onPostgres ? await buildTestApp({ clock, database: { ...ctx.database, dispose: async () => {} } }) : ctx;
    try {
      for (let round = 0; round < 4; round += 1) {
        const ana = await learner();
        const bea = await learner();
        const apps = [ctx.app, second.app];
        const follows = Array.from({ length: 25 }, (_, i) =>
          apps[i % 2]?.inject({ method: 'PUT', url: `/api/v1/users/me/following/${idOf(ana)}`, headers: bea.bearer }),
        );
        const block = apps[round % 2]?.inject({
          method: 'PUT',
          url: `/api/v1/users/me/blocks/${idOf(bea)}`,
          headers: ana.bearer,
        });
        const [blocked, ...followed] = await Promise.all([block, ...follows]);
        expect(blocked?.statusCode, blocked?.body).toBe(201);
        for (const reply of followed) expect([200, 201, 403]).toContain(reply?.statusCode);
        expect(await followRows(idOf(bea), idOf(ana)), `round ${round}`).toBe(0);
        // Whatever Ana was told before the block went with it.
        expect((await notificationsOf(ana)).filter((item) => item.kind === 'social.followed')).toEqual([]);
      }
    } finally {
      if (second !== ctx) await second.close();
    }
  });
});

describe('PUT/DELETE /users/me/blocks/{otherId}, GET /users/me/blocks', () => {
  it('removes the follows both ways; neither can follow the other until the block is lifted', async () => {
    const ana = await learner({}, 'Ana Blocker');
    const bea = await learner({}, 'Bea Blocked');
    expect((await follow(ana, idOf(bea))).statusCode).toBe(201);
    expect((await follow(bea, idOf(ana))).statusCode).toBe(201);

    const blocked = await blockOf(ana, idOf(bea));
    expect(blocked.statusCode, blocked.body).toBe(201);
    expect(blocked.json()).toEqual({ user_id: idOf(bea), blocked: true });
    expect((await blockOf(ana, idOf(bea))).statusCode).toBe(200);
    expect(await followRows(idOf(ana), idOf(bea))).toBe(0);
    expect(await followRows(idOf(bea), idOf(ana))).toBe(0);
    expect((await friendsOf(ana)).items).toEqual([]);
    expect((await friendsOf(bea)).items).toEqual([]);
    // The "followed you" notifications between them are gone too.
    expect((await notificationsOf(ana)).filter((item) => item.kind === 'social.followed')).toEqual([]);
    expect((await notificationsOf(bea)).filter((item) => item.kind === 'social.followed')).toEqual([]);

    // Either way round, the same neutral 403: Bea does not learn who blocked whom.
    const beaTries = await follow(bea, idOf(ana));
    const anaTries = await follow(ana, idOf(bea));
    expectError(beaTries, 403, 'forbidden');
    expectError(anaTries, 403, 'forbidden');
    expect(beaTries.json().detail).toBe(anaTries.json().detail);
    expect(await followRows(idOf(bea), idOf(ana))).toBe(0);

    const list = BlocksResponseSchema.parse((await api('GET', '/users/me/blocks', ana.bearer)).json());
    expect(list.items).toEqual([{ user_id: idOf(bea), name: 'Bea Blocked', blocked_at: clock.now().toISOString() }]);
    expect(BlocksResponseSchema.parse((await api('GET', '/users/me/blocks', bea.bearer)).json()).items).toEqual([]);

    // Only the blocker can lift it; Bea "unblocking" Ana changes nothing.
    expect((await unblock(bea, idOf(ana))).statusCode).toBe(200);
    expectError(await follow(bea, idOf(ana)), 403, 'forbidden');
    const lifted = await unblock(ana, idOf(bea));
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json()).toEqual({ user_id: idOf(bea), blocked: false });
    expect((await unblock(ana, idOf(bea))).statusCode).toBe(200);
    expect((await follow(bea, idOf(ana))).statusCode).toBe(201);
    expect(BlocksResponseSchema.parse((await api('GET', '/users/me/blocks', ana.bearer)).json()).items).toEqual([]);
  });

  it('refuses a malformed id or oneself with 400, an unknown learner with 404, no token with 401', async () => {
    const ana = await learner();
    for (const method of ['PUT', 'DELETE'] as const) {
      expectError(await api(method, '/users/me/blocks/nobody', ana.bearer), 400, 'validation_error', 'params.otherId');
      expectError(await api(method, `/users/me/blocks/${idOf(ana)}`, ana.bearer), 400, 'validation_error', 'params.otherId');
      expectError(await api(method, '/users/me/blocks/7a0c2a7e-52f7-4d1c-9a4b-1f1b2d3c4e5f', ana.bearer), 404, 'not_found');
      expectError(await api(method, `/users/me/blocks/${idOf(ana)}`, {}), 401, 'unauthorized');
    }
    expectError(await api('GET', '/users/me/blocks', {}), 401, 'unauthorized');
    expect(
      await db()
        .select()
        .from(blocks)
        .where(or(eq(blocks.blockerId, idOf(ana)), eq(blocks.blockedId, idOf(ana)))),
    ).toEqual([]);
  });
});

describe('GET /users/{userId}/friends', () => {
  it('lists the people I follow by name, with level, XP, streak as shown today, course, presence and follows-me', async () => {
    const ana = await learner();
    const zoe = await learner({ target_language: 'ja', timezone: 'Asia/Tokyo' }, 'Zoë Ñandú');
    const bob = await learner({ target_language: 'fr' }, 'bob Martin');
    await db()
      .update(profiles)
      .set({ totalXp: 1234, currentStreak: 6, longestStreak: 9, lastActiveDate: '2026-11-24' })
      .where(eq(profiles.userId, idOf(zoe)));
    // Bob's streak lapsed days ago: it shows as 0, as on his own dashboard.
    await db()
      .update(profiles)
      .set({ totalXp: 80, currentStreak: 12, lastActiveDate: '2026-11-10' })
      .where(eq(profiles.userId, idOf(bob)));
    expect((await follow(ana, idOf(zoe))).statusCode).toBe(201);
    expect((await follow(ana, idOf(bob))).statusCode).toBe(201);
    expect((await follow(bob, idOf(ana))).statusCode).toBe(201);

    const list = await friendsOf(ana);
    expect(list.total).toBe(2);
    expect(list.items.map((item) => item.name)).toEqual(['bob Martin', 'Zoë Ñandú']);
    expect(list.items[1]).toEqual({
      user_id: idOf(zoe),
      name: 'Zoë Ñandú',
      course: 'ja',
      level: levelFromXp(1234),
      total_xp: 1234,
      streak: 6,
      online: expect.any(Boolean),
      last_seen_at: expect.anything(),
      following: true,
      follows_me: false,
    });
    expect(list.items[0]).toMatchObject({ course: 'fr', total_xp: 80, level: 1, streak: 0, follows_me: true });

    // By their own id too; someone else's list is not mine to read.
    const byId = await api('GET', `/users/${idOf(ana)}/friends`, ana.bearer);
    expect(byId.statusCode).toBe(200);
    expect(FriendsResponseSchema.parse(byId.json())).toEqual(list);
    expectError(await api('GET', `/users/${idOf(zoe)}/friends`, ana.bearer), 403, 'forbidden');
    expectError(await api('GET', '/users/me/friends', {}), 401, 'unauthorized');
  });

  it('searches by name or course language, ignoring case and accents', async () => {
    const ana = await learner();
    const zoe = await learner({ target_language: 'ja' }, 'Zoë Ñandú');
    const bob = await learner({ target_language: 'fr' }, 'Bob Martin');
    await follow(ana, idOf(zoe));
    await follow(ana, idOf(bob));
    const names = async (q: string) => (await friendsOf(ana, `?q=${encodeURIComponent(q)}`)).items.map((item) => item.name);
    expect(await names('zoe')).toEqual(['Zoë Ñandú']);
    expect(await names('NANDU')).toEqual(['Zoë Ñandú']);
    expect(await names('  mar ')).toEqual(['Bob Martin']);
    expect(await names('japanese')).toEqual(['Zoë Ñandú']);
    expect(await names('japonés')).toEqual(['Zoë Ñandú']);
    expect(await names('日本語')).toEqual(['Zoë Ñandú']);
    expect(await names('fr')).toEqual(['Bob Martin']);
    expect(await names('Französisch')).toEqual(['Bob Martin']);
    expect(await names('klingon')).toEqual([]);
    expect(await names('')).toEqual(['Bob Martin', 'Zoë Ñandú']);
    const filtered = await friendsOf(ana, '?q=zoe');
    expect(filtered.total).toBe(2);

    expectError(await api('GET', `/users/me/friends?q=${'x'.repeat(101)}`, ana.bearer), 400, 'validation_error', 'querystring.q');
    expectError(await api('GET', '/users/me/friends?q=%00', ana.bearer), 400, 'validation_error', 'querystring.q');
    expectError(await api('GET', '/users/not-an-id/friends', ana.bearer), 400, 'validation_error', 'params.id');
  });

  it('shows a private learner’s numbers only once they follow back', async () => {
    const ana = await learner();
    const pia = await learner({}, 'Pia Private');
    const put = await api('PUT', '/users/me/preferences', pia.bearer, { private_profile: true });
    expect(put.statusCode, put.body).toBe(200);
    expect(PreferencesSchema.parse(put.json()).private_profile).toBe(true);
    await db()
      .update(profiles)
      .set({ totalXp: 500, currentStreak: 3, lastActiveDate: '2026-11-24' })
      .where(eq(profiles.userId, idOf(pia)));
    expect((await follow(ana, idOf(pia))).statusCode).toBe(201);

    const hidden = (await friendsOf(ana)).items[0];
    expect(hidden).toEqual({
      user_id: idOf(pia),
      name: 'Pia Private',
      course: 'es',
      level: null,
      total_xp: null,
      streak: null,
      online: null,
      last_seen_at: null,
      following: true,
      follows_me: false,
    });
    expect(JSON.stringify(await friendsOf(ana))).not.toContain('500');

    expect((await follow(pia, idOf(ana))).statusCode).toBe(201);
    expect((await friendsOf(ana)).items[0]).toMatchObject({
      total_xp: 500,
      level: levelFromXp(500),
      streak: 3,
      follows_me: true,
    });
  });
});

describe('presence: online and last seen', () => {
  it('is online within 5 minutes of a signed-in request, written at most once a minute', async () => {
    const ana = await learner();
    const bea = await learner();
    await follow(ana, idOf(bea));
    const seenAt = async () =>
      (
        await db()
          .select({ at: profiles.lastSeenAt })
          .from(profiles)
          .where(eq(profiles.userId, idOf(bea)))
      )[0]?.at ?? null;

    const start = clock.now();
    clock.set('2026-11-24T10:05:00Z');
    try {
      expect((await api('GET', '/users/me', bea.bearer)).statusCode).toBe(200);
      await vi.waitFor(async () => expect(await seenAt()).toEqual(new Date('2026-11-24T10:05:00Z')));
      expect((await friendsOf(ana)).items[0]).toMatchObject({ online: true, last_seen_at: '2026-11-24T10:05:00.000Z' });

      // Within the minute, more requests write nothing.
      clock.set('2026-11-24T10:05:40Z');
      await api('GET', '/users/me', bea.bearer);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await seenAt()).toEqual(new Date('2026-11-24T10:05:00Z'));

      // Five minutes after the last request Bea is still online; six, and she is not.
      clock.set('2026-11-24T10:10:00Z');
      expect((await friendsOf(ana)).items[0]).toMatchObject({ online: true });
      clock.set('2026-11-24T10:11:01Z');
      expect((await friendsOf(ana)).items[0]).toMatchObject({ online: false, last_seen_at: '2026-11-24T10:05:00.000Z' });

      // A request after the minute moves it on.
      await api('GET', '/dashboard', bea.bearer);
      await vi.waitFor(async () => expect(await seenAt()).toEqual(new Date('2026-11-24T10:11:01Z')));
      expect((await friendsOf(ana)).items[0]).toMatchObject({ online: true });
    } finally {
      clock.set(start.toISOString());
    }
  });
});

describe('GET /users/{otherId}: a learner’s card', () => {
  const card = (viewer: Learner, other: string) => api('GET', `/users/${other}`, viewer.bearer);

  it('shows another learner with the follows between the two, and the numbers of a public profile', async () => {
    const ana = await learner({}, 'Ana García');
    const bea = await learner({ target_language: 'ja' }, 'Bea Kowalska');
    const before = await card(ana, idOf(bea));
    expect(before.statusCode, before.body).toBe(200);
    expect(FriendSchema.parse(before.json())).toMatchObject({
      user_id: idOf(bea),
      name: 'Bea Kowalska',
      course: 'ja',
      level: 1,
      total_xp: 0,
      streak: 0,
      following: false,
      follows_me: false,
    });
    await follow(bea, idOf(ana));
    await follow(ana, idOf(bea));
    expect((await card(ana, idOf(bea))).json()).toMatchObject({ following: true, follows_me: true });
    expect((await card(bea, idOf(ana))).json()).toMatchObject({ user_id: idOf(ana), following: true, follows_me: true });
  });

  it('hides a private profile’s numbers from learners it does not follow, and shows them to those it does', async () => {
    const pia = await learner({}, 'Pia Private');
    const ana = await learner();
    const bea = await learner();
    await api('PUT', '/users/me/preferences', pia.bearer, { private_profile: true });
    await follow(pia, idOf(bea));
    expect((await card(ana, idOf(pia))).json()).toMatchObject({
      name: 'Pia Private',
      level: null,
      total_xp: null,
      streak: null,
      online: null,
      last_seen_at: null,
    });
    expect((await card(bea, idOf(pia))).json()).toMatchObject({ level: 1, total_xp: 0, follows_me: true });
  });

  it('is not found across a block, whichever of the two blocked, nor for an unknown learner', async () => {
    const ana = await learner();
    const bea = await learner();
    expect((await blockOf(ana, idOf(bea))).statusCode).toBe(201);
    expectError(await card(bea, idOf(ana)), 404, 'not_found');
    expectError(await card(ana, idOf(bea)), 404, 'not_found');
    expect((await unblock(ana, idOf(bea))).statusCode).toBe(200);
    expect((await card(bea, idOf(ana))).statusCode).toBe(200);
    expectError(await card(ana, '00000000-0000-4000-8000-000000000000'), 404, 'not_found');
  });

  it('asks for a learner’s id and a signed-in caller', async () => {
    const ana = await learner();
    expectError(await card(ana, 'not-an-id'), 400, 'validation_error', 'params.otherId');
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/v1/users/${idOf(ana)}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /users/me/suggestions', () => {
  it('suggests learners followed by people I follow first, most shared first, then my course; never the excluded', async () => {
    // A course of its own, so learners of other tests do not crowd the list.
    const course = { target_language: 'nl' };
    const me = await learner(course, 'Me Myself');
    const friend1 = await learner(course, 'Friend One');
    const friend2 = await learner(course, 'Friend Two');
    const popular = await learner({ target_language: 'ko' }, 'Popular Pat');
    const known = await learner({ target_language: 'ko' }, 'Known Kim');
    const hidden = await learner(course, 'Private Pam');
    const blocker = await learner(course, 'Blocking Bo');
    const blockee = await learner(course, 'Blocked Bi');
    const classmate = await learner(course, 'Class Mate');
    const unfinished = await registerLearner(ctx.app, { target_language: 'nl', timezone: 'UTC' });
    const otherCourse = await learner({ target_language: 'it' }, 'Other Course');

    await follow(me, idOf(friend1));
    await follow(me, idOf(friend2));
    await follow(friend1, idOf(popular));
    await follow(friend2, idOf(popular));
    await follow(friend1, idOf(known));
    await follow(friend1, idOf(hidden));
    await follow(friend1, idOf(blocker));
    await follow(friend1, idOf(me));
    await api('PUT', '/users/me/preferences', hidden.bearer, { private_profile: true });
    await blockOf(blocker, idOf(me));
    await blockOf(me, idOf(blockee));
    // The classmate was seen most recently of the course: first among them.
    await db()
      .update(profiles)
      .set({ lastSeenAt: new Date('2026-11-24T09:59:00Z') })
      .where(eq(profiles.userId, idOf(classmate)));

    const items = await suggestionsOf(me, '?limit=20');
    const ids = items.map((item) => item.user_id);
    expect(items.slice(0, 2)).toEqual([
      expect.objectContaining({ user_id: idOf(popular), reason: 'mutual', mutual_count: 2, following: false, course: 'ko' }),
      expect.objectContaining({ user_id: idOf(known), reason: 'mutual', mutual_count: 1 }),
    ]);
    expect(items[2]).toMatchObject({ user_id: idOf(classmate), reason: 'same_course', mutual_count: 0, course: 'nl' });
    for (const item of items.slice(2)) expect(item).toMatchObject({ reason: 'same_course', course: 'nl' });
    for (const excluded of [me, friend1, friend2, hidden, blocker, blockee, unfinished, otherCourse])
      expect(ids, excluded.auth.user.id).not.toContain(idOf(excluded));
    expect(JSON.stringify(items)).not.toContain('Private Pam');
    expect(items[0]).toMatchObject({ level: 1, total_xp: 0, streak: 0, online: expect.any(Boolean) });

    // Bounded by the limit, mutual ones still first.
    const one = await suggestionsOf(me, '?limit=1');
    expect(one.map((item) => item.user_id)).toEqual([idOf(popular)]);
    // Following a suggestion takes it off the list.
    await follow(me, idOf(popular));
    expect((await suggestionsOf(me)).map((item) => item.user_id)).not.toContain(idOf(popular));
  });

  it('refuses a bad limit with 400 naming it, and no token with 401', async () => {
    const ana = await learner();
    for (const limit of ['0', '21', 'ten', '-1', '2.5']) {
      expectError(
        await api('GET', `/users/me/suggestions?limit=${limit}`, ana.bearer),
        400,
        'validation_error',
        'querystring.limit',
      );
    }
    expectError(await api('GET', '/users/me/suggestions', {}), 401, 'unauthorized');
    expect((await suggestionsOf(ana)).length).toBeLessThanOrEqual(10);
  });
});

describe('GET/PUT /users/me/preferences: private_profile', () => {
  it('is off by default, turns on and off, and refuses a non-boolean with 400', async () => {
    const ana = await learner();
    const read = async () => PreferencesSchema.parse((await api('GET', '/users/me/preferences', ana.bearer)).json());
    expect((await read()).private_profile).toBe(false);
    expect((await api('PUT', '/users/me/preferences', ana.bearer, { private_profile: true })).statusCode).toBe(200);
    expect((await read()).private_profile).toBe(true);
    expectError(
      await api('PUT', '/users/me/preferences', ana.bearer, { private_profile: 'yes' }),
      400,
      'validation_error',
      'body.private_profile',
    );
    expect((await read()).private_profile).toBe(true);
    expect((await api('PUT', '/users/me/preferences', ana.bearer, { private_profile: false })).statusCode).toBe(200);
    expect(
      (
        await db()
          .select({ p: profiles.isPrivate })
          .from(profiles)
          .where(eq(profiles.userId, idOf(ana)))
      )[0]?.p,
    ).toBe(false);
  });
});

describe('a deleted account', () => {
  it('takes its follows and blocks with it', async () => {
    const ana = await learner();
    const bea = await learner();
    await follow(ana, idOf(bea));
    await follow(bea, idOf(ana));
    await blockOf(ana, idOf(bea));
    await follow(ana, idOf(bea));
    await db()
      .delete(users)
      .where(eq(users.id, idOf(bea)));
    expect(
      await db()
        .select()
        .from(follows)
        .where(or(eq(follows.followerId, idOf(bea)), eq(follows.followeeId, idOf(bea)))),
    ).toEqual([]);
    expect(
      await db()
        .select()
        .from(blocks)
        .where(eq(blocks.blockedId, idOf(bea))),
    ).toEqual([]);
    expectError(await follow(ana, idOf(bea)), 404, 'not_found');
  });
});
