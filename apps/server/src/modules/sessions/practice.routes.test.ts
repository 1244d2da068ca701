import { DashboardResponseSchema } from '@parla/shared/dashboard.schema';
import { ErrorBodySchema } from '@parla/shared/errors';
import { ListLessonsResponseSchema, StartLessonResponseSchema } from '@parla/shared/lessons.schema';
import {
  CompletePracticeResponseSchema,
  DueCardsResponseSchema,
  type StartPracticeResponse,
  StartPracticeResponseSchema,
  WeakAreasResponseSchema,
} from '@parla/shared/practice.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonSessions } from '../../db/schema/index';
import { buildTestApp, type TestApp, testClock } from '../../test/build-test-app';
import { answerRestWrong, apiCaller, registerLearner } from '../../test/factories';

const clock = testClock('2026-11-21T10:00:00Z');
let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp({ clock });
});
afterAll(() => ctx.close());

const { get, post } = apiCaller(() => ctx.app);

const learner = (profile?: Record<string, unknown>) => registerLearner(ctx.app, profile);

async function correctAnswers(sessionId: string): Promise<Map<string, number>> {
  const [row] = await ctx.database.handle.db.select().from(lessonSessions).where(eq(lessonSessions.id, sessionId));
  return new Map(
    ((row?.exercises ?? []) as { question: { id: string }; correctAnswer: number }[]).map((item) => [
      item.question.id,
      item.correctAnswer,
    ]),
  );
}

const answerPath = (kind: 'practice' | 'review', sessionId: string) =>
  kind === 'practice' ? `/practice/${sessionId}/answer` : `/review/sessions/${sessionId}/answer`;

/** Answers every question of a session, each with its first option. */
async function answerAll(kind: 'practice' | 'review', session: StartPracticeResponse, bearer: Record<string, string>) {
  for (const question of session.questions) {
    const response = await post(answerPath(kind, session.session_id), bearer, { question_id: question.id, answer: 0 });
    expect(response.statusCode).toBe(200);
  }
}

/** The answers are kept by question id: a name every object has must not find anything there. */
async function expectOnlyOwnQuestions(kind: 'practice' | 'review', sessionId: string, bearer: Record<string, string>) {
  for (const question_id of ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty']) {
    const response = await post(answerPath(kind, sessionId), bearer, { question_id, answer: 1 });
    expect(response.statusCode, question_id).toBe(404);
    expect(ErrorBodySchema.parse(response.json()).code).toBe('not_found');
  }
}

