import { CompleteLessonResponseSchema, StartLessonResponseSchema } from '@parla/shared/lessons.schema';
import { CompletePracticeResponseSchema, StartPracticeResponseSchema } from '@parla/shared/practice.schema';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyActivity, weeklyXp, xpEvents } from '../../db/schema/index';
import type { DomainEvent, DomainEventName } from '../../lib/domain-events';
import { buildTestApp, type TestApp, testClock } from '../../test/build-test-app';
import { answerRestWrong, apiCaller, registerLearner } from '../../test/factories';
import { planAwards, weekStartOf } from './awards';

// Tuesday; the league week began on Monday 2026-11-23.
const clock = testClock('2026-11-24T10:00:00Z');
let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp({ clock });
});
afterAll(() => ctx.close());

const { get, post } = apiCaller(() => ctx.app);
type Headers = Record<string, string>;

async function finishedLesson(bearer: Headers, lessonId = 'greetings-1') {
  const start = StartLessonResponseSchema.parse((await post(`/lessons/${lessonId}/start`, bearer)).json());
  await answerRestWrong(ctx.app, bearer, lessonId, start);
  return { lessonId, sessionId: start.session_id };
}

async function answeredPractice(bearer: Headers) {
  const reply = await post('/practice/start', bearer);
  expect(reply.statusCode, reply.body).toBe(200);
  const start = StartPracticeResponseSchema.parse(reply.json());
  for (const question of start.questions) {
    expect((await post(`/practice/${start.session_id}/answer`, bearer, { question_id: question.id, answer: 0 })).statusCode).toBe(
      200,
    );
  }
  return start.session_id;
}

const ledgerOf = (userId: string) =>
  ctx.database.handle.db
    .select({ kind: xpEvents.sourceKind, source: xpEvents.sourceId, xp: xpEvents.xp, day: xpEvents.localDate })
    .from(xpEvents)
    .where(eq(xpEvents.userId, userId))
    .orderBy(asc(xpEvents.createdAt));

/** Collects the after-commit events of the given names until `stop()`. */
function record(names: DomainEventName[]) {
  const seen: DomainEvent[] = [];
  const stops = names.map((name) =>
    ctx.app.events.onCommitted(name, (payload) => void seen.push({ name, payload } as DomainEvent)),
  );
  return {
    seen,
    stop: () => {
      for (const stop of stops) stop();
    },
  };
}

describe('the XP ledger', () => {
  it('pays each lesson, practice and review once, and keeps the totals, the day and the week in step with it', async () => {
    const account = await registerLearner(ctx.app);
    const userId = account.auth.user.id;
    const lesson = await finishedLesson(account.bearer);
    const lessonReply = CompleteLessonResponseSchema.parse(
      (await post(`/lessons/${lesson.lessonId}/complete`, account.bearer, { session_id: lesson.sessionId })).json(),
    );
    const practiceId = await answeredPractice(account.bearer);
    const practiceReply = CompletePracticeResponseSchema.parse(
      (await post(`/practice/${practiceId}/complete`, account.bearer)).json(),
    );

    expect(await ledgerOf(userId)).toEqual([
      { kind: 'lesson', source: lesson.sessionId, xp: lessonReply.xp_earned, day: '2026-11-24' },
      { kind: 'practice', source: practiceId, xp: practiceReply.xp_earned, day: '2026-11-24' },
    ]);
    const total = lessonReply.xp_earned + practiceReply.xp_earned;
    expect(practiceReply.total_xp).toBe(total);
    const me = (await get('/users/me', account.bearer)).json();
    expect(me.profile).toMatchObject({ total_xp: total, lessons_completed: 1, current_streak: 1 });
    const [day] = await ctx.database.handle.db.select().from(dailyActivity).where(eq(dailyActivity.userId, userId));
    expect(day).toMatchObject({ localDate: '2026-11-24', xp: total, lessons: 1, practices: 1 });
    expect(await ctx.database.handle.db.select().from(weeklyXp).where(eq(weeklyXp.userId, userId))).toEqual([
      { userId, weekStart: '2026-11-23', xp: total },
    ]);
    const dashboard = (await get('/dashboard', account.bearer)).json();
    expect(dashboard).toMatchObject({ total_xp: total, xp_today: total, current_streak: 1 });
  });

  it('pays a practice once when its completion arrives 50 times at once', async () => {
    const account = await registerLearner(ctx.app);
    const practiceId = await answeredPractice(account.bearer);
    const replies = await Promise.all(Array.from({ length: 50 }, () => post(`/practice/${practiceId}/complete`, account.bearer)));
    const bodies = replies.map((reply) => {
      expect(reply.statusCode).toBe(200);
      return CompletePracticeResponseSchema.parse(reply.json());
    });
    const first = bodies[0];
    for (const body of bodies) expect(body).toEqual(first);
    expect(await ledgerOf(account.auth.user.id)).toHaveLength(1);
    const me = (await get('/users/me', account.bearer)).json();
    expect(me.profile.total_xp).toBe(first?.xp_earned);
    const [week] = await ctx.database.handle.db.select().from(weeklyXp).where(eq(weeklyXp.userId, account.auth.user.id));
    expect(week?.xp).toBe(first?.xp_earned);
  });
});

