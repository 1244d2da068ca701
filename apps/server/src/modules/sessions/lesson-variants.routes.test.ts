import { CompleteLessonResponseSchema, StartLessonResponseSchema } from '@parla/shared/lessons.schema';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, lessonSessions, lessonVariants, users } from '../../db/schema/index';
import { buildTestApp, type TestApp, testClock } from '../../test/build-test-app';
import { apiCaller, registerLearner } from '../../test/factories';
import { storedExercises } from '../../test/stored-lesson';
import type { GeneratedExercise } from './lesson-generator';
import { createLessonVariants, LESSON_VARIANTS } from './lesson-variants';

// Lesson variants (ADR 032): a start draws one of a lesson's few variants, stored once for every
// session that draws it; the session keeps only the variant's id.
const clock = testClock('2026-11-24T10:00:00Z');
let ctx: TestApp;
/**
 * A second replica on the same database, with nothing in memory: on PostgreSQL (PGlite has one
 * connection, where two apps' prepared statements would meet; there the same app plays both).
 */
let other: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp({ clock });
  other =
    ctx.database.url !== undefined ? await buildTestApp({ clock, database: { ...ctx.database, dispose: async () => {} } }) : ctx;
});
afterAll(async () => {
  if (other !== ctx) await other.close();
  await ctx.close();
});

type Headers = Record<string, string>;
const here = apiCaller(() => ctx.app);
const there = apiCaller(() => other.app);
const db = () => ctx.database.handle.db;

function rightAnswer(key: GeneratedExercise['key']) {
  if (key.kind === 'option') return key.optionId;
  if (key.kind === 'text') return key.text;
  return key.kind === 'speech' ? [key.text] : key.tokens;
}

