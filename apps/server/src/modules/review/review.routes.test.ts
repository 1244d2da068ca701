import { ErrorBodySchema } from '@parla/shared/errors';
import { StartLessonResponseSchema } from '@parla/shared/lessons.schema';
import {
  AnswerPracticeResponseSchema,
  CompletePracticeResponseSchema,
  DueCardsResponseSchema,
  StartPracticeResponseSchema,
} from '@parla/shared/practice.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonSessions } from '../../db/schema/index';
import { buildTestApp, type TestApp, testClock } from '../../test/build-test-app';
import { answerRestWrong, apiCaller, registerLearner } from '../../test/factories';

const clock = testClock('2026-11-24T10:00:00Z');
let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp({ clock });
});
afterAll(() => ctx.close());

const { get, post } = apiCaller(() => ctx.app);

async function finishLesson(bearer: Record<string, string>, lessonId = 'greetings-1') {
  const lesson = StartLessonResponseSchema.parse((await post(`/lessons/${lessonId}/start`, bearer)).json());
  await answerRestWrong(ctx.app, bearer, lessonId, lesson);
  expect((await post(`/lessons/${lessonId}/complete`, bearer, { session_id: lesson.session_id })).statusCode).toBe(200);
}

async function correctAnswers(sessionId: string): Promise<Map<string, number>> {
  const [row] = await ctx.database.handle.db.select().from(lessonSessions).where(eq(lessonSessions.id, sessionId));
  return new Map(
    ((row?.exercises ?? []) as { question: { id: string }; correctAnswer: number }[]).map((item) => [
      item.question.id,
      item.correctAnswer,
    ]),
  );
}

const dueSummary = async (bearer: Record<string, string>) => {
  const response = await get('/review/users/me/spaced_repetition?limit=0', bearer);
  expect(response.statusCode, response.body).toBe(200);
  return DueCardsResponseSchema.parse(response.json());
};

describe('the review deck’s count', () => {
  it('gives only the count and the next due time with limit=0, and every due card by default', async () => {
    const account = await registerLearner(ctx.app);
    expect(await dueSummary(account.bearer)).toEqual({ course: 'es', due_count: 0, next_due: null, cards: [] });

    await finishLesson(account.bearer);
    const summary = await dueSummary(account.bearer);
    expect(summary.due_count).toBeGreaterThanOrEqual(3);
    expect(summary.cards).toEqual([]);
    const full = DueCardsResponseSchema.parse((await get('/review/users/me/spaced_repetition', account.bearer)).json());
    expect(full.due_count).toBe(summary.due_count);
    expect(full.cards).toHaveLength(summary.due_count);
    const two = DueCardsResponseSchema.parse((await get('/review/users/me/spaced_repetition?limit=2', account.bearer)).json());
    expect(two.cards).toHaveLength(2);
    expect(two.due_count).toBe(summary.due_count);
  });

  it('says when the next card is due once nothing is due, from the cards’ own schedule', async () => {
    const account = await registerLearner(ctx.app);
    await finishLesson(account.bearer);
    // Every card due now reviewed right: none is due any more, the soonest comes back later.
    const review = StartPracticeResponseSchema.parse((await post('/review/start', account.bearer)).json());
    const key = await correctAnswers(review.session_id);
    for (const question of review.questions) {
      const answer = AnswerPracticeResponseSchema.parse(
        (
          await post(`/review/sessions/${review.session_id}/answer`, account.bearer, {
            question_id: question.id,
            answer: key.get(question.id),
          })
        ).json(),
      );
      expect(answer).toMatchObject({ correct: true, word: { text: expect.any(String), translation: expect.any(String) } });
    }
    expect((await post(`/review/sessions/${review.session_id}/complete`, account.bearer)).statusCode).toBe(200);
    const deck = await dueSummary(account.bearer);
    expect(deck.due_count).toBe(0);
    expect(new Date(deck.next_due ?? 0).getTime()).toBeGreaterThan(clock.now().getTime());
    const start = await post('/review/start', account.bearer);
    expect(start.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(start.json()).code).toBe('nothing_due');

    // Once that time has come, that card is due again.
    clock.set(deck.next_due ?? '');
    const signIn = (await post('/auth/login', {}, { username: account.email, password: account.password })).json();
    const later = await dueSummary({ authorization: `Bearer ${signIn.access_token}` });
    expect(later.due_count).toBeGreaterThanOrEqual(1);
  });

  it('rejects a bad limit and another learner’s deck', async () => {
    const [alice, bob] = [await registerLearner(ctx.app), await registerLearner(ctx.app)];
    for (const limit of ['-1', '51', 'many', '1.5']) {
      const response = await get(`/review/users/me/spaced_repetition?limit=${limit}`, alice.bearer);
      expect(response.statusCode, limit).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).code).toBeTruthy();
    }
    const other = await get(`/review/users/${bob.auth.user.id}/spaced_repetition?limit=0`, alice.bearer);
    expect(other.statusCode).toBe(403);
    expect(ErrorBodySchema.parse(other.json()).code).toBe('forbidden');
    expect((await get(`/review/users/${alice.auth.user.id}/spaced_repetition?limit=0`, alice.bearer)).statusCode).toBe(200);
    expect((await get('/review/users/me/spaced_repetition?limit=0', {})).statusCode).toBe(401);
  });
});