describe('quick practice', () => {
  it('asks five four-option questions without revealing the answers', async () => {
    const account = await learner();
    const response = await post('/practice/start', account.bearer);
    expect(response.statusCode).toBe(200);
    const practice = StartPracticeResponseSchema.parse(response.json());
    expect(practice).toMatchObject({ kind: 'practice', course: 'es', seconds_per_question: 30 });
    expect(practice.questions).toHaveLength(5);
    for (const question of practice.questions) expect(new Set(question.options).size).toBe(4);
    expect(response.body).not.toContain('correct');
  });

  it('marks answers (a time-out is wrong), then awards 15 + accuracy/10 XP and stars once', async () => {
    const account = await learner();
    const practice = StartPracticeResponseSchema.parse((await post('/practice/start', account.bearer)).json());
    const key = await correctAnswers(practice.session_id);
    // Three right, one wrong, one timed out: 60 % → 21 XP, 2 stars.
    for (const [index, question] of practice.questions.entries()) {
      const right = key.get(question.id) ?? 0;
      const answer = index < 3 ? right : index === 3 ? (right + 1) % 4 : null;
      const result = (
        await post(`/practice/${practice.session_id}/answer`, account.bearer, { question_id: question.id, answer })
      ).json();
      expect(result).toMatchObject({ question_id: question.id, correct: index < 3, correct_answer: right });
      expect(result.explanation.length).toBeGreaterThan(3);
    }
    const replies = await Promise.all([1, 2, 3].map(() => post(`/practice/${practice.session_id}/complete`, account.bearer)));
    for (const reply of replies) {
      expect(CompletePracticeResponseSchema.parse(reply.json())).toMatchObject({
        correct: 3,
        total: 5,
        accuracy: 60,
        xp_earned: 21,
        stars: 2,
        total_xp: 21,
        current_streak: 1,
      });
    }
    expect((await get('/users/me', account.bearer)).json().profile).toMatchObject({
      total_xp: 21,
      current_streak: 1,
      lessons_completed: 0,
    });
  });

  it('does not use up the free daily lesson', async () => {
    const account = await learner();
    const practice = StartPracticeResponseSchema.parse((await post('/practice/start', account.bearer)).json());
    await answerAll('practice', practice, account.bearer);
    expect((await post(`/practice/${practice.session_id}/complete`, account.bearer)).statusCode).toBe(200);
    expect((await post('/lessons/greetings-1/start', account.bearer)).statusCode).toBe(200);
  });

  it('pays nothing for an unfinished practice: every question must be answered or timed out first', async () => {
    const account = await learner();
    const practice = StartPracticeResponseSchema.parse((await post('/practice/start', account.bearer)).json());
    const key = await correctAnswers(practice.session_id);
    const complete = () => post(`/practice/${practice.session_id}/complete`, account.bearer);

    const empty = await complete();
    expect(empty.statusCode).toBe(422);
    expect(ErrorBodySchema.parse(empty.json()).code).toBe('practice_unfinished');
    const [first, second, ...rest] = practice.questions;
    if (!first || !second) throw new Error('expected five questions');
    for (const question of [first, second]) {
      await post(`/practice/${practice.session_id}/answer`, account.bearer, {
        question_id: question.id,
        answer: key.get(question.id),
      });
    }
    expect((await complete()).statusCode).toBe(422);
    expect((await get('/users/me', account.bearer)).json().profile).toMatchObject({ total_xp: 0, current_streak: 0 });

    // The rest time out: two right of five, 40 % → 19 XP.
    for (const question of rest) {
      await post(`/practice/${practice.session_id}/answer`, account.bearer, { question_id: question.id, answer: null });
    }
    expect(CompletePracticeResponseSchema.parse((await complete()).json())).toMatchObject({
      correct: 2,
      total: 5,
      accuracy: 40,
      xp_earned: 19,
    });
  });

  it('answers a question id that names an Object property with 404, not a server error', async () => {
    const account = await learner();
    const practice = StartPracticeResponseSchema.parse((await post('/practice/start', account.bearer)).json());
    await expectOnlyOwnQuestions('practice', practice.session_id, account.bearer);
    // The session is untouched: its real questions still take their first answer.
    await answerAll('practice', practice, account.bearer);
    expect((await post(`/practice/${practice.session_id}/complete`, account.bearer)).statusCode).toBe(200);
  });

  it('rejects bad input and other learners', async () => {
    const [alice, bob] = [await learner(), await learner()];
    const practice = StartPracticeResponseSchema.parse((await post('/practice/start', alice.bearer)).json());
    const first = practice.questions[0]?.id;
    expect(
      (await post(`/practice/${practice.session_id}/answer`, alice.bearer, { question_id: first, answer: 4 })).statusCode,
    ).toBe(400);
    expect(
      (await post(`/practice/${practice.session_id}/answer`, alice.bearer, { question_id: 'q99', answer: 1 })).statusCode,
    ).toBe(404);
    expect((await post('/practice/not-a-uuid/answer', alice.bearer, { question_id: first, answer: 1 })).statusCode).toBe(400);
    expect(
      (await post(`/practice/${practice.session_id}/answer`, bob.bearer, { question_id: first, answer: 1 })).statusCode,
    ).toBe(404);
    expect((await post(`/practice/${practice.session_id}/complete`, bob.bearer)).statusCode).toBe(404);
    expect((await post(`/review/sessions/${practice.session_id}/complete`, alice.bearer)).statusCode).toBe(404);
    expect((await post('/practice/start', {})).statusCode).toBe(401);
  });
});

