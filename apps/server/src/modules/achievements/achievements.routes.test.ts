import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACHIEVEMENTS, type AchievementProgress, AchievementsResponseSchema } from '@parla/shared/achievements';
import { DashboardResponseSchema } from '@parla/shared/dashboard.schema';
import { CompleteLessonResponseSchema, GetLessonResponseSchema, StartLessonResponseSchema } from '@parla/shared/lessons.schema';
import { StartPracticeResponseSchema } from '@parla/shared/practice.schema';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../db/migrations-folder';
import { achievements, dailyActivity, lessonProgress, profiles, users } from '../../db/schema/index';
import type { DomainEvents } from '../../lib/domain-events';
import { buildTestApp, type TestApp, testClock } from '../../test/build-test-app';
import { answerRestWrong, apiCaller, registerLearner } from '../../test/factories';
import { storedExercises } from '../../test/stored-lesson';

const clock = testClock('2026-11-24T10:00:00Z');
let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp({ clock });
});
afterAll(() => ctx.close());

const { get, post } = apiCaller(() => ctx.app);
type Headers = Record<string, string>;
type Learner = Awaited<ReturnType<typeof registerLearner>>;

const db = () => ctx.database.handle.db;

async function premiumLearner(): Promise<Learner> {
  const account = await registerLearner(ctx.app);
  await db().update(users).set({ plan: 'premium' }).where(eq(users.id, account.auth.user.id));
  return account;
}

async function startedLesson(bearer: Headers, lessonId: string) {
  const reply = await post(`/lessons/${lessonId}/start`, bearer);
  expect(reply.statusCode, reply.body).toBe(200);
  return StartLessonResponseSchema.parse(reply.json());
}

/** Starts a lesson and answers every item wrongly (the lowest score still finishes it). */
async function answeredLesson(bearer: Headers, lessonId = 'greetings-1') {
  const start = await startedLesson(bearer, lessonId);
  await answerRestWrong(ctx.app, bearer, lessonId, start);
  return start.session_id;
}

/** Starts a lesson and answers every item right, from the answers the server stored. */
async function answeredRight(bearer: Headers, lessonId: string) {
  const start = await startedLesson(bearer, lessonId);
  const keys = new Map((await storedExercises(db(), start.session_id)).map((item) => [item.exercise.id, item.key]));
  for (const exercise of start.exercises) {
    const key = keys.get(exercise.id);
    if (!key) throw new Error('no key');
    const answer =
      key.kind === 'option' ? key.optionId : key.kind === 'text' ? key.text : key.kind === 'speech' ? [key.text] : key.tokens;
    const reply = await post(`/lessons/${lessonId}/exercises/${exercise.id}/complete`, bearer, {
      session_id: start.session_id,
      answer,
    });
    expect(reply.statusCode, reply.body).toBe(200);
  }
  return start.session_id;
}

async function completeLesson(bearer: Headers, sessionId: string, lessonId = 'greetings-1') {
  const reply = await post(`/lessons/${lessonId}/complete`, bearer, { session_id: sessionId });
  expect(reply.statusCode, reply.body).toBe(200);
  return CompleteLessonResponseSchema.parse(reply.json());
}

async function listOf(bearer: Headers, id = 'me') {
  const reply = await get(`/progress/${id}/achievements`, bearer);
  expect(reply.statusCode, reply.body).toBe(200);
  return AchievementsResponseSchema.parse(reply.json());
}

const byId = (list: { achievements: AchievementProgress[] }) =>
  new Map(list.achievements.map((achievement) => [achievement.id, achievement]));
const earnedIds = (list: { achievements: AchievementProgress[] }) =>
  list.achievements.filter((achievement) => achievement.earned).map((achievement) => achievement.id);

const storedOf = (userId: string) =>
  db().select().from(achievements).where(eq(achievements.userId, userId)).orderBy(achievements.achievementId);

