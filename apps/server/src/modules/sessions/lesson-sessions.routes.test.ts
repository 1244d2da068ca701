import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AnswerExerciseResponseSchema,
  CompleteLessonResponseSchema,
  GetLessonResponseSchema,
  ListLessonsResponseSchema,
  StartLessonResponseSchema,
} from '@parla/shared/lessons.schema';
import { DueCardsResponseSchema, WeakAreasResponseSchema } from '@parla/shared/practice.schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../db/migrations-folder';
import { lessonSessions, users } from '../../db/schema/index';
import { buildTestApp, type TestApp, testClock } from '../../test/build-test-app';
import { answerRestWrong, apiCaller, registerLearner } from '../../test/factories';
import { storedExercises } from '../../test/stored-lesson';
import type { GeneratedExercise } from './lesson-generator';

const clock = testClock('2026-11-21T10:00:00Z');
let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp({ clock });
});
afterAll(() => ctx.close());

type Headers = Record<string, string>;
const { get, post } = apiCaller(() => ctx.app);

/** Migration 0013, which gives sessions and results stored by earlier versions today's shape. */
async function applyMigration0013() {
  const text = readFileSync(join(MIGRATIONS_FOLDER, '0013_stored_results_in_one_shape.sql'), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await ctx.database.handle.db.execute(sql.raw(statement));
  }
}

const learner = (profile?: Record<string, unknown>) => registerLearner(ctx.app, profile);

/** A fresh access token after the test clock has jumped past the old one's expiry. */
async function signIn(account: { email: string; password: string }): Promise<Headers> {
  const response = await post('/auth/login', {}, { username: account.email, password: account.password });
  return { authorization: `Bearer ${response.json().access_token}` };
}

/** The right answer to each exercise, read from the session as stored on the server. */
async function answerKey(sessionId: string) {
  return new Map((await storedExercises(ctx.database.handle.db, sessionId)).map((item) => [item.exercise.id, item.key]));
}
function rightAnswer(key: GeneratedExercise['key']) {
  if (key.kind === 'option') return key.optionId;
  if (key.kind === 'text') return key.text;
  return key.kind === 'speech' ? [key.text] : key.tokens;
}
const isAudio = (type: string) => type === 'listening' || type === 'speaking';

/** Answers a session's multiple-choice items right (three of its nine items) and nothing else. */
async function answerChoicesRight(
  bearer: Headers,
  lessonId: string,
  start: { session_id: string; exercises: { id: string; type: string }[] },
) {
  const keys = await answerKey(start.session_id);
  for (const exercise of start.exercises.filter((item) => item.type === 'multiple-choice')) {
    const key = keys.get(exercise.id);
    if (!key) throw new Error('no key');
    await post(`/lessons/${lessonId}/exercises/${exercise.id}/complete`, bearer, {
      session_id: start.session_id,
      answer: rightAnswer(key),
    });
  }
}

describe('GET /lessons', () => {
  it('lists the course’s units and lessons in the learner’s language', async () => {
    const account = await learner({ native_language: 'fr', target_language: 'de' });
    const body = ListLessonsResponseSchema.parse((await get('/lessons', account.bearer)).json());
    expect(body.course).toBe('de');
    expect(body.units).toHaveLength(12);
    expect(body.units[0]?.lessons[0]).toMatchObject({
      id: 'greetings-1',
      completed: false,
      progress: 0,
      difficulty: 'beginner',
      xp_reward: 50,
    });
    expect(body.units[0]?.title).not.toBe('Greetings and introductions');
    const other = ListLessonsResponseSchema.parse((await get('/lessons?language=ja', account.bearer)).json());
    expect(other.course).toBe('ja');
  });

  it('needs a token and a known course', async () => {
    expect((await get('/lessons', {})).statusCode).toBe(401);
    const account = await learner();
    expect((await get('/lessons?language=xx', account.bearer)).statusCode).toBe(400);
  });
});

describe('GET /lessons/:id, search and recommended', () => {
  it('shows a lesson’s words with translations and the unit’s note', async () => {
    const account = await learner({ native_language: 'en', target_language: 'ja' });
    const lesson = GetLessonResponseSchema.parse((await get('/lessons/greetings-1', account.bearer)).json());
    expect(lesson.words.length).toBeGreaterThanOrEqual(5);
    expect(lesson.words[0]).toMatchObject({ roman: expect.any(String), translation: expect.any(String) });
    expect(lesson.note.text.length).toBeGreaterThan(20);
    expect((await get('/lessons/no-such-lesson', account.bearer)).statusCode).toBe(404);
  });

  it('finds lessons and words, and recommends the next three lessons', async () => {
    const account = await learner();
    const found = (await get('/lessons/search?q=bread', account.bearer)).json();
    expect(
      found.results.some(
        (item: { type: string; description: string }) => item.type === 'vocabulary' && item.description === 'bread',
      ),
    ).toBe(true);
    expect((await get('/lessons/search?q=b', account.bearer)).statusCode).toBe(400);
    const recommended = (await get('/lessons/recommended/me', account.bearer)).json();
    expect(recommended.lessons.map((lesson: { id: string }) => lesson.id)).toEqual(['greetings-1', 'greetings-2', 'greetings-3']);
    const other = await learner();
    expect((await get(`/lessons/recommended/${other.auth.user.id}`, account.bearer)).statusCode).toBe(403);
  });
});