describe('a review round', () => {
  it('shows each answered word in its script with its romanisation, and pays XP through the ledger once', async () => {
    const account = await registerLearner(ctx.app, { target_language: 'ja', native_language: 'en', timezone: 'Asia/Tokyo' });
    await finishLesson(account.bearer);
    const xpBefore = (await get('/users/me', account.bearer)).json().profile.total_xp as number;
    const review = StartPracticeResponseSchema.parse((await post('/review/start', account.bearer)).json());
    expect(review).toMatchObject({ kind: 'review', course: 'ja' });
    for (const question of review.questions) {
      const answer = AnswerPracticeResponseSchema.parse(
        (
          await post(`/review/sessions/${review.session_id}/answer`, account.bearer, { question_id: question.id, answer: 1 })
        ).json(),
      );
      expect(answer.word?.text).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      expect(answer.word?.roman).toMatch(/^[\p{Script=Latin}\s'’-]+$/u);
      expect(answer.word?.translation).toMatch(/[a-z]/i);
    }
    const replies = await Promise.all([1, 2].map(() => post(`/review/sessions/${review.session_id}/complete`, account.bearer)));
    const [first, second] = replies.map((reply) => CompletePracticeResponseSchema.parse(reply.json()));
    expect(second).toEqual(first);
    expect(first?.xp_earned).toBeGreaterThan(0);
    const profile = (await get('/users/me', account.bearer)).json().profile;
    expect(profile.total_xp).toBe(xpBefore + (first?.xp_earned ?? 0));
  });
});

describe('reviewing one lesson’s words', () => {
  const lessonWords = async (bearer: Record<string, string>, lessonId: string) =>
    new Set(((await get(`/lessons/${lessonId}`, bearer)).json() as { words: { id: string }[] }).words.map((word) => word.id));

  it('asks about that lesson’s words only, due or not, and grades their cards like any review', async () => {
    const account = await registerLearner(ctx.app);
    await finishLesson(account.bearer, 'greetings-1');
    // Answer every due card right, so nothing is due any more.
    const all = StartPracticeResponseSchema.parse((await post('/review/start', account.bearer)).json());
    const keys = await correctAnswers(all.session_id);
    for (const question of all.questions) {
      await post(`/review/sessions/${all.session_id}/answer`, account.bearer, {
        question_id: question.id,
        answer: keys.get(question.id),
      });
    }
    expect((await post(`/review/sessions/${all.session_id}/complete`, account.bearer)).statusCode).toBe(200);
    expect((await dueSummary(account.bearer)).due_count).toBe(0);
    expect((await post('/review/start', account.bearer)).json()).toMatchObject({ code: 'nothing_due' });

    // The lesson's own review still works: its words, the earliest due first.
    const reply = await post('/review/start', account.bearer, { lesson_id: 'greetings-1' });
    expect(reply.statusCode, reply.body).toBe(200);
    const round = StartPracticeResponseSchema.parse(reply.json());
    expect(round.kind).toBe('review');
    const words = await lessonWords(account.bearer, 'greetings-1');
    expect(round.questions.length).toBe(Math.min(words.size, 10));
    for (const question of round.questions) expect(words.has(question.word_id), question.word_id).toBe(true);
  });

  it('refuses a lesson not taken (409), an unknown lesson (404) and a malformed body (400), changing nothing', async () => {
    const account = await registerLearner(ctx.app);
    await finishLesson(account.bearer, 'greetings-1');
    const before = (await dueSummary(account.bearer)).due_count;
    const notTaken = await post('/review/start', account.bearer, { lesson_id: 'greetings-2' });
    expect(notTaken.statusCode).toBe(409);
    expect(ErrorBodySchema.parse(notTaken.json())).toMatchObject({ code: 'nothing_due' });
    const unknown = await post('/review/start', account.bearer, { lesson_id: 'no-such-lesson' });
    expect(unknown.statusCode).toBe(404);
    for (const body of [{ lesson_id: 7 }, { lesson_id: '' }, { lesson_id: 'greetings-1', extra: true }]) {
      const bad = await post('/review/start', account.bearer, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(ErrorBodySchema.parse(bad.json()).code).toBe('validation_error');
    }
    expect((await dueSummary(account.bearer)).due_count).toBe(before);
    const sessions = await ctx.database.handle.db
      .select()
      .from(lessonSessions)
      .where(eq(lessonSessions.userId, account.auth.user.id));
    expect(sessions.filter((session) => session.kind === 'review')).toEqual([]);
  });
});