/** Answers every exercise right through `caller`, from the keys the server stored. */
async function answerAllRight(caller: typeof here, bearer: Headers, lessonId: string, sessionId: string) {
  for (const item of await storedExercises(db(), sessionId)) {
    const reply = await caller.post(`/lessons/${lessonId}/exercises/${item.exercise.id}/complete`, bearer, {
      session_id: sessionId,
      answer: rightAnswer(item.key),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().correct).toBe(true);
  }
}

describe('lesson variants', () => {
  it('stores a lesson’s few variants once however many learners start it at once', async () => {
    const learners = await Promise.all(Array.from({ length: 24 }, () => registerLearner(ctx.app)));
    const starts = await Promise.all(
      learners.map(async (account) => {
        const reply = await here.post('/lessons/family-2/start', account.bearer);
        expect(reply.statusCode, reply.body).toBe(200);
        return StartLessonResponseSchema.parse(reply.json());
      }),
    );
    const variants = await db().select().from(lessonVariants).where(eq(lessonVariants.lessonId, 'family-2'));
    expect(variants.length).toBeGreaterThanOrEqual(1);
    expect(variants.length).toBeLessThanOrEqual(LESSON_VARIANTS);
    const byId = new Map(variants.map((variant) => [variant.id, variant.exercises as GeneratedExercise[]]));
    for (const start of starts) {
      const [session] = await db().select().from(lessonSessions).where(eq(lessonSessions.id, start.session_id));
      // The session holds the variant's id, not the lesson; the learner got the variant's exercises, without keys.
      expect(session?.exercises).toBeNull();
      const variant = byId.get(session?.variantId ?? '');
      expect(variant?.map((item) => item.exercise)).toEqual(start.exercises);
      expect(JSON.stringify(start.exercises)).not.toContain('"key"');
      expect(session?.itemWords).toEqual(Object.fromEntries((variant ?? []).map((item) => [item.exercise.id, item.wordIds])));
    }
  });

  it('lets another replica resume, mark and complete a session this one started', async () => {
    const account = await registerLearner(ctx.app);
    const start = StartLessonResponseSchema.parse((await here.post('/lessons/greetings-4/start', account.bearer)).json());
    const again = await there.post('/lessons/greetings-4/start', account.bearer);
    expect(again.statusCode, again.body).toBe(200);
    const resumed = StartLessonResponseSchema.parse(again.json());
    expect(resumed).toMatchObject({ session_id: start.session_id, resumed: true, exercises: start.exercises });
    await answerAllRight(there, account.bearer, 'greetings-4', start.session_id);
    const done = await there.post('/lessons/greetings-4/complete', account.bearer, { session_id: start.session_id });
    expect(done.statusCode, done.body).toBe(200);
    const result = CompleteLessonResponseSchema.parse(done.json());
    expect(result.correct).toBe(result.total);
    expect(result.score).toBe(100);
  });

  it('still takes a session an earlier version stored whole (no variant)', async () => {
    const account = await registerLearner(ctx.app);
    const start = StartLessonResponseSchema.parse((await here.post('/lessons/greetings-5/start', account.bearer)).json());
    const exercises = await storedExercises(db(), start.session_id);
    await db().update(lessonSessions).set({ exercises, variantId: null }).where(eq(lessonSessions.id, start.session_id));
    const resumed = StartLessonResponseSchema.parse((await there.post('/lessons/greetings-5/start', account.bearer)).json());
    expect(resumed).toMatchObject({ session_id: start.session_id, resumed: true, exercises: start.exercises });
    await answerAllRight(here, account.bearer, 'greetings-5', start.session_id);
    const done = CompleteLessonResponseSchema.parse(
      (await here.post('/lessons/greetings-5/complete', account.bearer, { session_id: start.session_id })).json(),
    );
    expect(done.score).toBe(100);
    // The tutor and the export read the same exercises.
    const hint = await here.post(`/exercises/${start.exercises[0]?.id}/hint`, account.bearer, {
      session_id: start.session_id,
    });
    expect(hint.statusCode, hint.body).toBe(200);
  });

  it('reads a variant this replica does not hold from the database, under the id it was stored by', async () => {
    const account = await registerLearner(ctx.app);
    const start = StartLessonResponseSchema.parse((await here.post('/lessons/food-1/start', account.bearer)).json());
    const [session] = await db().select().from(lessonSessions).where(eq(lessonSessions.id, start.session_id));
    const fresh = createLessonVariants({
      readStored: async (id) => {
        const [row] = await db().select().from(lessonVariants).where(eq(lessonVariants.id, id));
        return row && { lesson_id: row.lessonId, exercises: row.exercises as unknown[] };
      },
    });
    const found = await fresh.find(session?.variantId ?? '');
    expect(found).toMatchObject({ id: session?.variantId, lessonId: 'food-1', stored: true, exercises: start.exercises });
    const stored = await storedExercises(db(), start.session_id);
    expect([...(found?.items.values() ?? [])]).toEqual(stored);
    expect(await fresh.find('no-such-variant')).toBeUndefined();
  });

  it('records a start’s answer naming its variant, and replays it whole, on another replica too', async () => {
    const account = await registerLearner(ctx.app);
    const withId = { ...account.bearer, 'x-request-id': `variants-${crypto.randomUUID()}` };
    const first = await here.post('/lessons/food-2/start', withId);
    expect(first.statusCode, first.body).toBe(200);
    const [record] = await db()
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, account.auth.user.id), eq(idempotencyKeys.requestId, withId['x-request-id'])));
    const [session] = await db().select().from(lessonSessions).where(eq(lessonSessions.userId, account.auth.user.id));
    // The record keeps the variant's name, not its exercises.
    expect(record?.fragmentRef).toBe(`variant:${session?.variantId}`);
    expect(record?.body?.length).toBeLessThan(first.body.length - 500);
    const replay = await here.post('/lessons/food-2/start', withId);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    // A replica that reads the variant from the table writes its keys in the table's order: the same answer.
    const elsewhere = await there.post('/lessons/food-2/start', withId);
    expect(elsewhere.headers['idempotent-replayed']).toBe('true');
    expect(elsewhere.json()).toEqual(first.json());
  });

  it('refuses a session with neither exercises nor a variant (the database says so)', async () => {
    const account = await registerLearner(ctx.app);
    const start = StartLessonResponseSchema.parse((await here.post('/lessons/greetings-1/start', account.bearer)).json());
    await expect(
      db().update(lessonSessions).set({ variantId: null }).where(eq(lessonSessions.id, start.session_id)),
    ).rejects.toThrow();
    const [{ count } = { count: -1 }] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(lessonSessions)
      .where(eq(lessonSessions.userId, account.auth.user.id));
    expect(count).toBe(1);
    expect((await db().select().from(users).where(eq(users.id, account.auth.user.id))).length).toBe(1);
  });
});