/** Collects the `achievement.earned` events handed on after commit until `stop()`. */
function recordEarned() {
  const seen: DomainEvents['achievement.earned'][] = [];
  const stop = ctx.app.events.onCommitted('achievement.earned', (payload) => void seen.push(payload));
  return { seen, stop };
}

/** Lets after-commit handlers (not awaited by the request) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('GET /progress/{userId}/achievements', () => {
  it('lists the whole catalogue for a new learner: nothing earned, nothing done yet', async () => {
    const account = await registerLearner(ctx.app);
    const list = await listOf(account.bearer);
    expect(list.earned_count).toBe(0);
    expect(list.achievements.map((achievement) => achievement.id)).toEqual(ACHIEVEMENTS.map((achievement) => achievement.id));
    for (const achievement of list.achievements) {
      expect(achievement).toMatchObject({ earned: false, earned_at: null, current: 0 });
    }
    expect(byId(list).get('xp-10000')).toMatchObject({ icon: '💫', metric: 'xp', target: 10000 });
    expect(byId(list).get('first-friend')).toMatchObject({ metric: 'friends', target: 1 });
    // One's own id is the same as `me`.
    expect(await listOf(account.bearer, account.auth.user.id)).toEqual(list);
  });

  it('refuses another learner’s achievements (403), a malformed id (400) and a caller without a token (401)', async () => {
    const alice = await registerLearner(ctx.app);
    const bob = await registerLearner(ctx.app);
    const other = await get(`/progress/${bob.auth.user.id}/achievements`, alice.bearer);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'forbidden', detail: expect.any(String) });
    const malformed = await get('/progress/not-a-user/achievements', alice.bearer);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      code: 'validation_error',
      errors: [expect.objectContaining({ path: 'params.id' })],
    });
    const anonymous = await get('/progress/me/achievements', {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
  });
});

describe('the rules, inside the completion that earns', () => {
  it('a first lesson earns “first lesson” once, dated, on the list, on the dashboard and as one event after commit', async () => {
    const account = await registerLearner(ctx.app);
    const userId = account.auth.user.id;
    const words = GetLessonResponseSchema.parse((await get('/lessons/greetings-1', account.bearer)).json()).words.length;
    const sessionId = await answeredLesson(account.bearer);
    const earned = recordEarned();
    try {
      const result = await completeLesson(account.bearer, sessionId);
      expect(result.achievements_earned).toEqual(['first-lesson']);
      await settle();
      expect(earned.seen).toEqual([{ userId, achievementId: 'first-lesson', earnedAt: new Date('2026-11-24T10:00:00Z') }]);

      const list = await listOf(account.bearer);
      expect(earnedIds(list)).toEqual(['first-lesson']);
      expect(list.earned_count).toBe(1);
      const entries = byId(list);
      expect(entries.get('first-lesson')).toMatchObject({ earned: true, earned_at: '2026-11-24T10:00:00.000Z', current: 1 });
      expect(entries.get('five-lessons')).toMatchObject({ earned: false, current: 1, target: 5 });
      expect(entries.get('xp-100')).toMatchObject({ current: result.total_xp, target: 100 });
      expect(entries.get('streak-3')).toMatchObject({ current: 1, target: 3 });
      expect(entries.get('words-50')).toMatchObject({ current: words, target: 50 });
      expect(entries.get('perfect-lesson')).toMatchObject({ earned: false, current: 0 });

      const dashboard = DashboardResponseSchema.parse((await get('/dashboard', account.bearer)).json());
      expect(dashboard.achievements).toHaveLength(ACHIEVEMENTS.length);
      expect(dashboard.achievements.filter((achievement) => achievement.earned)).toEqual([
        { id: 'first-lesson', icon: '🎯', earned: true, earned_at: '2026-11-24T10:00:00.000Z' },
      ]);

      // A replay of the completion earns nothing again (and answers what the first one did).
      clock.set('2026-11-24T10:05:00Z');
      expect((await completeLesson(account.bearer, sessionId)).achievements_earned).toEqual(['first-lesson']);
      await settle();
      expect(earned.seen).toHaveLength(1);
      expect(await storedOf(userId)).toHaveLength(1);
    } finally {
      earned.stop();
      clock.set('2026-11-24T10:00:00Z');
    }
  });

  it('five lessons: the fifth completed lesson earns it', async () => {
    const account = await premiumLearner();
    const userId = account.auth.user.id;
    await completeLesson(account.bearer, await answeredLesson(account.bearer, 'greetings-1'), 'greetings-1');
    await db().update(profiles).set({ lessonsCompleted: 4 }).where(eq(profiles.userId, userId));
    expect(byId(await listOf(account.bearer)).get('five-lessons')).toMatchObject({ earned: false, current: 4 });
    await completeLesson(account.bearer, await answeredLesson(account.bearer, 'greetings-2'), 'greetings-2');
    expect(earnedIds(await listOf(account.bearer))).toEqual(['first-lesson', 'five-lessons']);
  });

  it('XP: crossing 100, 1,000 and 10,000 at once earns all three', async () => {
    const account = await registerLearner(ctx.app);
    await db().update(profiles).set({ totalXp: 9_995 }).where(eq(profiles.userId, account.auth.user.id));
    const result = await completeLesson(account.bearer, await answeredLesson(account.bearer));
    expect(result.total_xp).toBeGreaterThanOrEqual(10_000);
    const entries = byId(await listOf(account.bearer));
    for (const id of ['xp-100', 'xp-1000', 'xp-10000'] as const) expect(entries.get(id)).toMatchObject({ earned: true });
  });

  it('streaks: the day a streak reaches 3, 7 and 30 days earns those, and 100 shows how far it is', async () => {
    const account = await registerLearner(ctx.app);
    await db()
      .update(profiles)
      .set({ currentStreak: 29, longestStreak: 29, lastActiveDate: '2026-11-23' })
      .where(eq(profiles.userId, account.auth.user.id));
    const before = byId(await listOf(account.bearer));
    expect(before.get('streak-3')).toMatchObject({ earned: false, current: 3 });
    const result = await completeLesson(account.bearer, await answeredLesson(account.bearer));
    expect(result.current_streak).toBe(30);
    const entries = byId(await listOf(account.bearer));
    for (const id of ['streak-3', 'streak-7', 'streak-30'] as const) expect(entries.get(id)).toMatchObject({ earned: true });
    expect(entries.get('streak-100')).toMatchObject({ earned: false, current: 30, target: 100 });
  });

  it('words learned: the lesson that takes the words of the lessons completed to 50 earns it', async () => {
    const account = await registerLearner(ctx.app);
    const userId = account.auth.user.id;
    // 45 words of lessons taken earlier (one card per word), and 10 met in practice only (not learned).
    const card = { due: '2026-11-25T10:00:00.000Z', stability: 1, difficulty: 5, scheduled_days: 1 } as const;
    const cards = (prefix: string, n: number) =>
      Object.fromEntries(
        Array.from({ length: n }, (_, i) => [
          `${prefix}-${i}`,
          { ...card, learning_steps: 0, reps: 1, lapses: 0, state: 2, last_review: '2026-11-20T10:00:00.000Z' },
        ]),
      );
    await db()
      .insert(lessonProgress)
      .values([
        { userId, course: 'es', lessonId: 'old-a', bestScore: 50, completions: 1, cards: cards('a', 25) },
        { userId, course: 'fr', lessonId: 'old-b', bestScore: 50, completions: 1, cards: cards('b', 20) },
        { userId, course: 'es', lessonId: 'practised-only', completions: 0, cards: cards('c', 10) },
      ]);
    // The profile counts them as migration 0022 did for learners who had taken lessons.
    await db().update(profiles).set({ wordsLearned: 45 }).where(eq(profiles.userId, userId));
    expect(byId(await listOf(account.bearer)).get('words-50')).toMatchObject({ earned: false, current: 45 });
    await completeLesson(account.bearer, await answeredLesson(account.bearer));
    const entries = byId(await listOf(account.bearer));
    expect(entries.get('words-50')).toMatchObject({ earned: true, current: 50 });
    expect(entries.get('words-250')?.earned).toBe(false);
    expect(entries.get('words-250')?.current).toBeGreaterThan(50);
  });

  it('a perfect lesson earns “perfect lesson”; one with a mistake does not', async () => {
    const account = await premiumLearner();
    await completeLesson(account.bearer, await answeredLesson(account.bearer, 'greetings-1'), 'greetings-1');
    expect(byId(await listOf(account.bearer)).get('perfect-lesson')?.earned).toBe(false);
    const result = await completeLesson(account.bearer, await answeredRight(account.bearer, 'greetings-2'), 'greetings-2');
    expect(result.score).toBe(100);
    expect(byId(await listOf(account.bearer)).get('perfect-lesson')).toMatchObject({ earned: true, current: 1 });
  });

  it('a first quick practice earns “first practice”; friends do not exist yet, so “first friend” waits', async () => {
    const account = await registerLearner(ctx.app);
    const start = StartPracticeResponseSchema.parse((await post('/practice/start', account.bearer)).json());
    for (const question of start.questions) {
      await post(`/practice/${start.session_id}/answer`, account.bearer, { question_id: question.id, answer: 0 });
    }
    const earned = recordEarned();
    try {
      const done = await post(`/practice/${start.session_id}/complete`, account.bearer);
      expect(done.statusCode).toBe(200);
      expect(done.json().achievements_earned).toEqual(['first-practice']);
      await settle();
      expect(earned.seen.map((event) => event.achievementId)).toEqual(['first-practice']);
    } finally {
      earned.stop();
    }
    const entries = byId(await listOf(account.bearer));
    expect(entries.get('first-practice')).toMatchObject({ earned: true, earned_at: '2026-11-24T10:00:00.000Z' });
    expect(entries.get('first-lesson')?.earned).toBe(false);
    expect(entries.get('first-friend')).toMatchObject({ earned: false, current: 0 });
  });

  it('is written by the completion’s transaction: when that fails, no achievement is stored; the retry earns it', async () => {
    const account = await registerLearner(ctx.app);
    const sessionId = await answeredLesson(account.bearer);
    const stop = ctx.app.events.onTransaction('achievement.earned', () => {
      throw new Error('a later subscriber failed');
    });
    try {
      expect((await post('/lessons/greetings-1/complete', account.bearer, { session_id: sessionId })).statusCode).toBe(500);
      expect(await storedOf(account.auth.user.id)).toEqual([]);
    } finally {
      stop();
    }
    await completeLesson(account.bearer, sessionId);
    expect(earnedIds(await listOf(account.bearer))).toEqual(['first-lesson']);
  });
});

describe('never twice', () => {
  it('earns each achievement once when 50 lesson and practice completions of one learner arrive together', async () => {
    // On PostgreSQL through two app instances on one database, as two replicas would (their completions
    // run in their own transactions); an embedded database belongs to one process.
    const onPostgres = ctx.database.url !== undefined;
    const second = onPostgres ? await buildTestApp({ clock, database: { ...ctx.database, dispose: async () => {} } }) : ctx;
    const account = await premiumLearner();
    const userId = account.auth.user.id;
    const lessons = ACHIEVEMENT_TEST_LESSONS.slice(0, 45);
    const sessions: string[] = [];
    for (const lessonId of lessons) sessions.push(await answeredLesson(account.bearer, lessonId));
    const practices: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const start = StartPracticeResponseSchema.parse((await post('/practice/start', account.bearer)).json());
      for (const question of start.questions) {
        await post(`/practice/${start.session_id}/answer`, account.bearer, { question_id: question.id, answer: 0 });
      }
      practices.push(start.session_id);
    }
    const seen: string[] = [];
    const stops = [...new Set([ctx.app, second.app])].map((app) =>
      app.events.onCommitted('achievement.earned', (payload) => void seen.push(payload.achievementId)),
    );
    try {
      const apps = [ctx.app, second.app];
      const replies = await Promise.all([
        ...lessons.map((lessonId, i) =>
          apps[i % 2]?.inject({
            method: 'POST',
            url: `/api/v1/lessons/${lessonId}/complete`,
            headers: account.bearer,
            payload: { session_id: sessions[i] },
          }),
        ),
        ...practices.map((sessionId, i) =>
          apps[i % 2]?.inject({ method: 'POST', url: `/api/v1/practice/${sessionId}/complete`, headers: account.bearer }),
        ),
      ]);
      expect(replies).toHaveLength(50);
      for (const reply of replies) expect(reply?.statusCode, reply?.body).toBe(200);
      await settle();
      const ids = (await storedOf(userId)).map((row) => row.achievementId);
      // 45 lessons of at least 10 XP and their words, and 5 practices: each achievement once.
      expect(ids).toEqual(
        expect.arrayContaining(['first-lesson', 'five-lessons', 'first-practice', 'xp-100', 'words-50', 'words-250']),
      );
      expect(new Set(ids).size).toBe(ids.length);
      expect([...seen].sort()).toEqual([...ids].sort());
      expect((await listOf(account.bearer)).earned_count).toBe(ids.length);
    } finally {
      for (const stop of stops) stop();
      if (second !== ctx) await second.close();
    }
  });
});

describe('migration 0016: learners who already qualified', () => {
  /** The backfill statements of the migration (everything after the table is made). */
  const backfill = readFileSync(join(MIGRATIONS_FOLDER, '0016_achievements.sql'), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => /^INSERT INTO "achievements"/m.test(statement));

  it('get what their history earned, dated when they reached it', async () => {
    const account = await premiumLearner();
    const userId = account.auth.user.id;
    // Three days in a row; the lessons of the second and third days are perfect, the third takes XP past 100.
    clock.set('2026-11-20T09:00:00Z');
    await completeLesson(account.bearer, await answeredLesson(account.bearer, 'greetings-1'), 'greetings-1');
    clock.set('2026-11-21T09:00:00Z');
    await completeLesson(account.bearer, await answeredRight(account.bearer, 'greetings-2'), 'greetings-2');
    clock.set('2026-11-22T09:00:00Z');
    await completeLesson(account.bearer, await answeredRight(account.bearer, 'greetings-3'), 'greetings-3');
    clock.set('2026-11-24T10:00:00Z');
    const earnedLive = await storedOf(userId);
    expect(earnedLive.map((row) => row.achievementId)).toEqual(['first-lesson', 'perfect-lesson', 'streak-3', 'xp-100']);

    // As before migration 0016: nothing stored.
    await db().delete(achievements).where(eq(achievements.userId, userId));
    expect(await storedOf(userId)).toEqual([]);
    expect(backfill).toHaveLength(7);
    for (const statement of backfill) await db().execute(sql.raw(statement));

    expect(await storedOf(userId)).toEqual(earnedLive);
    expect(Object.fromEntries((await storedOf(userId)).map((row) => [row.achievementId, row.earnedAt.toISOString()]))).toEqual({
      'first-lesson': '2026-11-20T09:00:00.000Z',
      'perfect-lesson': '2026-11-21T09:00:00.000Z',
      'xp-100': '2026-11-22T09:00:00.000Z',
      'streak-3': '2026-11-22T09:00:00.000Z',
    });
  });

  it('are dated at the profile’s last change when only their totals tell (kept from before the ledger)', async () => {
    const account = await registerLearner(ctx.app);
    const userId = account.auth.user.id;
    await db()
      .update(profiles)
      .set({ totalXp: 1_200, lessonsCompleted: 6, longestStreak: 8, updatedAt: new Date('2026-10-01T12:00:00Z') })
      .where(eq(profiles.userId, userId));
    await db().insert(dailyActivity).values({ userId, localDate: '2026-09-30', xp: 0, lessons: 0, practices: 0 });
    for (const statement of backfill) await db().execute(sql.raw(statement));
    const stored = await storedOf(userId);
    expect(stored.map((row) => row.achievementId)).toEqual([
      'first-lesson',
      'five-lessons',
      'streak-3',
      'streak-7',
      'xp-100',
      'xp-1000',
    ]);
    for (const row of stored) expect(row.earnedAt.toISOString()).toBe('2026-10-01T12:00:00.000Z');
    // Running it again changes nothing.
    for (const statement of backfill) await db().execute(sql.raw(statement));
    expect(await storedOf(userId)).toEqual(stored);
    expect(
      await db()
        .select()
        .from(achievements)
        .where(and(eq(achievements.userId, userId), eq(achievements.achievementId, 'first-friend'))),
    ).toEqual([]);
  });
});