describe('a lesson session', () => {
  it('starts, marks answers on the server, and completes once with XP, streak and daily activity', async () => {
    const account = await learner();
    const start = StartLessonResponseSchema.parse((await post('/lessons/greetings-1/start', account.bearer)).json());
    expect(start.exercises).toHaveLength(9);
    expect(start.resumed).toBe(false);
    const keys = await answerKey(start.session_id);

    // Listening and speaking skipped; of the other seven, five right and two wrong → score 71, XP 36.
    const counted = start.exercises.filter((exercise) => !isAudio(exercise.type));
    for (const exercise of start.exercises.filter((item) => isAudio(item.type))) {
      const reason = exercise.type === 'listening' ? 'cant_listen' : 'unsupported';
      const skipped = await post(`/lessons/greetings-1/exercises/${exercise.id}/skip`, account.bearer, {
        session_id: start.session_id,
        reason,
      });
      expect(skipped.statusCode).toBe(200);
      expect(AnswerExerciseResponseSchema.parse(skipped.json())).toMatchObject({ skipped: reason, verdict: 'skipped' });
    }
    for (const [index, exercise] of counted.entries()) {
      const key = keys.get(exercise.id);
      if (!key) throw new Error('no key');
      const answer = index < 5 ? rightAnswer(key) : key.kind === 'tokens' ? [...key.tokens].reverse() : 'zzz-wrong';
      const response = await post(`/lessons/greetings-1/exercises/${exercise.id}/complete`, account.bearer, {
        session_id: start.session_id,
        answer,
      });
      expect(response.statusCode).toBe(200);
      const result = AnswerExerciseResponseSchema.parse(response.json());
      expect(result.correct).toBe(index < 5);
      expect(result.explanation.language).toBe('en');
    }

    const complete = await post('/lessons/greetings-1/complete', account.bearer, { session_id: start.session_id });
    expect(complete.statusCode).toBe(200);
    const result = CompleteLessonResponseSchema.parse(complete.json());
    expect(result).toMatchObject({
      correct: 5,
      total: 7,
      skipped: 2,
      score: 71,
      xp_earned: 36,
      badge: 'good',
      total_xp: 36,
      level: 1,
      xp_to_next_level: 64,
      current_streak: 1,
      lessons_completed: 1,
      daily_goal_percent: 72,
    });

    const me = (await get('/users/me', account.bearer)).json();
    expect(me.profile).toMatchObject({ total_xp: 36, lessons_completed: 1, current_streak: 1 });
    const list = ListLessonsResponseSchema.parse((await get('/lessons', account.bearer)).json());
    expect(list.units[0]?.lessons[0]).toMatchObject({ completed: true, progress: 71 });
  });

  it('generates the listening and speaking items with the session, and resumes the same ones', async () => {
    const account = await learner({ native_language: 'de', target_language: 'ko' });
    const start = StartLessonResponseSchema.parse((await post('/lessons/greetings-2/start', account.bearer)).json());
    const types = start.exercises.map((exercise) => exercise.type);
    expect(types.filter((type) => type === 'listening')).toHaveLength(1);
    expect(types.filter((type) => type === 'speaking')).toHaveLength(1);
    const listening = start.exercises.find((exercise) => exercise.type === 'listening');
    const speaking = start.exercises.find((exercise) => exercise.type === 'speaking');
    expect(listening?.instruction).toBe('Hör zu und bring die Wörter in die Reihenfolge, in der du sie hörst');
    expect(speaking?.content).toMatchObject({ sentence: expect.any(String), roman: expect.any(String) });
    const resumed = StartLessonResponseSchema.parse((await post('/lessons/greetings-2/start', account.bearer)).json());
    expect(resumed.exercises).toEqual(start.exercises);
  });

  it('marks a listening item like word order and a speaking item by similarity, on the server', async () => {
    const account = await learner();
    const start = StartLessonResponseSchema.parse((await post('/lessons/food-1/start', account.bearer)).json());
    const keys = await answerKey(start.session_id);
    const listening = start.exercises.find((exercise) => exercise.type === 'listening');
    const speaking = start.exercises.find((exercise) => exercise.type === 'speaking');
    const listeningKey = keys.get(listening?.id ?? '');
    const speakingKey = keys.get(speaking?.id ?? '');
    if (listeningKey?.kind !== 'tokens' || speakingKey?.kind !== 'speech') throw new Error('unexpected keys');
    const answer = (id: string | undefined, body: unknown) =>
      post(`/lessons/food-1/exercises/${id}/complete`, account.bearer, { session_id: start.session_id, ...(body as object) });

    const heard = AnswerExerciseResponseSchema.parse((await answer(listening?.id, { answer: listeningKey.tokens })).json());
    expect(heard).toMatchObject({ correct: true, verdict: 'exact', expected: listeningKey.text });

    // More than five transcripts is bad input, and nothing is recorded.
    const six = Array.from({ length: 6 }, () => speakingKey.text);
    const tooMany = await answer(speaking?.id, { answer: six });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'validation_error', errors: [{ path: 'body.answer' }] });

    // The recogniser's best guess is wrong, its third is one letter off: the best one counts.
    const nearMiss = `${speakingKey.text.toLowerCase().replace(/[.!?¡¿,]/g, '')}s`;
    const spoken = AnswerExerciseResponseSchema.parse(
      (await answer(speaking?.id, { answer: ['el perro come', 'zzz', nearMiss] })).json(),
    );
    expect(spoken).toMatchObject({ correct: true, verdict: 'close', heard: nearMiss, expected: speakingKey.text });
    expect(spoken.similarity).toBeGreaterThanOrEqual(0.8);
    expect(spoken.similarity).toBeLessThan(1);

    // Listening and speaking answered right, the seven others wrong.
    await answerRestWrong(ctx.app, account.bearer, 'food-1', start);
    const result = CompleteLessonResponseSchema.parse(
      (await post('/lessons/food-1/complete', account.bearer, { session_id: start.session_id })).json(),
    );
    expect(result).toMatchObject({ correct: 2, total: 9, skipped: 0, score: 22, xp_earned: 11 });
  });

  it('skips only audio items, once, for the right reason, and only in one’s own session', async () => {
    const [alice, bob] = [await learner(), await learner()];
    const start = StartLessonResponseSchema.parse((await post('/lessons/food-2/start', alice.bearer)).json());
    const listening = start.exercises.find((exercise) => exercise.type === 'listening');
    const speaking = start.exercises.find((exercise) => exercise.type === 'speaking');
    const choice = start.exercises.find((exercise) => exercise.type === 'multiple-choice');
    const skip = (id: string | undefined, body: unknown, bearer: Headers = alice.bearer) =>
      post(`/lessons/food-2/exercises/${id}/skip`, bearer, body);
    const session_id = start.session_id;

    for (const body of [
      { session_id, reason: 'bored' },
      { session_id },
      { reason: 'cant_listen' },
      { session_id: 'nope', reason: 'cant_listen' },
      { session_id, reason: 'cant_listen', extra: true },
    ]) {
      const response = await skip(listening?.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_error', detail: expect.any(String) });
    }
    const notAudio = await skip(choice?.id, { session_id, reason: 'unsupported' });
    expect(notAudio.statusCode).toBe(400);
    expect(notAudio.json()).toMatchObject({ code: 'bad_request' });
    expect((await skip(listening?.id, { session_id, reason: 'cant_speak' })).statusCode).toBe(400);
    expect((await skip(speaking?.id, { session_id, reason: 'cant_listen' })).statusCode).toBe(400);
    expect((await skip('ex99', { session_id, reason: 'unsupported' })).statusCode).toBe(404);
    expect(
      (await post(`/lessons/food-1/exercises/${listening?.id}/skip`, alice.bearer, { session_id, reason: 'unsupported' }))
        .statusCode,
    ).toBe(404);
    expect((await skip(listening?.id, { session_id, reason: 'cant_listen' }, bob.bearer)).statusCode).toBe(404);
    expect((await skip(listening?.id, { session_id, reason: 'cant_listen' }, {})).statusCode).toBe(401);
    const [row] = await ctx.database.handle.db.select().from(lessonSessions).where(eq(lessonSessions.id, session_id));
    expect(row?.answers).toEqual({});

    // Idempotent: the same record twice; the skip then locks the item against an answer.
    const first = await skip(listening?.id, { session_id, reason: 'cant_listen' });
    const again = await skip(listening?.id, { session_id, reason: 'unsupported' });
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const key = (await answerKey(session_id)).get(listening?.id ?? '');
    const answered = await post(`/lessons/food-2/exercises/${listening?.id}/complete`, alice.bearer, {
      session_id,
      answer: key && rightAnswer(key),
    });
    expect(answered.json()).toEqual(first.json());

    // Answered or not, a multiple-choice item cannot be skipped.
    await post(`/lessons/food-2/exercises/${choice?.id}/complete`, alice.bearer, { session_id, answer: 'zzz' });
    expect((await skip(choice?.id, { session_id, reason: 'unsupported' })).statusCode).toBe(400);

    // An answered item keeps its answer.
    const spoken = await post(`/lessons/food-2/exercises/${speaking?.id}/complete`, alice.bearer, {
      session_id,
      answer: ['zzz'],
    });
    expect(spoken.json()).toMatchObject({ correct: false, verdict: 'wrong' });
    expect((await skip(speaking?.id, { session_id, reason: 'cant_speak' })).json()).toEqual(spoken.json());

    // Finishing is refused while items are open, and changes nothing.
    const early = await post('/lessons/food-2/complete', alice.bearer, { session_id });
    expect(early.statusCode).toBe(422);
    expect(early.json()).toEqual({
      detail: 'Answer or skip every exercise before finishing the lesson (6 left).',
      code: 'lesson_unfinished',
    });
    expect((await get('/users/me', alice.bearer)).json().profile).toMatchObject({ total_xp: 0, lessons_completed: 0 });

    // One skipped; the wrong choice, the wrong speaking answer and six more wrong: 0 of 8.
    await answerRestWrong(ctx.app, alice.bearer, 'food-2', { ...start, answered: [listening?.id ?? '', speaking?.id ?? ''] });
    const done = CompleteLessonResponseSchema.parse(
      (await post('/lessons/food-2/complete', alice.bearer, { session_id })).json(),
    );
    expect(done).toMatchObject({ correct: 0, total: 8, skipped: 1, score: 0, xp_earned: 10 });
    const replay = CompleteLessonResponseSchema.parse(
      (await post('/lessons/food-2/complete', alice.bearer, { session_id })).json(),
    );
    expect(replay).toEqual(done);
  });

  it('counts XP once however many times completion is replayed, even concurrently', async () => {
    const account = await learner();
    const start = StartLessonResponseSchema.parse((await post('/lessons/greetings-2/start', account.bearer)).json());
    await answerRestWrong(ctx.app, account.bearer, 'greetings-2', start);
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => post('/lessons/greetings-2/complete', account.bearer, { session_id: start.session_id })),
    );
    const bodies = replies.map((reply) => {
      expect(reply.statusCode).toBe(200);
      return reply.body;
    });
    expect(new Set(bodies).size).toBe(1);
    const me = (await get('/users/me', account.bearer)).json();
    expect(me.profile).toMatchObject({ total_xp: 10, lessons_completed: 1 });
  });

  it('takes answers that arrive together, of two sessions and twice the same exercise, each exercise once', async () => {
    const alice = await learner();
    await ctx.database.handle.db.update(users).set({ plan: 'premium' }).where(eq(users.id, alice.auth.user.id));
    const starts = await Promise.all(
      ['greetings-1', 'greetings-2'].map(async (lessonId) => ({
        lessonId,
        start: StartLessonResponseSchema.parse((await post(`/lessons/${lessonId}/start`, alice.bearer)).json()),
      })),
    );
    // Every exercise of both sessions at once, each answered right and wrong by two requests.
    const calls = await Promise.all(
      starts.flatMap(({ lessonId, start }) =>
        start.exercises.flatMap((exercise) =>
          [true, false].map(async (right) => {
            const keys = await answerKey(start.session_id);
            const key = keys.get(exercise.id);
            if (!key) throw new Error('no key');
            const answer = right
              ? rightAnswer(key)
              : exercise.type === 'multiple-choice' || exercise.type === 'fill-blank'
                ? 'zzzz'
                : ['zzzz'];
            const reply = await post(`/lessons/${lessonId}/exercises/${exercise.id}/complete`, alice.bearer, {
              session_id: start.session_id,
              answer,
            });
            expect(reply.statusCode, reply.body).toBe(200);
            return { session: start.session_id, id: exercise.id, result: AnswerExerciseResponseSchema.parse(reply.json()) };
          }),
        ),
      ),
    );
    // Both requests for one exercise report the one stored answer.
    for (const call of calls) {
      const twin = calls.find((other) => other !== call && other.session === call.session && other.id === call.id);
      expect(twin?.result).toEqual(call.result);
    }
    // Resuming lists each exercise once, with that answer.
    for (const { lessonId, start } of starts) {
      const resumed = StartLessonResponseSchema.parse((await post(`/lessons/${lessonId}/start`, alice.bearer)).json());
      expect(resumed.resumed).toBe(true);
      expect([...resumed.answered].sort()).toEqual(start.exercises.map((exercise) => exercise.id).sort());
      for (const result of resumed.results)
        expect(calls.find((call) => call.session === start.session_id && call.id === result.exercise_id)?.result).toEqual(result);
    }
    // Finished, a session takes no answer; an answered exercise still returns its answer.
    const [first] = starts;
    if (!first) throw new Error('no session');
    expect(
      (await post(`/lessons/${first.lessonId}/complete`, alice.bearer, { session_id: first.start.session_id })).statusCode,
    ).toBe(200);
    const again = await post(`/lessons/${first.lessonId}/exercises/${first.start.exercises[0]?.id}/complete`, alice.bearer, {
      session_id: first.start.session_id,
      answer: 'zzzz',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(
      calls.find((call) => call.session === first.start.session_id && call.id === first.start.exercises[0]?.id)?.result,
    );
  });

  it('completes sessions that arrive together, of several learners and two of one, each with its own numbers', async () => {
    const alice = await learner();
    await ctx.database.handle.db.update(users).set({ plan: 'premium' }).where(eq(users.id, alice.auth.user.id));
    const bob = await learner();
    /** Starts a lesson and answers its multiple-choice items right, or none of its items. */
    const prepare = async (account: { bearer: Headers }, lessonId: string, answerRight: boolean) => {
      const start = StartLessonResponseSchema.parse((await post(`/lessons/${lessonId}/start`, account.bearer)).json());
      if (answerRight) await answerChoicesRight(account.bearer, lessonId, start);
      await answerRestWrong(ctx.app, account.bearer, lessonId, start);
      return { account, lessonId, sessionId: start.session_id };
    };
    const aliceFood = await prepare(alice, 'food-1', true);
    const aliceHome = await prepare(alice, 'home-1', false);
    const bobFood = await prepare(bob, 'food-1', true);

    // All at once, with a replay of one of them among them.
    const replies = await Promise.all(
      [aliceFood, aliceHome, bobFood, aliceFood].map(({ account, lessonId, sessionId }) =>
        post(`/lessons/${lessonId}/complete`, account.bearer, { session_id: sessionId }),
      ),
    );
    const [first, second, third, replay] = replies.map((reply) => {
      expect(reply.statusCode).toBe(200);
      return CompleteLessonResponseSchema.parse(reply.json());
    });
    if (!first || !second || !third || !replay) throw new Error('missing reply');
    // Three multiple-choice items right out of nine; nothing answered scores 0 and earns the minimum.
    expect(first).toMatchObject({ session_id: aliceFood.sessionId, correct: 3, total: 9, score: 33, xp_earned: 17 });
    expect(second).toMatchObject({ session_id: aliceHome.sessionId, correct: 0, score: 0, xp_earned: 10 });
    expect(third).toMatchObject({ session_id: bobFood.sessionId, score: 33, xp_earned: 17, total_xp: 17, lessons_completed: 1 });
    expect(replay).toEqual(first);

    const aliceMe = (await get('/users/me', alice.bearer)).json();
    expect(aliceMe.profile).toMatchObject({ total_xp: 27, lessons_completed: 2, current_streak: 1 });
    const bobMe = (await get('/users/me', bob.bearer)).json();
    expect(bobMe.profile).toMatchObject({ total_xp: 17, lessons_completed: 1, current_streak: 1 });

    const completed = async (account: { bearer: Headers }) =>
      ListLessonsResponseSchema.parse((await get('/lessons', account.bearer)).json())
        .units.flatMap((unit) => unit.lessons)
        .filter((lesson) => lesson.completed)
        .map((lesson) => lesson.id)
        .sort();
    expect(await completed(alice)).toEqual(['food-1', 'home-1']);
    expect(await completed(bob)).toEqual(['food-1']);

    // Each learner's deck holds the words of their own lessons only: the new cards are due now, the
    // studied ones (fewer than ten here) are all among the weak areas.
    const deck = async (account: { bearer: Headers }) =>
      [
        ...DueCardsResponseSchema.parse((await get('/review/users/me/spaced_repetition', account.bearer)).json()).cards,
        ...WeakAreasResponseSchema.parse((await get('/review/users/me/weak_areas', account.bearer)).json()).cards,
      ].map((card) => card.word_id);
    const homeWords = GetLessonResponseSchema.parse((await get('/lessons/home-1', bob.bearer)).json()).words.map(
      (word) => word.id,
    );
    expect(await deck(alice)).toEqual(expect.arrayContaining(homeWords));
    expect((await deck(bob)).filter((word) => homeWords.includes(word))).toEqual([]);
  });

  it('adds the lesson’s words to the review deck and reschedules only the words asked about', async () => {
    const account = await learner();
    await ctx.database.handle.db.update(users).set({ plan: 'premium' }).where(eq(users.id, account.auth.user.id));
    const lesson = GetLessonResponseSchema.parse((await get('/lessons/food-1', account.bearer)).json());
    const dueWords = async () =>
      new Set(
        DueCardsResponseSchema.parse((await get('/review/users/me/spaced_repetition', account.bearer)).json()).cards.map(
          (card) => card.word_id,
        ),
      );
    /** One session of the lesson: the words its multiple-choice items ask about, answered right or left unanswered. */
    const take = async (answerRight: boolean) => {
      const start = StartLessonResponseSchema.parse((await post('/lessons/food-1/start', account.bearer)).json());
      const asked = (await storedExercises(ctx.database.handle.db, start.session_id)).flatMap((item) => item.wordIds);
      if (answerRight) await answerChoicesRight(account.bearer, 'food-1', start);
      await answerRestWrong(ctx.app, account.bearer, 'food-1', start);
      expect((await post('/lessons/food-1/complete', account.bearer, { session_id: start.session_id })).statusCode).toBe(200);
      return asked;
    };

    // Right answers schedule the words for later; the lesson's other words are new cards, due now.
    const firstAsked = await take(true);
    expect(firstAsked).toHaveLength(3);
    const words = lesson.words.map((word) => word.id);
    expect([...(await dueWords())].sort()).toEqual(words.filter((word) => !firstAsked.includes(word)).sort());

    // A second session left unanswered: its words are due again soon ("Again"), and the words of the
    // first session it did not ask about keep their schedule instead of starting over.
    const secondAsked = await take(false);
    expect([...(await dueWords())].sort()).toEqual(
      words.filter((word) => !firstAsked.includes(word) && !secondAsked.includes(word)).sort(),
    );
  });

  it('scores a session started by an earlier version (no word index stored with it) the same way once migrated', async () => {
    const account = await learner();
    const start = StartLessonResponseSchema.parse((await post('/lessons/greetings-3/start', account.bearer)).json());
    // Right answers to the multiple-choice items, the rest wrong: 3 of 9.
    await answerChoicesRight(account.bearer, 'greetings-3', start);
    await answerRestWrong(ctx.app, account.bearer, 'greetings-3', start);
    // As that version stored it: the generated lesson in the session itself, no variant, no word index.
    const exercises = await storedExercises(ctx.database.handle.db, start.session_id);
    await ctx.database.handle.db
      .update(lessonSessions)
      .set({ itemWords: null, exercises, variantId: null })
      .where(eq(lessonSessions.id, start.session_id));
    await applyMigration0013();
    const complete = await post('/lessons/greetings-3/complete', account.bearer, { session_id: start.session_id });
    expect(CompleteLessonResponseSchema.parse(complete.json())).toMatchObject({ correct: 3, total: 9, skipped: 0, score: 33 });
    const deck = DueCardsResponseSchema.parse((await get('/review/users/me/spaced_repetition', account.bearer)).json());
    // The three words answered right are scheduled for later; the lesson's other three are due now.
    expect(deck.due_count).toBe(3);
  });

  it('answers a completion stored by an earlier version with the numbers it stored, once migrated', async () => {
    const account = await learner();
    const start = StartLessonResponseSchema.parse((await post('/lessons/greetings-3/start', account.bearer)).json());
    const stored = {
      session_id: start.session_id,
      lesson_id: 'greetings-3',
      correct: 6,
      total: 7,
      score: 86,
      xp_earned: 43,
      badge: 'excellent',
      total_xp: 143,
      level: 2,
      xp_to_next_level: 57,
      current_streak: 4,
      lessons_completed: 9,
      daily_goal_percent: 86,
    };
    await ctx.database.handle.db
      .update(lessonSessions)
      .set({ completedAt: clock.now(), result: stored })
      .where(eq(lessonSessions.id, start.session_id));
    await applyMigration0013();
    const replay = await post('/lessons/greetings-3/complete', account.bearer, { session_id: start.session_id });
    expect(replay.statusCode).toBe(200);
    expect(CompleteLessonResponseSchema.parse(replay.json())).toEqual({ ...stored, skipped: 0, achievements_earned: [] });
  });

  it('shows the expected word order as the sentence is written, with its punctuation and spacing', async () => {
    for (const course of ['es', 'ja'] as const) {
      const account = await learner({ target_language: course, timezone: 'Europe/Madrid' });
      const start = StartLessonResponseSchema.parse((await post('/lessons/greetings-2/start', account.bearer)).json());
      const ordered = start.exercises.filter((exercise) => exercise.type === 'drag-drop' || exercise.type === 'listening');
      expect(ordered.length).toBeGreaterThan(0);
      const bare = (text: string) => [...text.replace(/[\s\p{P}]/gu, '')].sort().join('');
      let punctuated = 0;
      for (const exercise of ordered) {
        const reply = await post(`/lessons/greetings-2/exercises/${exercise.id}/complete`, account.bearer, {
          session_id: start.session_id,
          answer: ['zzzz'],
        });
        const { expected } = AnswerExerciseResponseSchema.parse(reply.json());
        const words = (exercise.content as { words: string[] }).words;
        // The same words, in the sentence as written: its punctuation (and spaces between sentences) kept.
        expect(bare(expected)).toBe(bare(words.join('')));
        if (exercise.type === 'listening') expect(expected).toBe((exercise.content as { speech_text: string }).speech_text);
        if (/\p{P}/u.test(expected)) punctuated += 1;
      }
      expect(punctuated, course).toBeGreaterThan(0);
    }
  });

  it('takes a Japanese fill-in in romaji as correct (full XP), offers a word bank, and gives every answer with its romanisation', async () => {
    const account = await learner({ target_language: 'ja' });
    const start = StartLessonResponseSchema.parse((await post('/lessons/greetings-1/start', account.bearer)).json());
    const keys = await answerKey(start.session_id);
    const answer = (id: string, body: object) =>
      post(`/lessons/greetings-1/exercises/${id}/complete`, account.bearer, { session_id: start.session_id, ...body });
    let romaji = 0;
    for (const exercise of start.exercises) {
      const key = keys.get(exercise.id);
      if (!key) throw new Error('no key');
      if (isAudio(exercise.type)) {
        const reason = exercise.type === 'listening' ? 'cant_listen' : 'cant_speak';
        const skipped = AnswerExerciseResponseSchema.parse(
          (
            await post(`/lessons/greetings-1/exercises/${exercise.id}/skip`, account.bearer, {
              session_id: start.session_id,
              reason,
            })
          ).json(),
        );
        expect(skipped.expected_roman).toEqual(expect.any(String));
        continue;
      }
      if (exercise.type === 'fill-blank' && key.kind === 'text') {
        // The word bank holds the answer; nothing in it says which chip is right.
        const choices = exercise.content.choices ?? [];
        expect(choices.map((choice) => choice.text)).toContain(key.text);
        expect(choices.length).toBeGreaterThanOrEqual(4);
        if (key.roman) {
          // Typed without a Japanese keyboard: "ou" for ō, no spaces.
          const typed = key.roman.replaceAll('ō', 'ou').replaceAll('ā', 'a').replaceAll(' ', '');
          const result = AnswerExerciseResponseSchema.parse((await answer(exercise.id, { answer: typed })).json());
          expect(result).toMatchObject({ correct: true, verdict: 'romanised', expected: key.text, expected_roman: key.roman });
          romaji += 1;
          continue;
        }
      }
      const result = AnswerExerciseResponseSchema.parse((await answer(exercise.id, { answer: rightAnswer(key) })).json());
      expect(result.correct).toBe(true);
      // In a non-Latin course every answer comes back with its romanisation.
      expect(result.expected_roman, exercise.type).toEqual(expect.any(String));
    }
    expect(romaji).toBeGreaterThan(0);
    const complete = CompleteLessonResponseSchema.parse(
      (await post('/lessons/greetings-1/complete', account.bearer, { session_id: start.session_id })).json(),
    );
    expect(complete).toMatchObject({ correct: 7, total: 7, skipped: 2, score: 100 });
  });

  it('marks a fill-in of a session stored before romanisations by the script alone', async () => {
    const account = await learner({ target_language: 'ja' });
    const start = StartLessonResponseSchema.parse((await post('/lessons/greetings-1/start', account.bearer)).json());
    // An earlier version stored neither the romanisations nor the word bank.
    const old = (await storedExercises(ctx.database.handle.db, start.session_id)).map(({ key, exercise, ...rest }) => {
      const { roman: _roman, romanisations: _romanisations, ...oldKey } = key as typeof key & { romanisations?: string[] };
      const { choices: _choices, ...content } = exercise.content as typeof exercise.content & { choices?: unknown };
      return { ...rest, key: oldKey, exercise: { ...exercise, content } };
    });
    await ctx.database.handle.db.update(lessonSessions).set({ exercises: old }).where(eq(lessonSessions.id, start.session_id));
    const resumed = StartLessonResponseSchema.parse((await post('/lessons/greetings-1/start', account.bearer)).json());
    const fills = resumed.exercises.filter((exercise) => exercise.type === 'fill-blank');
    expect(fills).toHaveLength(2);
    const [first, second] = fills;
    const keys = await answerKey(start.session_id);
    const firstKey = keys.get(first?.id ?? '');
    const byScript = await post(`/lessons/greetings-1/exercises/${first?.id}/complete`, account.bearer, {
      session_id: start.session_id,
      answer: firstKey?.kind === 'text' ? firstKey.text : '',
    });
    expect(byScript.json()).toMatchObject({ correct: true, verdict: 'exact' });
    expect(byScript.json()).not.toHaveProperty('expected_roman');
    const byRomaji = await post(`/lessons/greetings-1/exercises/${second?.id}/complete`, account.bearer, {
      session_id: start.session_id,
      answer: 'konnichiwa',
    });
    expect(byRomaji.statusCode).toBe(200);
    expect(byRomaji.json()).toMatchObject({ correct: false, verdict: 'wrong' });
  });

  it('locks an exercise after its first answer', async () => {
    const account = await learner();
    const start = StartLessonResponseSchema.parse((await post('/lessons/greetings-3/start', account.bearer)).json());
    const mc = start.exercises.find((exercise) => exercise.type === 'multiple-choice');
    const key = (await answerKey(start.session_id)).get(mc?.id ?? '');
    const wrongOption =
      mc?.type === 'multiple-choice'
        ? mc.content.options.find((option) => option.id !== (key?.kind === 'option' ? key.optionId : ''))?.id
        : '';
    const first = await post(`/lessons/greetings-3/exercises/${mc?.id}/complete`, account.bearer, {
      session_id: start.session_id,
      answer: wrongOption,
    });
    const second = await post(`/lessons/greetings-3/exercises/${mc?.id}/complete`, account.bearer, {
      session_id: start.session_id,
      answer: key && rightAnswer(key),
    });
    expect(first.json().correct).toBe(false);
    expect(second.json()).toEqual(first.json());
  });

  it('rejects bad input and other learners’ sessions', async () => {
    const [alice, bob] = [await learner(), await learner()];
    const start = StartLessonResponseSchema.parse((await post('/lessons/family-1/start', alice.bearer)).json());
    const exerciseId = start.exercises[0]?.id;
    expect((await post('/lessons/nope/start', alice.bearer)).statusCode).toBe(404);
    expect(
      (await post(`/lessons/family-1/exercises/${exerciseId}/complete`, alice.bearer, { session_id: 'x', answer: 'a' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post(`/lessons/family-1/exercises/${exerciseId}/complete`, alice.bearer, { session_id: start.session_id }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post(`/lessons/family-1/exercises/ex99/complete`, alice.bearer, { session_id: start.session_id, answer: 'a' }))
        .statusCode,
    ).toBe(404);
    expect((await post(`/lessons/family-2/complete`, alice.bearer, { session_id: start.session_id })).statusCode).toBe(404);

    const bobAnswers = await post(`/lessons/family-1/exercises/${exerciseId}/complete`, bob.bearer, {
      session_id: start.session_id,
      answer: 'a',
    });
    expect(bobAnswers.statusCode).toBe(404);
    const bobCompletes = await post('/lessons/family-1/complete', bob.bearer, { session_id: start.session_id });
    expect(bobCompletes.statusCode).toBe(404);
    expect((await get('/users/me', bob.bearer)).json().profile.total_xp).toBe(0);
    expect((await post('/lessons/family-1/complete', {}, { session_id: start.session_id })).statusCode).toBe(401);
  });

  it('gives a free learner one session a local day, resumes it, and resets at local midnight', async () => {
    const account = await learner({ target_language: 'es', timezone: 'Asia/Tokyo' });
    clock.set('2026-12-01T10:00:00Z'); // 19:00 in Tokyo
    let bearer = await signIn(account);
    const first = StartLessonResponseSchema.parse((await post('/lessons/food-1/start', bearer)).json());
    const resumed = StartLessonResponseSchema.parse((await post('/lessons/food-1/start', bearer)).json());
    expect(resumed).toMatchObject({ session_id: first.session_id, resumed: true });

    const second = await post('/lessons/food-2/start', bearer);
    expect(second.statusCode).toBe(403);
    expect(second.json()).toMatchObject({ code: 'daily_limit_reached', resets_at: '2026-12-01T15:00:00.000Z' });

    clock.set('2026-12-01T15:00:01Z'); // just after midnight in Tokyo
    bearer = await signIn(account);
    expect((await post('/lessons/food-2/start', bearer)).statusCode).toBe(200);
  });

  it('lets a premium learner take as many sessions as they like', async () => {
    const account = await learner();
    await ctx.database.handle.db.update(users).set({ plan: 'premium' }).where(eq(users.id, account.auth.user.id));
    for (const lesson of ['home-1', 'home-2', 'home-3'])
      expect((await post(`/lessons/${lesson}/start`, account.bearer)).statusCode).toBe(200);
  });

  it('keeps a streak across days in the learner’s time zone and restarts it after a gap', async () => {
    const account = await learner({ target_language: 'it', timezone: 'America/New_York' });
    const finish = async (lesson: string, at: string) => {
      clock.set(at);
      const bearer = await signIn(account);
      const start = StartLessonResponseSchema.parse((await post(`/lessons/${lesson}/start`, bearer)).json());
      await answerRestWrong(ctx.app, bearer, lesson, start);
      return CompleteLessonResponseSchema.parse(
        (await post(`/lessons/${lesson}/complete`, bearer, { session_id: start.session_id })).json(),
      );
    };
    expect((await finish('city-1', '2026-12-10T15:00:00Z')).current_streak).toBe(1);
    // 03:00 UTC on the 11th is still the 10th in New York: a new day only in UTC.
    expect((await finish('city-2', '2026-12-11T23:30:00Z')).current_streak).toBe(2);
    expect((await finish('city-3', '2026-12-14T15:00:00Z')).current_streak).toBe(1);
  });
});
