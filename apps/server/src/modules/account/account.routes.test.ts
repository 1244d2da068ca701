import { rmSync } from 'node:fs';
import { StartLessonResponseSchema } from '@parla/shared/lessons.schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { buildTestApp, type TestApp, testClock } from '../../test/build-test-app';
import { answerRestWrong, registerLearner, registerUser } from '../../test/factories';
import { tsvField, vocabularyTsv } from './vocabulary-tsv';

const clock = testClock('2026-11-21T10:00:00Z');
let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp({ clock });
});
afterAll(() => ctx?.close());

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
const remove = (headers: Headers, payload?: object) =>
  ctx.app.inject({ method: 'DELETE', url: '/api/v1/users/me', headers, ...(payload ? { payload } : {}) });

async function takeLesson(headers: Headers, lessonId: string) {
  const start = await ctx.app.inject({ method: 'POST', url: `/api/v1/lessons/${lessonId}/start`, headers });
  expect(start.statusCode, start.body).toBe(200);
  const lesson = StartLessonResponseSchema.parse(start.json());
  await answerRestWrong(ctx.app, headers, lessonId, lesson);
  const done = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/lessons/${lessonId}/complete`,
    headers,
    payload: { session_id: lesson.session_id },
  });
  expect(done.statusCode, done.body).toBe(200);
  return lesson.session_id;
}

/** Rows per table that belong to the learner: `users` by id, every table with a user_id column by it. */
async function rowsOwnedBy(userId: string): Promise<Record<string, number>> {
  const result = await ctx.database.handle.db.execute(sql`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'user_id' order by table_name`);
  const tables = (result as unknown as { rows: { table_name: string }[] }).rows.map((row) => row.table_name);
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const counted = await ctx.database.handle.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`,
    );
    counts[table] = (counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  }
  const own = await ctx.database.handle.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  counts.users = own.length;
  return counts;
}

