import {
  FriendsLeaderboardSchema,
  LEAGUE_COHORT_SIZE,
  type LeagueLeaderboard,
  LeagueLeaderboardSchema,
} from '@parla/shared/leagues.schema';
import { StartLessonResponseSchema } from '@parla/shared/lessons.schema';
import { count, eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { leagueCohorts, leagueMembers, leagueTiers, leagueWeeksClosed, profiles, weeklyXp } from '../../db/schema/index';
import { buildTestApp, type TestApp, testClock } from '../../test/build-test-app';
import { answerRestWrong, registerUser } from '../../test/factories';
import { createLeaguesRepository } from './leagues.repository';
import { createLeaguesService, createLeagueWeekCloser } from './leagues.service';

// Tuesday of the league week that starts on Monday 2026-11-23.
const clock = testClock('2026-11-24T10:00:00Z');
let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp({ clock });
});
afterAll(() => ctx?.close());

type Headers = Record<string, string>;
type Learner = Awaited<ReturnType<typeof learner>>;
const db = () => ctx.database.handle.db;
const api = (method: 'GET' | 'PUT', url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
const idOf = (account: Learner) => account.auth.user.id;

async function learner(name = 'Ana García') {
  const account = await registerUser(ctx.app, { full_name: name });
  const profile = { target_language: 'es', timezone: 'Europe/Madrid', learning_styles: ['visual'], profile_completed: true };
  const put = await ctx.app.inject({ method: 'PUT', url: '/api/v1/users/me/profile', headers: account.bearer, payload: profile });
  expect(put.statusCode, put.body).toBe(200);
  return account;
}

async function learners(n: number, prefix: string): Promise<Learner[]> {
  const made: Learner[] = [];
  for (let start = 0; start < n; start += 10) {
    made.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, n - start) }, (_, i) => learner(`${prefix} ${String(start + i).padStart(2, '0')}`)),
      )),
    );
  }
  return made;
}

/** XP as the progress ledger leaves it: the learner's total and this week's row (setup only; one test earns it through a lesson). */
async function giveXp(account: Learner, weekStart: string, week: number, total = week) {
  await db()
    .insert(weeklyXp)
    .values({ userId: idOf(account), weekStart, xp: week })
    .onConflictDoUpdate({ target: [weeklyXp.userId, weeklyXp.weekStart], set: { xp: week } });
  await db()
    .update(profiles)
    .set({ totalXp: total })
    .where(eq(profiles.userId, idOf(account)));
}

async function friendsBoard(account: Learner) {
  const reply = await api('GET', '/users/leaderboard?scope=friends', account.bearer);
  expect(reply.statusCode, reply.body).toBe(200);
  return FriendsLeaderboardSchema.parse(reply.json());
}

async function league(account: Learner): Promise<LeagueLeaderboard> {
  const reply = await api('GET', '/users/leaderboard?scope=league', account.bearer);
  expect(reply.statusCode, reply.body).toBe(200);
  return LeagueLeaderboardSchema.parse(reply.json());
}

const makePrivate = async (account: Learner) => {
  const reply = await api('PUT', '/users/me/preferences', account.bearer, { private_profile: true });
  expect(reply.statusCode, reply.body).toBe(200);
};