describe('review with FSRS', () => {
  it('has nothing due before any lesson', async () => {
    const account = await learner();
    const review = await post('/review/start', account.bearer);
    expect(review.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(review.json()).code).toBe('nothing_due');
    expect(DueCardsResponseSchema.parse((await get('/review/users/me/spaced_repetition', account.bearer)).json()).due_count).toBe(
      0,
    );
  });

  it('turns a finished lesson’s words into due cards, and answering moves their due dates', async () => {
    const account = await learner();
    const lesson = StartLessonResponseSchema.parse((await post('/lessons/greetings-1/start', account.bearer)).json());
    await answerRestWrong(ctx.app, account.bearer, 'greetings-1', lesson);
    await post('/lessons/greetings-1/complete', account.bearer, { session_id: lesson.session_id });

    const deck = DueCardsResponseSchema.parse((await get('/review/users/me/spaced_repetition', account.bearer)).json());
    expect(deck.due_count).toBeGreaterThanOrEqual(3);
    expect(deck.cards[0]).toMatchObject({ text: expect.any(String), translation: expect.any(String) });

    const review = StartPracticeResponseSchema.parse((await post('/review/start', account.bearer)).json());
    expect(review.kind).toBe('review');
    const key = await correctAnswers(review.session_id);
    const [rightOne, wrongOne] = review.questions;
    if (!rightOne || !wrongOne) throw new Error('expected two questions at least');
    await post(`/review/sessions/${review.session_id}/answer`, account.bearer, {
      question_id: rightOne.id,
      answer: key.get(rightOne.id),
    });
    await post(`/review/sessions/${review.session_id}/answer`, account.bearer, {
      question_id: wrongOne.id,
      answer: ((key.get(wrongOne.id) ?? 0) + 1) % 4,
    });

    const after = DueCardsResponseSchema.parse((await get('/review/users/me/spaced_repetition', account.bearer)).json());
    expect(after.cards.some((card) => card.word_id === rightOne.word_id)).toBe(false);
    expect(after.due_count).toBeLessThan(deck.due_count);

    clock.set(new Date(clock.now().getTime() + 30 * 86_400_000).toISOString());
    const signIn = (await post('/auth/login', {}, { username: account.email, password: account.password })).json();
    const later = DueCardsResponseSchema.parse(
      (await get('/review/users/me/spaced_repetition', { authorization: `Bearer ${signIn.access_token}` })).json(),
    );
    expect(later.cards.some((card) => card.word_id === rightOne.word_id)).toBe(true);

    const weak = (await get('/review/users/me/weak_areas', { authorization: `Bearer ${signIn.access_token}` })).json();
    const order = weak.cards.map((card: { word_id: string }) => card.word_id);
    expect(order).toContain(wrongOne.word_id);
    if (order.includes(rightOne.word_id)) expect(order.indexOf(wrongOne.word_id)).toBeLessThan(order.indexOf(rightOne.word_id));
  });

  it('pays nothing for an unfinished review, and answers Object property names as question ids with 404', async () => {
    const account = await learner();
    const lesson = StartLessonResponseSchema.parse((await post('/lessons/greetings-1/start', account.bearer)).json());
    await answerRestWrong(ctx.app, account.bearer, 'greetings-1', lesson);
    await post('/lessons/greetings-1/complete', account.bearer, { session_id: lesson.session_id });
    const xpBefore = (await get('/users/me', account.bearer)).json().profile.total_xp;
    const review = StartPracticeResponseSchema.parse((await post('/review/start', account.bearer)).json());

    const empty = await post(`/review/sessions/${review.session_id}/complete`, account.bearer);
    expect(empty.statusCode).toBe(422);
    expect(ErrorBodySchema.parse(empty.json()).code).toBe('practice_unfinished');
    expect((await get('/users/me', account.bearer)).json().profile.total_xp).toBe(xpBefore);

    await expectOnlyOwnQuestions('review', review.session_id, account.bearer);
    await answerAll('review', review, account.bearer);
    const done = await post(`/review/sessions/${review.session_id}/complete`, account.bearer);
    expect(CompletePracticeResponseSchema.parse(done.json()).total).toBe(review.questions.length);
  });

  it('keeps the words of a practice in the deck without marking their lessons as taken', async () => {
    const account = await learner();
    const practice = StartPracticeResponseSchema.parse((await post('/practice/start', account.bearer)).json());
    const key = await correctAnswers(practice.session_id);
    for (const question of practice.questions)
      await post(`/practice/${practice.session_id}/answer`, account.bearer, {
        question_id: question.id,
        answer: key.get(question.id) ?? 0,
      });
    const weak = WeakAreasResponseSchema.parse((await get('/review/users/me/weak_areas', account.bearer)).json());
    expect(new Set(weak.cards.map((card) => card.word_id))).toEqual(
      new Set(practice.questions.map((question) => question.word_id)),
    );
    const lessons = ListLessonsResponseSchema.parse((await get('/lessons', account.bearer)).json());
    expect(lessons.units.flatMap((unit) => unit.lessons).filter((lesson) => lesson.completed)).toEqual([]);
    const dashboard = DashboardResponseSchema.parse((await get('/dashboard', account.bearer)).json());
    expect(dashboard.lessons_completed).toBe(0);
    expect(dashboard.continue_learning[0]).toMatchObject({ id: 'greetings-1', completed: false, progress: 0 });
  });

  it('keeps each deck private', async () => {
    const [alice, bob] = [await learner(), await learner()];
    expect((await get(`/review/users/${bob.auth.user.id}/spaced_repetition`, alice.bearer)).statusCode).toBe(403);
    expect((await get(`/review/users/${bob.auth.user.id}/weak_areas`, alice.bearer)).statusCode).toBe(403);
    expect((await get('/review/users/nope/weak_areas', alice.bearer)).statusCode).toBe(400);
  });
});