describe('GET /users/me/export', () => {
  it('downloads everything stored about the learner as one JSON attachment, with no secret and nothing of another learner', async () => {
    const a = await registerLearner(ctx.app);
    const b = await registerLearner(ctx.app);
    const sessionA = await takeLesson(a.bearer, 'greetings-1');
    const sessionB = await takeLesson(b.bearer, 'greetings-1');

    const response = await get('/users/me/export', a.bearer);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="parla-export-2026-11-21.json"');
    const data = response.json();
    expect(data.format).toBe('parla-export');
    expect(data.account).toMatchObject({ id: a.auth.user.id, email: a.email, full_name: a.full_name, has_password: true });
    expect(data.profile).toMatchObject({ target_language: 'es', timezone: 'Europe/Madrid' });
    expect(data.lesson_sessions.map((session: { id: string }) => session.id)).toEqual([sessionA]);
    expect(data.lesson_sessions[0]).toMatchObject({ lesson_id: 'greetings-1', kind: 'lesson' });
    expect(Object.keys(data.lesson_sessions[0].answers).length).toBeGreaterThan(0);
    expect(data.xp_events).toHaveLength(1);
    expect(data.xp_events[0]).toMatchObject({ source_kind: 'lesson', source_id: sessionA });
    expect(data.daily_activity).toHaveLength(1);
    expect(data.review_deck.map((row: { lesson_id: string }) => row.lesson_id)).toEqual(['greetings-1']);
    expect(data.achievements.length).toBeGreaterThan(0);
    expect(data.notifications.length).toBeGreaterThan(0);

    const text = response.body;
    expect(text).not.toContain(b.auth.user.id);
    expect(text).not.toContain(b.email);
    expect(text).not.toContain(sessionB);
    expect(text).not.toContain(a.password);
    expect(text).not.toContain(a.auth.refresh_token);
    expect(text).not.toContain('$argon2');
    expect(text).not.toMatch(/password_hash|token_hash|p256dh|"auth"/);
  });

  it('lists the people I follow, who follow me and whom I blocked, but never who blocked me', async () => {
    const [a, friend, fan, pest, blocker] = await Promise.all(Array.from({ length: 5 }, () => registerLearner(ctx.app)));
    if (!a || !friend || !fan || !pest || !blocker) throw new Error('no learners');
    const put = (headers: Headers, url: string) => ctx.app.inject({ method: 'PUT', url: `/api/v1${url}`, headers });
    const id = (learner: typeof a) => learner.auth.user.id;
    for (const [who, url] of [
      [a, `/users/me/following/${id(friend)}`],
      [friend, `/users/me/following/${id(a)}`],
      [fan, `/users/me/following/${id(a)}`],
      [a, `/users/me/blocks/${id(pest)}`],
      [blocker, `/users/me/blocks/${id(a)}`],
    ] as const) {
      const response = await put(who.bearer, url);
      expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
    }
    const data = (await get('/users/me/export', a.bearer)).json();
    const ids = (rows: { user_id: string; since: string }[]) => rows.map((row) => row.user_id).sort();
    expect(ids(data.following)).toEqual([id(friend)]);
    expect(ids(data.followers)).toEqual([id(fan), id(friend)].sort());
    expect(ids(data.blocked)).toEqual([id(pest)]);
    expect(JSON.stringify(data)).not.toContain(id(blocker));
  });

  it('holds the leagues I was placed in, with their tier, and my tier for the weeks to come', async () => {
    const a = await registerLearner(ctx.app);
    const b = await registerLearner(ctx.app);
    const empty = (await get('/users/me/export', a.bearer)).json();
    expect(empty.league_memberships).toEqual([]);
    expect(empty.league_tier).toBe(1);
    await takeLesson(a.bearer, 'greetings-1');
    await takeLesson(b.bearer, 'greetings-1');
    for (const learner of [a, b]) {
      const board = await get('/users/leaderboard?scope=league', learner.bearer);
      expect(board.statusCode, board.body).toBe(200);
      expect(board.json().placed).toBe(true);
    }
    const [cohort] = (
      (await ctx.database.handle.db.execute(
        sql`select cohort_id from league_members where user_id = ${a.auth.user.id}`,
      )) as unknown as { rows: { cohort_id: string }[] }
    ).rows;
    const data = (await get('/users/me/export', a.bearer)).json();
    // 2026-11-21 is a Saturday: the league week began on Monday the 16th.
    expect(data.league_memberships).toEqual([
      { week_start: '2026-11-16', cohort_id: cohort?.cohort_id, tier: 1, placed_at: '2026-11-21T10:00:00.000Z' },
    ]);
    expect(JSON.stringify(data)).not.toContain(b.auth.user.id);
  });

  it('pages a long history of lessons into one valid document', async () => {
    const a = await registerLearner(ctx.app);
    await ctx.database.handle.db.update(users).set({ plan: 'premium' }).where(eq(users.id, a.auth.user.id));
    const lessons = ['greetings-1', 'greetings-2', 'greetings-3'];
    const ids: string[] = [];
    for (const lesson of lessons) ids.push(await takeLesson(a.bearer, lesson));
    // More than a page (50) of sessions, written straight into the table.
    await ctx.database.handle.db.execute(sql`
      insert into lesson_sessions (user_id, lesson_id, course, native_language, seed, exercises, local_date, started_at)
      select ${a.auth.user.id}, 'greetings-1', 'es', 'en', n, '[]'::jsonb, '2026-11-20', timestamptz '2026-11-20T08:00:00Z' + n * interval '1 second'
      from generate_series(1, 120) n`);
    const response = await get('/users/me/export', a.bearer);
    expect(response.statusCode).toBe(200);
    const sessions: { id: string }[] = response.json().lesson_sessions;
    expect(sessions).toHaveLength(123);
    expect(new Set(sessions.map((session) => session.id)).size).toBe(123);
    // The three lessons started at the test clock's one instant, after the 120: ordered by id among themselves.
    expect(sessions.slice(-3).map((session) => session.id)).toEqual([...ids].sort());
  });

  it('writes an empty history as an empty list', async () => {
    const a = await registerUser(ctx.app);
    const response = await get('/users/me/export', a.bearer);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ lesson_sessions: [], xp_events: [], review_deck: [] });
  });

  it('is limited per learner (429 with Retry-After), and needs a signed-in learner', async () => {
    const a = await registerUser(ctx.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) statuses.push((await get('/users/me/export', a.bearer)).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    const limited = await get('/users/me/export/vocabulary.tsv', a.bearer);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await get('/users/me/export', {})).statusCode).toBe(401);
  });
});