describe('domain events', () => {
  it('tells subscribers after commit what a completion did, and nothing again on a replay', async () => {
    const account = await registerLearner(ctx.app);
    const userId = account.auth.user.id;
    const events = record(['lesson.completed', 'xp.awarded', 'streak.extended', 'level.reached', 'practice.completed']);
    try {
      const lesson = await finishedLesson(account.bearer);
      const reply = CompleteLessonResponseSchema.parse(
        (await post(`/lessons/${lesson.lessonId}/complete`, account.bearer, { session_id: lesson.sessionId })).json(),
      );
      await post(`/lessons/${lesson.lessonId}/complete`, account.bearer, { session_id: lesson.sessionId });
      await ctx.app.events.committed([]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(events.seen.map((event) => event.name)).toEqual(['lesson.completed', 'xp.awarded', 'streak.extended']);
      expect(events.seen[0]?.payload).toMatchObject({ userId, sessionId: lesson.sessionId, lessonId: 'greetings-1' });
      expect(events.seen[1]?.payload).toMatchObject({
        userId,
        sourceKind: 'lesson',
        sourceId: lesson.sessionId,
        xp: reply.xp_earned,
        totalXp: reply.total_xp,
        localDate: '2026-11-24',
      });
      expect(events.seen[2]?.payload).toMatchObject({ userId, streak: 1, localDate: '2026-11-24' });

      // The next day, enough practice to pass 100 XP: the streak grows and a level is reached.
      events.seen.length = 0;
      clock.set('2026-11-25T10:00:00Z');
      const login = await post('/auth/login', {}, { username: account.email, password: account.password });
      const bearer = { authorization: `Bearer ${login.json().access_token}` };
      let total = reply.total_xp;
      while (total < 100) {
        const practiceId = await answeredPractice(bearer);
        total = CompletePracticeResponseSchema.parse((await post(`/practice/${practiceId}/complete`, bearer)).json()).total_xp;
      }
      await new Promise((resolve) => setImmediate(resolve));
      const names = events.seen.map((event) => event.name);
      expect(names.filter((name) => name === 'streak.extended')).toHaveLength(1);
      expect(events.seen.find((event) => event.name === 'streak.extended')?.payload).toMatchObject({ streak: 2 });
      expect(events.seen.find((event) => event.name === 'level.reached')?.payload).toMatchObject({ userId, level: 2 });
      expect(names.filter((name) => name === 'practice.completed').length).toBe(
        names.filter((name) => name === 'xp.awarded').length,
      );
    } finally {
      events.stop();
      clock.set('2026-11-24T10:00:00Z');
    }
  });

  it('runs transaction handlers inside the completion: one that fails undoes the award', async () => {
    const account = await registerLearner(ctx.app);
    const userId = account.auth.user.id;
    const lesson = await finishedLesson(account.bearer);
    const seenInside: number[] = [];
    const stopWatching = ctx.app.events.onTransaction('xp.awarded', async (payload, tx) => {
      // Inside the transaction the ledger row is already there.
      const rows = await tx.select().from(xpEvents).where(eq(xpEvents.sourceId, payload.sourceId));
      seenInside.push(rows.length);
    });
    const stopFailing = ctx.app.events.onTransaction('lesson.completed', () => {
      throw new Error('a subscriber failed');
    });
    try {
      const failed = await post(`/lessons/${lesson.lessonId}/complete`, account.bearer, { session_id: lesson.sessionId });
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toMatchObject({ code: 'internal_error' });
      expect(await ledgerOf(userId)).toEqual([]);
      expect((await get('/users/me', account.bearer)).json().profile.total_xp).toBe(0);
    } finally {
      stopFailing();
    }
    try {
      const done = await post(`/lessons/${lesson.lessonId}/complete`, account.bearer, { session_id: lesson.sessionId });
      expect(done.statusCode).toBe(200);
      expect(seenInside).toEqual([1]);
      expect(await ledgerOf(userId)).toHaveLength(1);
      expect((await get('/users/me', account.bearer)).json().profile.total_xp).toBe(done.json().xp_earned);
    } finally {
      stopWatching();
    }
    // Nothing else subscribes inside the transaction (the achievement rules are in the completion's
    // statement, ADR 024): completions are one statement again.
    expect(ctx.app.events.needsTransaction(['lesson.completed', 'xp.awarded'])).toBe(false);
  });
});

describe('planning awards', () => {
  const before = { current: 4, lastActiveDate: '2026-11-23' as const };
  const at = new Date('2026-11-24T10:00:00Z');

  it('decides the streak per learner in TypeScript: a batch over two days counts both, a replay once', () => {
    const award = (sourceId: string, localDate: `${number}-${number}-${number}`) => ({
      userId: 'u1',
      sourceKind: 'lesson' as const,
      sourceId,
      xp: 10,
      at,
      localDate,
      before,
    });
    const planned = planAwards([award('a', '2026-11-25'), award('b', '2026-11-24'), award('a', '2026-11-25')]);
    expect(planned.events.map((event) => event.source_id)).toEqual(['a', 'b']);
    expect(planned.learners).toEqual([{ user_id: 'u1', streak: 6, last_active_date: '2026-11-25', freezes: 0 }]);
  });

  it('puts every instant in the league week that began on the Monday before it, in UTC', () => {
    expect(weekStartOf(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23');
    expect(weekStartOf(new Date('2026-11-29T23:59:59Z'))).toBe('2026-11-23');
    expect(weekStartOf(new Date('2026-11-30T00:00:00Z'))).toBe('2026-11-30');
    expect(weekStartOf(new Date('1970-01-01T00:00:00Z'))).toBe('1969-12-29');
  });

  it('matches the database: date_trunc(week) agrees for a year of days', async () => {
    const rows = await ctx.database.handle.db.execute(
      sql`select extract(epoch from d)::float8 as at, date_trunc('week', d at time zone 'UTC')::date::text as week
            from generate_series('2026-01-01T05:00:00Z'::timestamptz, '2026-12-31T05:00:00Z', interval '1 day') d`,
    );
    for (const row of (rows as unknown as { rows: { at: number; week: string }[] }).rows) {
      expect(weekStartOf(new Date(Number(row.at) * 1000))).toBe(row.week);
    }
  });
});