describe('GET /users/leaderboard', () => {
  it('answers 401 without a token and 400 naming the scope for a missing or unknown one', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/users/leaderboard?scope=friends' })).statusCode).toBe(401);
    const a = await learner();
    for (const query of ['', '?scope=global', '?scope=FRIENDS', '?scope[]=league']) {
      const reply = await api('GET', `/users/leaderboard${query}`, a.bearer);
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'validation_error' });
      expect(reply.body).toContain('scope');
    }
  });

  it('friends: me and the people I follow by total XP, with this week’s XP; never a block, a private learner only if they follow me', async () => {
    const [me, high, low, secret, secretFriend, blocker, stranger] = await learners(7, 'Friend');
    if (!me || !high || !low || !secret || !secretFriend || !blocker || !stranger) throw new Error('learners');
    const week = '2026-11-23';
    await giveXp(me, week, 40, 500);
    await giveXp(high, week, 10, 900);
    await giveXp(low, week, 90, 100);
    await giveXp(secret, week, 5, 2000);
    await giveXp(secretFriend, week, 5, 700);
    await giveXp(blocker, week, 5, 3000);
    await giveXp(stranger, week, 5, 5000);
    for (const other of [high, low, secret, secretFriend, blocker]) {
      expect((await api('PUT', `/users/me/following/${idOf(other)}`, me.bearer)).statusCode).toBe(201);
    }
    expect((await api('PUT', `/users/me/following/${idOf(me)}`, secretFriend.bearer)).statusCode).toBe(201);
    await makePrivate(secret);
    await makePrivate(secretFriend);
    expect((await api('PUT', `/users/me/blocks/${idOf(me)}`, blocker.bearer)).statusCode).toBeLessThan(300);

    const board = await friendsBoard(me);
    expect(board.week_start).toBe(week);
    expect(board.items.map((row) => [row.user_id, row.rank, row.total_xp, row.week_xp, row.is_me])).toEqual([
      [idOf(high), 1, 900, 10, false],
      [idOf(secretFriend), 2, 700, 5, false],
      [idOf(me), 3, 500, 40, true],
      [idOf(low), 4, 100, 90, false],
    ]);
    expect(board.items[0]).toMatchObject({ name: 'Friend 01', level: expect.any(Number) });
    // Alone on one's own board until one follows someone.
    expect((await friendsBoard(stranger)).items.map((row) => row.user_id)).toEqual([idOf(stranger)]);
  });

  it('league: not placed before any XP this week; the first lesson places the learner at tier 1 with the week’s end', async () => {
    const a = await learner();
    const before = await league(a);
    expect(before).toMatchObject({ placed: false, tier: 1, my_rank: null, items: [], week_start: '2026-11-23' });
    const start = await api('GET', '/users/me', a.bearer);
    expect(start.statusCode).toBe(200);
    const lesson = await ctx.app.inject({ method: 'POST', url: '/api/v1/lessons/greetings-1/start', headers: a.bearer });
    expect(lesson.statusCode, lesson.body).toBe(200);
    await answerRestWrong(ctx.app, a.bearer, 'greetings-1', StartLessonResponseSchema.parse(lesson.json()));
    const done = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/lessons/greetings-1/complete',
      headers: a.bearer,
      payload: { session_id: StartLessonResponseSchema.parse(lesson.json()).session_id },
    });
    expect(done.statusCode, done.body).toBe(200);
    const after = await league(a);
    expect(after).toMatchObject({
      placed: true,
      tier: 1,
      week_start: '2026-11-23',
      ends_at: '2026-11-30T00:00:00.000Z',
      days_left: 6,
      promotion_until: 1,
      demotion_from: null,
    });
    const mine = after.items.find((row) => row.is_me);
    expect(mine?.week_xp).toBeGreaterThan(0);
    expect(mine?.rank).toBe(after.my_rank);
  });
});

