import { StartLessonResponseSchema } from '@parla/shared/lessons.schema';
import {
  MarkAllNotificationsReadResponseSchema,
  type Notification,
  NotificationSchema,
  NotificationsPageSchema,
} from '@parla/shared/notifications.schema';
import { GetMeResponseSchema } from '@parla/shared/users.schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeText } from '../../db/client';
import { notifications, users } from '../../db/schema/index';
import { buildTestApp, type TestApp, testClock } from '../../test/build-test-app';
import { answerRestWrong, apiCaller, registerLearner } from '../../test/factories';
import { createNotificationsRepository, type NewNotification } from './notifications.repository';
import { encodeCursor } from './notifications-cursor';
import { achievementNotificationsSelect, notifyCte } from './notify.sql';

const clock = testClock('2026-11-24T10:00:00Z');
let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp({ clock });
});
afterAll(() => ctx.close());

const { get, post } = apiCaller(() => ctx.app);
type Headers = Record<string, string>;
const db = () => ctx.database.handle.db;
const repo = () => createNotificationsRepository(ctx.database.handle);

async function pageOf(bearer: Headers, query = '', id = 'me') {
  const reply = await get(`/users/${id}/notifications${query}`, bearer);
  expect(reply.statusCode, reply.body).toBe(200);
  return NotificationsPageSchema.parse(reply.json());
}

async function unreadOnMe(bearer: Headers) {
  const reply = await get('/users/me', bearer);
  expect(reply.statusCode, reply.body).toBe(200);
  return GetMeResponseSchema.parse(reply.json()).unread_notifications;
}