/** Fifty lessons of the content bank, for fifty sessions open at once. */
const ACHIEVEMENT_TEST_LESSONS = [
  'greetings',
  'family',
  'food',
  'numbers-time',
  'colours-clothes',
  'home',
  'city',
  'travel',
  'daily-routine',
  'work-school',
].flatMap((unit) => [1, 2, 3, 4, 5].map((n) => `${unit}-${n}`));

describe('migrations 0017 and 0022: the counters the rules read', () => {
  /** The backfill statements of a migration (its UPDATEs). */
  const updatesOf = (file: string) =>
    readFileSync(join(MIGRATIONS_FOLDER, file), 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .filter((statement) => /^UPDATE "profiles"/m.test(statement));

  it('count the practices, perfect lessons and words a learner had, as the completions keep counting them', async () => {
    const account = await premiumLearner();
    const userId = account.auth.user.id;
    await completeLesson(account.bearer, await answeredLesson(account.bearer, 'greetings-1'), 'greetings-1');
    await completeLesson(account.bearer, await answeredRight(account.bearer, 'greetings-2'), 'greetings-2');
    await completeLesson(account.bearer, await answeredRight(account.bearer, 'greetings-2'), 'greetings-2');
    const start = StartPracticeResponseSchema.parse((await post('/practice/start', account.bearer)).json());
    for (const question of start.questions) {
      await post(`/practice/${start.session_id}/answer`, account.bearer, { question_id: question.id, answer: 0 });
    }
    expect((await post(`/practice/${start.session_id}/complete`, account.bearer)).statusCode).toBe(200);
    const counters = async () => {
      const [row] = await db().select().from(profiles).where(eq(profiles.userId, userId));
      return { practices: row?.practicesCompleted, perfect: row?.perfectLessons, words: row?.wordsLearned };
    };
    const words = async (lessonId: string) =>
      GetLessonResponseSchema.parse((await get(`/lessons/${lessonId}`, account.bearer)).json()).words.length;
    // Two perfect completions of greetings-2 (a replay counts again); its words once.
    const live = await counters();
    expect(live).toEqual({ practices: 1, perfect: 2, words: (await words('greetings-1')) + (await words('greetings-2')) });

    // As before the migrations: nothing counted; their backfills give the same figures.
    await db()
      .update(profiles)
      .set({ practicesCompleted: 0, perfectLessons: 0, wordsLearned: 0 })
      .where(eq(profiles.userId, userId));
    const backfills = [...updatesOf('0017_practices_completed.sql'), ...updatesOf('0022_achievement_counters.sql')];
    expect(backfills).toHaveLength(3);
    for (const statement of backfills) await db().execute(sql.raw(statement));
    expect(await counters()).toEqual(live);
  });
});