describe('weekly leagues', () => {
  it('places 50 learners looking at once into cohorts of at most 30, each once; one learner asking 50 times is placed once', async () => {
    clock.set('2026-12-01T10:00:00Z');
    const week = '2026-11-30';
    const many = await learners(50, 'Racer');
    await Promise.all(many.map((account, i) => giveXp(account, week, 10 + i)));
    const replies = await Promise.all(many.map((account) => api('GET', '/users/leaderboard?scope=league', account.bearer)));
    expect(replies.map((reply) => reply.statusCode)).toEqual(many.map(() => 200));
    const members = await db()
      .select({ cohortId: leagueMembers.cohortId, n: count() })
      .from(leagueMembers)
      .where(inArray(leagueMembers.userId, many.map(idOf)))
      .groupBy(leagueMembers.cohortId);
    expect(members.map((row) => Number(row.n)).sort((x, y) => y - x)).toEqual([30, 20]);
    const cohorts = await db().select().from(leagueCohorts).where(eq(leagueCohorts.weekStart, week));
    for (const cohort of cohorts) expect(cohort.size).toBeLessThanOrEqual(LEAGUE_COHORT_SIZE);
    expect(cohorts.reduce((sum, cohort) => sum + cohort.size, 0)).toBe(50);

    const one = await learner('Eager');
    await giveXp(one, week, 5);
    const again = await Promise.all(Array.from({ length: 50 }, () => api('GET', '/users/leaderboard?scope=league', one.bearer)));
    expect(again.map((reply) => reply.statusCode)).toEqual(again.map(() => 200));
    const rows = await db()
      .select()
      .from(leagueMembers)
      .where(eq(leagueMembers.userId, idOf(one)));
    expect(rows).toHaveLength(1);
    const sizes = await db().select().from(leagueCohorts).where(eq(leagueCohorts.weekStart, week));
    expect(sizes.reduce((sum, cohort) => sum + cohort.size, 0)).toBe(51);
  });

  it('ranks the cohort by this week’s XP and leaves other learners’ private profiles out, ranks kept', async () => {
    clock.set('2026-12-08T10:00:00Z');
    const week = '2026-12-07';
    const [first, hidden, third] = await learners(3, 'Ranked');
    if (!first || !hidden || !third) throw new Error('learners');
    await giveXp(first, week, 300);
    await giveXp(hidden, week, 200);
    await giveXp(third, week, 100);
    await makePrivate(hidden);
    for (const account of [first, hidden, third]) await league(account);
    const view = await league(third);
    expect(view.my_rank).toBe(3);
    expect(view.cohort_size).toBe(3);
    expect(view.items.map((row) => [row.user_id, row.rank, row.week_xp])).toEqual([
      [idOf(first), 1, 300],
      [idOf(third), 3, 100],
    ]);
    const own = await league(hidden);
    expect(own.my_rank).toBe(2);
    expect(own.items.map((row) => row.user_id)).toContain(idOf(hidden));
  });

  it('closes a week once: top 7 up a tier, bottom 5 down, whether run twice or from two app instances at once', async () => {
    clock.set('2026-12-15T10:00:00Z');
    const week = '2026-12-14';
    const upper = await learners(20, 'Upper');
    const lower = await learners(12, 'Lower');
    await db()
      .insert(leagueTiers)
      .values(upper.map((account) => ({ userId: idOf(account), tier: 2 })));
    await Promise.all([...upper, ...lower].map((account, i) => giveXp(account, week, 1000 - i)));
    await Promise.all([...upper, ...lower].map((account) => league(account)));
    const upperView = await league(upper[19] as Learner);
    expect(upperView).toMatchObject({ tier: 2, cohort_size: 20, my_rank: 20, promotion_until: 7, demotion_from: 16 });

    const other = await buildTestApp({ clock, database: ctx.database });
    try {
      // Both instances' week-end jobs (as app.leagues exposes them), twice each, at once.
      const services = [ctx.app, other.app, ctx.app, other.app].map((app) => app.leagues);
      const runs = await Promise.all(services.map((service) => service.closeWeek(week)));
      expect(runs.filter((run) => run.closed)).toHaveLength(1);
      expect((await services[0]?.closeWeek(week))?.closed).toBe(false);
    } finally {
      await other.app.close();
    }
    expect(await db().select().from(leagueWeeksClosed).where(eq(leagueWeeksClosed.weekStart, week))).toHaveLength(1);
    const tiers = new Map(
      (
        await db()
          .select()
          .from(leagueTiers)
          .where(inArray(leagueTiers.userId, [...upper, ...lower].map(idOf)))
      ).map((row) => [row.userId, row.tier]),
    );
    expect(upper.map((account) => tiers.get(idOf(account)))).toEqual([
      ...Array(7).fill(3),
      ...Array(8).fill(2),
      ...Array(5).fill(1),
    ]);
    expect(lower.map((account) => tiers.get(idOf(account)))).toEqual([...Array(7).fill(2), ...Array(5).fill(1)]);

    // Next week a promoted learner's first look places them at their new tier.
    clock.set('2026-12-22T09:00:00Z');
    const top = upper[0] as Learner;
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: top.username, password: top.password },
      remoteAddress: '10.77.0.1',
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    await giveXp(top, '2026-12-21', 10);
    const fresh = { ...top, bearer: { authorization: `Bearer ${signIn.json<{ access_token: string }>().access_token}` } };
    expect(await league(fresh)).toMatchObject({ placed: true, tier: 3, my_rank: 1, days_left: 6 });
  });

  it('the first look of a week closes the week before if no job did', async () => {
    clock.set('2026-12-29T10:00:00Z');
    const [a] = await learners(1, 'Lazy');
    if (!a) throw new Error('learner');
    // 2026-12-21's cohort (the promoted learner above, alone) has not been closed by a job.
    expect(await db().select().from(leagueWeeksClosed).where(eq(leagueWeeksClosed.weekStart, '2026-12-21'))).toHaveLength(0);
    await giveXp(a, '2026-12-28', 10);
    await league(a);
    expect(await db().select().from(leagueWeeksClosed).where(eq(leagueWeeksClosed.weekStart, '2026-12-21'))).toHaveLength(1);
    const check = await db().execute(sql`select 1`);
    expect(check).toBeTruthy();
  });

  it('the timer closes the week before on each replica it runs, once', async () => {
    clock.set('2027-01-05T10:00:00Z');
    // 2026-12-28's cohort (the lazy learner above) has not been closed.
    const closedRows = () => db().select().from(leagueWeeksClosed).where(eq(leagueWeeksClosed.weekStart, '2026-12-28'));
    expect(await closedRows()).toHaveLength(0);
    const closers = [0, 1].map(() =>
      createLeagueWeekCloser({
        service: createLeaguesService({ repo: createLeaguesRepository(ctx.database.handle), clock }),
        intervalMs: 5,
        logger: pino({ level: 'silent' }),
      }),
    );
    for (const closer of closers) closer.start();
    await vi.waitFor(async () => expect(await closedRows()).toHaveLength(1), { timeout: 5000 });
    await Promise.all(closers.map((closer) => closer.stop()));
    expect(await closedRows()).toHaveLength(1);
  });
});