/** Every notification of the filter, page after page of `limit`. */
async function allPages(bearer: Headers, filter: string, limit: number) {
  const seen: Notification[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query: string = `?filter=${filter}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = await pageOf(bearer, query);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    seen.push(...page.items);
    cursor = page.next_cursor;
    pages += 1;
    expect(pages).toBeLessThan(100);
  } while (cursor);
  return { seen, pages };
}

const note = (userId: string, n: number, overrides: Partial<NewNotification> = {}): NewNotification => ({
  userId,
  type: 'system',
  kind: 'system.test',
  params: { n },
  dedupeKey: `test:${n}`,
  ...overrides,
});

async function premiumLearner() {
  const account = await registerLearner(ctx.app);
  await db().update(users).set({ plan: 'premium' }).where(eq(users.id, account.auth.user.id));
  return account;
}

async function answeredLesson(bearer: Headers, lessonId: string) {
  const reply = await post(`/lessons/${lessonId}/start`, bearer);
  expect(reply.statusCode, reply.body).toBe(200);
  const start = StartLessonResponseSchema.parse(reply.json());
  await answerRestWrong(ctx.app, bearer, lessonId, start);
  return start.session_id;
}

describe('GET /users/{userId}/notifications', () => {
  it('answers an empty first page to a new learner, by `me` and by their own id; /users/me counts 0', async () => {
    const account = await registerLearner(ctx.app);
    const page = await pageOf(account.bearer);
    expect(page).toEqual({ items: [], next_cursor: null, unread_count: 0 });
    expect(await pageOf(account.bearer, '', account.auth.user.id)).toEqual(page);
    expect(await unreadOnMe(account.bearer)).toBe(0);
  });

  it('refuses bad input with 400 naming the field, another learner’s list with 403, and no token with 401', async () => {
    const alice = await registerLearner(ctx.app);
    const bob = await registerLearner(ctx.app);
    const bad: [string, string][] = [
      ['?filter=everything', 'querystring.filter'],
      ['?limit=0', 'querystring.limit'],
      ['?limit=51', 'querystring.limit'],
      ['?limit=ten', 'querystring.limit'],
      ['?cursor=', 'querystring.cursor'],
      ['?cursor=not%20base64!', 'querystring.cursor'],
      [`?cursor=${Buffer.from('123.not-a-uuid').toString('base64url')}`, 'querystring.cursor'],
      [`?cursor=${Buffer.from(`x.${alice.auth.user.id}`).toString('base64url')}`, 'querystring.cursor'],
    ];
    for (const [query, path] of bad) {
      const reply = await get(`/users/me/notifications${query}`, alice.bearer);
      expect(reply.statusCode, `${query}: ${reply.body}`).toBe(400);
      expect(reply.json(), query).toMatchObject({
        code: 'validation_error',
        detail: expect.any(String),
        errors: [expect.objectContaining({ path })],
      });
    }
    const malformed = await get('/users/not-a-user/notifications', alice.bearer);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ errors: [expect.objectContaining({ path: 'params.id' })] });

    const other = await get(`/users/${bob.auth.user.id}/notifications`, alice.bearer);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'forbidden', detail: expect.any(String) });
    const anonymous = await get('/users/me/notifications', {});
    expect(anonymous.statusCode).toBe(401);
  });

  it('pages newest first across pages without a duplicate or a gap, ties on the instant broken by id', async () => {
    const account = await registerLearner(ctx.app);
    const userId = account.auth.user.id;
    // 37 notifications over 5 instants (many share one), and one with microseconds a Date cannot hold.
    const rows = Array.from({ length: 37 }, (_, n) =>
      note(userId, n, { createdAt: new Date(Date.parse('2026-11-20T08:00:00Z') + (n % 5) * 60_000) }),
    );
    expect(await repo().notify(rows)).toHaveLength(37);
    await db().execute(
      sql`update notifications set created_at = created_at + interval '250 microseconds' where user_id = ${userId} and params->>'n' = '0'`,
    );
    // Another learner's notifications never show.
    const other = await registerLearner(ctx.app);
    await repo().notify([note(other.auth.user.id, 1)]);

    const expected = (
      await executeText<{ id: string }>(
        db(),
        'select id from notifications where user_id = $1 order by created_at desc, id desc',
        [userId],
      )
    ).map((row) => row.id);
    for (const limit of [1, 7, 20, 37, 50]) {
      const { seen, pages } = await allPages(account.bearer, 'all', limit);
      expect(
        seen.map((item) => item.id),
        `limit ${limit}`,
      ).toEqual(expected);
      expect(pages).toBe(Math.ceil(37 / limit));
    }
    // The default page is 20.
    const first = await pageOf(account.bearer);
    expect(first.items).toHaveLength(20);
    expect(first.unread_count).toBe(37);
    expect(first.items[0]).toMatchObject({
      type: 'system',
      kind: 'system.test',
      params: { n: expect.any(Number) },
      icon: '🔔',
      read: false,
    });
  });

  it('filters: unread, achievements and social select their notifications; all shows every one', async () => {
    const account = await registerLearner(ctx.app);
    const userId = account.auth.user.id;
    const created = await repo().notify([
      note(userId, 1, { type: 'achievement', kind: 'achievement.earned', params: { achievement_id: 'streak-7' } }),
      note(userId, 2, { type: 'social', kind: 'social.followed', params: { name: 'Bea' } }),
      note(userId, 3, { type: 'streak', kind: 'streak.reminder', params: {} }),
      note(userId, 4, { type: 'social', kind: 'social.followed', params: { name: 'Cai' } }),
      note(userId, 5, { type: 'lesson', kind: 'lesson.new', params: {} }),
    ]);
    expect(created).toHaveLength(5);
    const idOf = (n: number) => created.find((row) => row.dedupe_key === `test:${n}`)?.id ?? '';
    expect((await post(`/users/me/notifications/${idOf(2)}/read`, account.bearer)).statusCode).toBe(200);
    expect((await post(`/users/me/notifications/${idOf(5)}/read`, account.bearer)).statusCode).toBe(200);

    const ids = async (filter: string) => (await pageOf(account.bearer, `?filter=${filter}`)).items.map((item) => item.id).sort();
    expect(await ids('all')).toEqual([1, 2, 3, 4, 5].map(idOf).sort());
    expect(await ids('unread')).toEqual([1, 3, 4].map(idOf).sort());
    expect(await ids('achievement')).toEqual([idOf(1)]);
    expect(await ids('social')).toEqual([2, 4].map(idOf).sort());
    const achievement = (await pageOf(account.bearer, '?filter=achievement')).items[0];
    expect(achievement).toMatchObject({ icon: '🏆', params: { achievement_id: 'streak-7' }, read: false });
    expect((await pageOf(account.bearer, '?filter=social')).unread_count).toBe(3);
    // Paging within a filter.
    expect((await allPages(account.bearer, 'unread', 2)).seen.map((item) => item.id).sort()).toEqual([1, 3, 4].map(idOf).sort());
  });
});

describe('POST /users/{userId}/notifications/{id}/read and /read-all', () => {
  it('marks one read (again: the same answer), counted on the list and on /users/me', async () => {
    const account = await registerLearner(ctx.app);
    const [row] = await repo().notify([note(account.auth.user.id, 1), note(account.auth.user.id, 2)]);
    if (!row) throw new Error('not created');
    expect(await unreadOnMe(account.bearer)).toBe(2);
    const first = await post(`/users/me/notifications/${row.id}/read`, account.bearer);
    expect(first.statusCode, first.body).toBe(200);
    const marked = NotificationSchema.parse(first.json());
    expect(marked).toMatchObject({ id: row.id, read: true });
    clock.set('2026-11-24T10:05:00Z');
    const again = await post(`/users/${account.auth.user.id}/notifications/${row.id}/read`, account.bearer);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(marked);
    const [stored] = await db().select().from(notifications).where(eq(notifications.id, row.id));
    expect(stored?.readAt).toEqual(new Date('2026-11-24T10:00:00Z'));
    clock.set('2026-11-24T10:00:00Z');
    expect(await unreadOnMe(account.bearer)).toBe(1);
    expect((await pageOf(account.bearer)).unread_count).toBe(1);
  });

  it('answers 404 for someone else’s or an unknown notification, 403 for another learner’s path, 400 for a malformed id', async () => {
    const alice = await registerLearner(ctx.app);
    const bob = await registerLearner(ctx.app);
    const [bobs] = await repo().notify([note(bob.auth.user.id, 1)]);
    if (!bobs) throw new Error('not created');
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const id of [bobs.id, unknown]) {
      const reply = await post(`/users/me/notifications/${id}/read`, alice.bearer);
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({ code: 'not_found', detail: 'There is no such notification.' });
    }
    const [stored] = await db().select().from(notifications).where(eq(notifications.id, bobs.id));
    expect(stored?.readAt).toBeNull();

    const forbidden = [
      await post(`/users/${bob.auth.user.id}/notifications/${bobs.id}/read`, alice.bearer),
      await post(`/users/${bob.auth.user.id}/notifications/read-all`, alice.bearer),
    ];
    for (const reply of forbidden) {
      expect(reply.statusCode).toBe(403);
      expect(reply.json()).toMatchObject({ code: 'forbidden' });
    }
    const malformed = await post('/users/me/notifications/42/read', alice.bearer);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ errors: [expect.objectContaining({ path: 'params.notificationId' })] });
    expect((await post('/users/nobody/notifications/read-all', alice.bearer)).statusCode).toBe(400);
    expect((await post('/users/me/notifications/read-all', {})).statusCode).toBe(401);
    expect(await unreadOnMe(bob.bearer)).toBe(1);
  });

  it('read-all marks each unread one once, even called 50 times at once', async () => {
    const account = await registerLearner(ctx.app);
    const userId = account.auth.user.id;
    await repo().notify(Array.from({ length: 30 }, (_, n) => note(userId, n)));
    const other = await registerLearner(ctx.app);
    await repo().notify([note(other.auth.user.id, 1)]);
    const [firstId] = (await pageOf(account.bearer, '?limit=1')).items.map((item) => item.id);
    await post(`/users/me/notifications/${firstId}/read`, account.bearer);

    const replies = await Promise.all(Array.from({ length: 50 }, () => post('/users/me/notifications/read-all', account.bearer)));
    let marked = 0;
    for (const reply of replies) {
      expect(reply.statusCode, reply.body).toBe(200);
      const body = MarkAllNotificationsReadResponseSchema.parse(reply.json());
      expect(body.unread_count).toBe(0);
      marked += body.marked;
    }
    expect(marked).toBe(29);
    expect(await unreadOnMe(account.bearer)).toBe(0);
    expect((await pageOf(account.bearer, '?filter=unread')).items).toEqual([]);
    // Another learner's stay unread.
    expect(await unreadOnMe(other.bearer)).toBe(1);
  });
});

describe('notify()', () => {
  it('returns only what it created: a dedupe key the learner has yields nothing, even 50 times at once', async () => {
    const account = await registerLearner(ctx.app);
    const userId = account.auth.user.id;
    const other = await registerLearner(ctx.app);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        repo().notify([
          note(userId, 1, { type: 'streak', kind: 'streak.reminder', dedupeKey: 'streak:2026-11-24' }),
          note(other.auth.user.id, i, { dedupeKey: `other:${i % 10}` }),
        ]),
      ),
    );
    const created = results.flat();
    expect(created.filter((row) => row.user_id === userId)).toHaveLength(1);
    expect(created.filter((row) => row.user_id === other.auth.user.id)).toHaveLength(10);
    expect(await repo().notify([note(userId, 2, { dedupeKey: 'streak:2026-11-24' })])).toEqual([]);
    expect((await pageOf(account.bearer)).items).toEqual([
      expect.objectContaining({ type: 'streak', kind: 'streak.reminder', icon: '🔥', read: false }),
    ]);
  });

  it('inside a transaction, is undone with it', async () => {
    const account = await registerLearner(ctx.app);
    await expect(
      db().transaction(async (tx) => {
        expect(await repo().notify([note(account.auth.user.id, 1)], tx)).toHaveLength(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await pageOf(account.bearer)).items).toEqual([]);
  });

  it('notifyCte stores from a producer’s own statement and yields only the new rows', async () => {
    const account = await registerLearner(ctx.app);
    const userId = account.auth.user.id;
    const statement = (ids: string[]) => `
      with achievement_earned as (
        select '${userId}'::uuid as user_id, a.id as achievement_id, timestamptz '2026-11-24T09:00:00Z' as earned_at
          from unnest(array[${ids.map((id) => `'${id}'`).join(', ')}]::text[]) as a(id)
      ), ${notifyCte('notified', achievementNotificationsSelect('achievement_earned'))}
      select id, type, kind, params from notified order by kind`;
    const first = await executeText(db(), statement(['first-lesson', 'xp-100']), []);
    expect(first).toHaveLength(2);
    const second = await executeText(db(), statement(['first-lesson', 'streak-3']), []);
    expect(second).toEqual([
      expect.objectContaining({ type: 'achievement', kind: 'achievement.earned', params: { achievement_id: 'streak-3' } }),
    ]);
    const page = await pageOf(account.bearer, '?filter=achievement');
    expect(page.items.map((item) => item.params.achievement_id).sort()).toEqual(['first-lesson', 'streak-3', 'xp-100']);
    expect(page.items.every((item) => item.created_at === '2026-11-24T09:00:00.000Z')).toBe(true);
    expect(() => notifyCte('x; drop table users', 'select 1')).toThrow();
    expect(encodeCursor({ created_us: '1', id: userId })).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});

describe('achievements → notifications', () => {
  it('a learner finishing their first lesson has one “achievement unlocked” for it', async () => {
    const account = await registerLearner(ctx.app);
    const sessionId = await answeredLesson(account.bearer, 'greetings-1');
    const reply = await post('/lessons/greetings-1/complete', account.bearer, { session_id: sessionId });
    expect(reply.statusCode, reply.body).toBe(200);
    const page = await pageOf(account.bearer);
    expect(page.items).toEqual([
      {
        id: expect.any(String),
        type: 'achievement',
        kind: 'achievement.earned',
        params: { achievement_id: 'first-lesson' },
        icon: '🎯',
        read: false,
        created_at: '2026-11-24T10:00:00.000Z',
      },
    ]);
    expect(page.unread_count).toBe(1);
    expect(await unreadOnMe(account.bearer)).toBe(1);
    // Stored by the completion's own statement (ADR 024): no transaction handler, one statement.
    expect(ctx.app.events.needsTransaction(['lesson.completed', 'xp.awarded', 'achievement.earned'])).toBe(false);
  });

  it('a learner who turned the in-app channel off earns the achievement without a notification', async () => {
    const account = await registerLearner(ctx.app);
    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/preferences',
      headers: account.bearer,
      payload: { notifications: { in_app: false } },
    });
    expect(off.statusCode, off.body).toBe(200);
    const sessionId = await answeredLesson(account.bearer, 'greetings-1');
    const reply = await post('/lessons/greetings-1/complete', account.bearer, { session_id: sessionId });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().achievements_earned).toEqual(['first-lesson']);
    expect((await pageOf(account.bearer)).items).toEqual([]);
    expect(await unreadOnMe(account.bearer)).toBe(0);
  });

  it('fifty concurrent completions (ten lessons, each five times; two app instances on PostgreSQL) notify it once', async () => {
    const onPostgres = ctx.database.url !== undefined;
    const second = onPostgres ? await buildTestApp({ clock, database: { ...ctx.database, dispose: async () => {} } }) : ctx;
    try {
      const account = await premiumLearner();
      const userId = account.auth.user.id;
      const lessons = ['greetings', 'family'].flatMap((unit) => [1, 2, 3, 4, 5].map((n) => `${unit}-${n}`));
      const sessions: string[] = [];
      for (const lessonId of lessons) sessions.push(await answeredLesson(account.bearer, lessonId));
      const apps = [ctx.app, second.app];
      const replies = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          apps[i % 2]?.inject({
            method: 'POST',
            url: `/api/v1/lessons/${lessons[i % 10]}/complete`,
            headers: account.bearer,
            payload: { session_id: sessions[i % 10] },
          }),
        ),
      );
      for (const reply of replies) expect(reply?.statusCode, reply?.body).toBe(200);
      const stored = await db()
        .select({ kind: notifications.kind, params: notifications.params, key: notifications.dedupeKey })
        .from(notifications)
        .where(eq(notifications.userId, userId));
      const keys = stored.map((row) => row.key);
      expect(keys.filter((key) => key === 'achievement:first-lesson')).toHaveLength(1);
      expect(keys).toContain('achievement:five-lessons');
      expect(new Set(keys).size).toBe(keys.length);
      expect(stored.every((row) => row.kind === 'achievement.earned')).toBe(true);
    } finally {
      if (second !== ctx) await second.close();
    }
  }, 60_000);
});