describe('GET /users/me/export/vocabulary.tsv', () => {
  it('lists the words of the lessons taken with their translation, as a file Anki imports', async () => {
    const a = await registerLearner(ctx.app, { target_language: 'ja', native_language: 'de', timezone: 'Asia/Tokyo' });
    await takeLesson(a.bearer, 'greetings-1');
    const response = await get('/users/me/export/vocabulary.tsv', a.bearer);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/tab-separated-values; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="parla-vocabulary-2026-11-21.tsv"');
    const lines = response.body.trimEnd().split('\n');
    expect(lines.slice(0, 4)).toEqual([
      '#separator:tab',
      '#html:false',
      '#columns:Front\tBack\tRomanisation\tTags',
      '#tags column:4',
    ]);
    const rows = lines.slice(4).map((line) => line.split('\t'));
    expect(rows.length).toBeGreaterThan(2);
    for (const row of rows) {
      expect(row).toHaveLength(4);
      expect(row[0]).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      expect(row[2]).toMatch(/^[a-zāēīōū' -]+$/i);
      expect(row[3]).toContain('parla::ja::greetings-1');
    }
    expect(rows.map((row) => row[1]).join(' ')).toContain('auf Wiedersehen');
  });

  it('gives a learner with no lessons only the header', async () => {
    const a = await registerLearner(ctx.app);
    const response = await get('/users/me/export/vocabulary.tsv', a.bearer);
    expect(response.statusCode).toBe(200);
    expect(response.body.trimEnd().split('\n')).toHaveLength(4);
  });

  it('quotes a field holding a tab, a line break, a quote or a leading #, so no content shifts a column or a note', () => {
    expect(tsvField('hola')).toBe('hola');
    expect(tsvField('a\tb')).toBe('"a\tb"');
    expect(tsvField('one\ntwo')).toBe('"one\ntwo"');
    expect(tsvField('cr\rlf')).toBe('"cr\rlf"');
    expect(tsvField('say "hi"')).toBe('"say ""hi"""');
    expect(tsvField('#tag')).toBe('"#tag"');
    expect(tsvField('a#b')).toBe('a#b');
    const file = vocabularyTsv([{ front: 'a\tb', back: 'x\n"y"', romanisation: '', tags: 'parla' }]);
    expect(file.split('\n').slice(4).join('\n')).toBe('"a\tb"\t"x\n""y"""\t\tparla\n');
  });
});

describe('DELETE /users/me', () => {
  it('finds every foreign key to users cascading, but for none (a new table that forgets would keep a deleted learner’s rows)', async () => {
    const result = await ctx.database.handle.db.execute(sql`
      select con.conrelid::regclass::text as table_name, con.confdeltype as on_delete
      from pg_constraint con
      where con.contype = 'f' and con.confrelid = 'public.users'::regclass
      order by 1`);
    const keys = (result as unknown as { rows: { table_name: string; on_delete: string }[] }).rows;
    expect(keys.length).toBeGreaterThan(10);
    expect(keys.filter((key) => key.on_delete !== 'c')).toEqual([]);
  });

  it('deletes the account with its password: sessions end at once, sign-in and refresh fail, no row remains', async () => {
    const a = await registerLearner(ctx.app);
    const b = await registerLearner(ctx.app);
    await takeLesson(a.bearer, 'greetings-1');
    await takeLesson(b.bearer, 'greetings-1');
    const id = a.auth.user.id;
    // Follows both ways and a block: rows that name A in columns other than user_id.
    for (const [headers, url] of [
      [a.bearer, `/users/me/following/${b.auth.user.id}`],
      [b.bearer, `/users/me/following/${id}`],
    ] as const)
      expect((await ctx.app.inject({ method: 'PUT', url: `/api/v1${url}`, headers })).statusCode).toBeLessThan(300);
    const c = await registerLearner(ctx.app);
    expect(
      (await ctx.app.inject({ method: 'PUT', url: `/api/v1/users/me/blocks/${id}`, headers: c.bearer })).statusCode,
    ).toBeLessThan(300);
    const social = async () => {
      const counted = await ctx.database.handle.db.execute(sql`
        select (select count(*)::int from follows where follower_id = ${id} or followee_id = ${id})
             + (select count(*)::int from blocks where blocker_id = ${id} or blocked_id = ${id}) as n`);
      return (counted as unknown as { rows: { n: number }[] }).rows[0]?.n;
    };
    expect(await social()).toBe(3);
    const before = await rowsOwnedBy(id);
    expect(before.users).toBe(1);
    expect(before.lesson_sessions).toBe(1);
    expect(before.xp_events).toBe(1);
    const bBefore = await rowsOwnedBy(b.auth.user.id);

    const response = await remove(a.bearer, { password: a.password });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });

    // Every table is empty of A, but for the revocations that keep A's sessions dead on every replica.
    const after = await rowsOwnedBy(id);
    for (const [table, count] of Object.entries(after)) {
      expect(count, table).toBe(table === 'session_revocations' ? (before.session_revocations ?? 0) + 1 : 0);
    }
    expect(await social()).toBe(0);
    expect(await rowsOwnedBy(b.auth.user.id)).toEqual(bBefore);

    expect((await get('/users/me', a.bearer)).statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: a.email, password: a.password },
      remoteAddress: '10.66.0.1',
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().code).toBe('invalid_credentials');
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh_token: a.auth.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    // The e-mail is free again.
    await registerUser(ctx.app, { username: a.email });
  });

  it('takes the conversations with it, both sides: the other learner’s list no longer shows one', async () => {
    const a = await registerLearner(ctx.app);
    const b = await registerLearner(ctx.app);
    const put = (headers: Headers, url: string) => ctx.app.inject({ method: 'PUT', url: `/api/v1${url}`, headers });
    expect((await put(a.bearer, `/users/me/following/${b.auth.user.id}`)).statusCode).toBe(201);
    expect((await put(b.bearer, `/users/me/following/${a.auth.user.id}`)).statusCode).toBe(201);
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const sent = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/users/me/conversations/${to.auth.user.id}/messages`,
        headers: from.bearer,
        payload: { text: 'hola' },
      });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const sides = async () => {
      const counted = await ctx.database.handle.db.execute(sql`
        select count(*)::int as n from conversations where user_id = ${a.auth.user.id} or other_id = ${a.auth.user.id}`);
      return (counted as unknown as { rows: { n: number }[] }).rows[0]?.n;
    };
    expect(await sides()).toBe(2);
    expect((await get('/users/me/conversations', b.bearer)).json().items).toHaveLength(1);

    expect((await remove(a.bearer, { password: a.password })).statusCode).toBe(200);
    expect(await sides()).toBe(0);
    expect((await get('/users/me/conversations', b.bearer)).json().items).toEqual([]);
  });

  it('answers 400 naming body.password when it is missing, and 422 for a wrong one, deleting nothing', async () => {
    const a = await registerLearner(ctx.app);
    const missing = await remove(a.bearer, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'validation_error', errors: [{ path: 'body.password' }] });
    const empty = await remove(a.bearer, { password: '' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json().errors)).toContain('password');
    const extra = await remove(a.bearer, { password: a.password, confirm: true });
    expect(extra.statusCode).toBe(400);
    const noBody = await remove(a.bearer);
    expect(noBody.statusCode).toBe(400);
    const wrong = await remove(a.bearer, { password: 'not-my-password-at-all' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'current_password_incorrect', errors: [{ path: 'body.password' }] });
    expect((await rowsOwnedBy(a.auth.user.id)).users).toBe(1);
    expect((await get('/users/me', a.bearer)).statusCode).toBe(200);
  });

  it('deletes only the caller: another learner’s password deletes nobody', async () => {
    const a = await registerLearner(ctx.app);
    const b = await registerLearner(ctx.app, { target_language: 'fr', timezone: 'UTC' });
    // B's password is not A's: it is refused with the same 422, and B keeps the account.
    const sameWords = await registerUser(ctx.app, { password: 'marble-orchard-77' });
    const refused = await remove(sameWords.bearer, { password: b.password });
    expect(refused.statusCode).toBe(422);
    expect((await rowsOwnedBy(b.auth.user.id)).users).toBe(1);
    expect((await rowsOwnedBy(a.auth.user.id)).users).toBe(1);
    expect((await remove({}, { password: a.password })).statusCode).toBe(401);
  });

  it('throttles password guesses per learner (429), before the password is checked', async () => {
    const a = await registerLearner(ctx.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++)
      statuses.push((await remove(a.bearer, { password: `guess-${attempt}` })).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Even the right password waits for the window now.
    expect((await remove(a.bearer, { password: a.password })).statusCode).toBe(429);
    expect((await rowsOwnedBy(a.auth.user.id)).users).toBe(1);
  });

  it('asks an account without a password for a sign-in in the last 10 minutes (403 otherwise)', async () => {
    const a = await registerLearner(ctx.app);
    await ctx.database.handle.db.update(users).set({ passwordHash: null }).where(eq(users.id, a.auth.user.id));
    const start = clock.now().toISOString();
    try {
      clock.set(new Date(clock.now().getTime() + 11 * 60 * 1000).toISOString());
      // The access token is 15 minutes long: still valid, but the sign-in is 11 minutes old.
      const stale = await remove(a.bearer, {});
      expect(stale.statusCode, stale.body).toBe(403);
      expect(stale.json().code).toBe('reauthentication_required');
      expect((await rowsOwnedBy(a.auth.user.id)).users).toBe(1);
      clock.set(new Date(new Date(start).getTime() + 9 * 60 * 1000).toISOString());
      const fresh = await remove(a.bearer, {});
      expect(fresh.statusCode, fresh.body).toBe(200);
      expect((await rowsOwnedBy(a.auth.user.id)).users).toBe(0);
    } finally {
      clock.set(start);
    }
  });

  it('deletes once when 50 deletions arrive at once: the others answer 401 or 404, never 429 or 500', async () => {
    const a = await registerLearner(ctx.app);
    await takeLesson(a.bearer, 'greetings-1');
    const responses = await Promise.all(Array.from({ length: 50 }, () => remove(a.bearer, { password: a.password })));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const status of statuses.filter((item) => item !== 200)) expect([401, 404]).toContain(status);
    const after = await rowsOwnedBy(a.auth.user.id);
    expect(Object.entries(after).filter(([table, count]) => table !== 'session_revocations' && count > 0)).toEqual([]);
  });

  it('deletes once when two replicas on one database get 25 deletions each at once', async () => {
    const other = await buildTestApp({ clock, database: ctx.database });
    try {
      const a = await registerLearner(ctx.app);
      const send = (app: TestApp['app']) =>
        app.inject({ method: 'DELETE', url: '/api/v1/users/me', headers: a.bearer, payload: { password: a.password } });
      const responses = await Promise.all(Array.from({ length: 50 }, (_, index) => send(index % 2 ? other.app : ctx.app)));
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      for (const status of statuses.filter((item) => item !== 200)) expect([401, 404]).toContain(status);
      expect((await rowsOwnedBy(a.auth.user.id)).users).toBe(0);
    } finally {
      await other.app.close();
      rmSync(other.env.DATA_DIR, { recursive: true, force: true });
    }
  });
});
