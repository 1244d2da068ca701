import { ErrorBodySchema } from '@parla/shared/errors';
import { CompleteLessonResponseSchema, GetLessonResponseSchema, StartLessonResponseSchema } from '@parla/shared/lessons.schema';
import { CompletePracticeResponseSchema, StartPracticeResponseSchema } from '@parla/shared/practice.schema';
import {
  ProgressSkillsResponseSchema,
  ProgressSummaryResponseSchema,
  ProgressWeeklyResponseSchema,
} from '@parla/shared/progress.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { achievements, lessonSessions, profiles } from '../../db/schema/index';
import { buildTestApp, type TestApp, testClock } from '../../test/build-test-app';
import { answerRestWrong, apiCaller, registerLearner } from '../../test/factories';
import { storedExercises } from '../../test/stored-lesson';
import { goal, monthlyTargets } from './progress.service';

const NOW = '2026-11-21T10:00:00Z';
const clock = testClock(NOW);
let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp({ clock });
});
afterAll(() => ctx.close());

type Headers = Record<string, string>;
const { get, post } = apiCaller(() => ctx.app);

const summaryOf = async (bearer: Headers, who = 'me') => {
  const reply = await get(`/progress/${who}/summary`, bearer);
  expect(reply.statusCode, reply.body).toBe(200);
  return ProgressSummaryResponseSchema.parse(reply.json());
};
const weeklyOf = async (bearer: Headers) => {
  const reply = await get('/progress/me/weekly', bearer);
  expect(reply.statusCode, reply.body).toBe(200);
  return ProgressWeeklyResponseSchema.parse(reply.json());
};
const skillsOf = async (bearer: Headers) => {
  const reply = await get('/progress/me/skills', bearer);
  expect(reply.statusCode, reply.body).toBe(200);
  return ProgressSkillsResponseSchema.parse(reply.json());
};

/** A fresh access token after the test clock has jumped past the old one's expiry. */
async function signIn(account: { email: string; password: string }): Promise<Headers> {
  const response = await post('/auth/login', {}, { username: account.email, password: account.password });
  return { authorization: `Bearer ${response.json().access_token}` };
}

/** Takes a lesson through the API: its multiple-choice items right (read from the stored key), the rest wrong. */
async function takeLesson(bearer: Headers, lessonId: string) {
  const start = StartLessonResponseSchema.parse((await post(`/lessons/${lessonId}/start`, bearer)).json());
  for (const { exercise, key } of await storedExercises(ctx.database.handle.db, start.session_id)) {
    if (key.kind !== 'option') continue;
    const reply = await post(`/lessons/${lessonId}/exercises/${exercise.id}/complete`, bearer, {
      session_id: start.session_id,
      answer: key.optionId,
    });
    expect(reply.statusCode, reply.body).toBe(200);
  }
  await answerRestWrong(ctx.app, bearer, lessonId, start);
  const done = await post(`/lessons/${lessonId}/complete`, bearer, { session_id: start.session_id });
  expect(done.statusCode, done.body).toBe(200);
  return CompleteLessonResponseSchema.parse(done.json());
}

/** A quick practice with every question answered right. */
async function takePractice(bearer: Headers) {
  const start = StartPracticeResponseSchema.parse((await post('/practice/start', bearer)).json());
  const [row] = await ctx.database.handle.db.select().from(lessonSessions).where(eq(lessonSessions.id, start.session_id));
  const keys = new Map(
    ((row?.exercises ?? []) as { question: { id: string }; correctAnswer: number }[]).map((item) => [
      item.question.id,
      item.correctAnswer,
    ]),
  );
  for (const question of start.questions) {
    await post(`/practice/${start.session_id}/answer`, bearer, { question_id: question.id, answer: keys.get(question.id) });
  }
  const done = await post(`/practice/${start.session_id}/complete`, bearer);
  expect(done.statusCode, done.body).toBe(200);
  return { ...CompletePracticeResponseSchema.parse(done.json()), questions: start.questions.length };
}

/** The achievements stored for a learner (modules/achievements writes them as they are earned). */
const storedAwards = async (userId: string) =>
  (await ctx.database.handle.db.select().from(achievements).where(eq(achievements.userId, userId))).length;

const wordsOfLesson = async (bearer: Headers, lessonId: string) =>
  GetLessonResponseSchema.parse((await get(`/lessons/${lessonId}`, bearer)).json()).words.length;

describe('the month’s targets', () => {
  it('scale with the daily goal: its XP every day, the lessons at full marks that earn it, their words, every day active', () => {
    expect(monthlyTargets(50, 30, 6)).toEqual({ xp: 1500, lessons: 30, streak_days: 30, new_words: 180 });
    expect(monthlyTargets(20, 31, 6)).toEqual({ xp: 620, lessons: 13, streak_days: 31, new_words: 78 });
    expect(monthlyTargets(100, 28, 6)).toEqual({ xp: 2800, lessons: 56, streak_days: 28, new_words: 336 });
    expect(goal(29, 30)).toEqual({ current: 29, target: 30, percent: 96 });
    expect(goal(45, 30).percent).toBe(100);
  });
});

describe('GET /progress/{userId}/summary, weekly and skills', () => {
  it('shows a new learner nothing done yet, against this month’s targets', async () => {
    clock.set(NOW);
    const account = await registerLearner(ctx.app);
    const summary = await summaryOf(account.bearer);
    expect(summary).toMatchObject({
      course: 'es',
      total_xp: 0,
      level: 1,
      daily_goal_xp: 50,
      today: '2026-11-21',
      tiles: { lessons_completed: 0, current_streak: 0, longest_streak: 0, words_learned: 0, awards: 0 },
      month: { start: '2026-11-01', days: 30 },
    });
    expect(summary.month.goals.xp).toEqual({ current: 0, target: 1500, percent: 0 });
    expect(summary.month.goals.lessons).toEqual({ current: 0, target: 30, percent: 0 });
    expect(summary.month.goals.streak_days).toEqual({ current: 0, target: 30, percent: 0 });
    expect(summary.month.goals.new_words).toMatchObject({ current: 0, percent: 0 });

    const weekly = await weeklyOf(account.bearer);
    expect(weekly.time_zone).toBe('Europe/Madrid');
    expect(weekly.days.map((day) => day.date)).toEqual([
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ]);
    expect(weekly).toMatchObject({ max_xp: 0, total_xp: 0, total_lessons: 0 });

    const skills = await skillsOf(account.bearer);
    expect(skills.overview).toEqual({
      speaking: { percent: 0, answered: 0, correct: 0 },
      reading: { percent: 0, answered: 0, correct: 0 },
      listening: { percent: 0, answered: 0, correct: 0 },
      writing: { percent: 0, answered: 0, correct: 0 },
    });
    expect(skills.units).toHaveLength(12);
    expect(skills.units.every((unit) => unit.lessons_completed === 0 && unit.percent === 0 && unit.words > 0)).toBe(true);
    expect(skills.deck).toEqual({ cards: 0, due_now: 0, learned: 0, recall_percent: null });
  });

  it('counts a real lesson and practice: tiles, month, today’s bar, skills by exercise type, the unit and the deck', async () => {
    clock.set(NOW);
    const account = await registerLearner(ctx.app, { target_language: 'es', native_language: 'fr', timezone: 'Europe/Madrid' });
    const lesson = await takeLesson(account.bearer, 'greetings-1');
    const practice = await takePractice(account.bearer);
    const xp = lesson.xp_earned + practice.xp_earned;
    const words = await wordsOfLesson(account.bearer, 'greetings-1');

    const summary = await summaryOf(account.bearer, account.auth.user.id);
    expect(summary).toMatchObject({
      total_xp: xp,
      tiles: { lessons_completed: 1, current_streak: 1, longest_streak: 1, words_learned: words },
    });
    expect(summary.tiles.awards).toBe(await storedAwards(account.auth.user.id));
    expect(summary.month.goals.xp).toEqual({ current: xp, target: 1500, percent: Math.floor((xp / 1500) * 100) });
    expect(summary.month.goals.lessons).toEqual({ current: 1, target: 30, percent: 3 });
    expect(summary.month.goals.streak_days).toEqual({ current: 1, target: 30, percent: 3 });
    expect(summary.month.goals.new_words.current).toBe(words);

    const weekly = await weeklyOf(account.bearer);
    expect(weekly.days.at(-1)).toEqual({ date: '2026-11-21', xp, lessons: 1, practices: 1 });
    expect(weekly).toMatchObject({ max_xp: xp, total_xp: xp, total_lessons: 1 });

    const skills = await skillsOf(account.bearer);
    // The lesson: three multiple-choice items right (reading), two fill-ins and two word orderings
    // wrong (writing), one listening and one speaking item wrong; the practice: every question right.
    expect(skills.overview).toEqual({
      reading: { percent: 100, answered: 3 + practice.questions, correct: 3 + practice.questions },
      writing: { percent: 0, answered: 4, correct: 0 },
      listening: { percent: 0, answered: 1, correct: 0 },
      speaking: { percent: 0, answered: 1, correct: 0 },
    });
    const [first, second] = skills.units;
    expect(first).toMatchObject({ id: 'greetings', level: 'A1', lessons_completed: 1, words_learned: words });
    expect(first?.title).not.toBe('Greetings and introductions');
    expect(first?.percent).toBe(Math.round((1 / (first?.lessons ?? 1)) * 100));
    expect(second).toMatchObject({ lessons_completed: 0, words_learned: 0, percent: 0 });
    expect(skills.deck.cards).toBeGreaterThanOrEqual(words);
    // Every word just answered is recalled for now.
    expect(skills.deck.recall_percent).toBe(100);

    // A day later the answered words are less certain, and some have come due.
    clock.set('2026-11-25T10:00:00Z');
    const later = await skillsOf(await signIn(account));
    expect(later.deck.recall_percent).toBeLessThan(100);
    expect(later.deck.due_now).toBeGreaterThan(0);
    expect(later.deck.due_now).toBeGreaterThan(skills.deck.due_now);
    clock.set(NOW);
  });

  it('leaves skipped listening and speaking items out of those skills', async () => {
    clock.set(NOW);
    const account = await registerLearner(ctx.app);
    const start = StartLessonResponseSchema.parse((await post('/lessons/greetings-1/start', account.bearer)).json());
    for (const exercise of start.exercises) {
      const reason = exercise.type === 'listening' ? 'cant_listen' : exercise.type === 'speaking' ? 'cant_speak' : undefined;
      if (!reason) continue;
      const reply = await post(`/lessons/greetings-1/exercises/${exercise.id}/skip`, account.bearer, {
        session_id: start.session_id,
        reason,
      });
      expect(reply.statusCode, reply.body).toBe(200);
    }
    await answerRestWrong(ctx.app, account.bearer, 'greetings-1', { ...start, answered: [] });
    const { overview } = await skillsOf(account.bearer);
    expect(overview.listening).toEqual({ percent: 0, answered: 0, correct: 0 });
    expect(overview.speaking).toEqual({ percent: 0, answered: 0, correct: 0 });
    expect(overview.reading.answered + overview.writing.answered).toBe(7);
  });

  it('keeps last month’s lesson in the tiles but not in this month’s goals, and ends a lapsed streak', async () => {
    clock.set('2026-10-30T10:00:00Z');
    const account = await registerLearner(ctx.app);
    await takeLesson(account.bearer, 'greetings-1');
    const words = await wordsOfLesson(account.bearer, 'greetings-1');
    clock.set(NOW);
    const bearer = await signIn(account);
    const summary = await summaryOf(bearer);
    expect(summary.tiles).toMatchObject({ lessons_completed: 1, current_streak: 0, longest_streak: 1, words_learned: words });
    expect(summary.month.goals).toMatchObject({
      lessons: { current: 0 },
      xp: { current: 0 },
      streak_days: { current: 0 },
      new_words: { current: 0 },
    });
    // Taken again this month: a lesson, XP and an active day, but no new words.
    await takeLesson(bearer, 'greetings-1');
    const again = await summaryOf(bearer);
    expect(again.month.goals).toMatchObject({ lessons: { current: 1 }, streak_days: { current: 1 }, new_words: { current: 0 } });
    expect(again.tiles).toMatchObject({ lessons_completed: 2, current_streak: 1, words_learned: words });
  });

  it('counts the week in the learner’s local days across the end of summer time', async () => {
    // New York left summer time on Sunday 2026-11-01 at 02:00 (06:00 UTC): that day had 25 hours.
    clock.set('2026-11-01T03:30:00Z'); // Saturday 31 October, 23:30 EDT
    const account = await registerLearner(ctx.app, { target_language: 'es', timezone: 'America/New_York' });
    const saturday = await takeLesson(account.bearer, 'greetings-1');
    clock.set('2026-11-02T04:30:00Z'); // Sunday 1 November, 23:30 EST
    let bearer = await signIn(account);
    const sunday = await takeLesson(bearer, 'greetings-2');
    const practice = await takePractice(bearer);
    clock.set('2026-11-03T04:30:00Z'); // Monday 2 November, 23:30 EST (already the 3rd in UTC)
    bearer = await signIn(account);
    const weekly = await weeklyOf(bearer);
    expect(weekly.time_zone).toBe('America/New_York');
    expect(weekly.days).toEqual([
      { date: '2026-10-27', xp: 0, lessons: 0, practices: 0 },
      { date: '2026-10-28', xp: 0, lessons: 0, practices: 0 },
      { date: '2026-10-29', xp: 0, lessons: 0, practices: 0 },
      { date: '2026-10-30', xp: 0, lessons: 0, practices: 0 },
      { date: '2026-10-31', xp: saturday.xp_earned, lessons: 1, practices: 0 },
      { date: '2026-11-01', xp: sunday.xp_earned + practice.xp_earned, lessons: 1, practices: 1 },
      { date: '2026-11-02', xp: 0, lessons: 0, practices: 0 },
    ]);
    expect(weekly.total_lessons).toBe(2);
    // Two consecutive local days (in UTC both fell on later dates): a streak of 2, still alive on Monday.
    const summary = await summaryOf(bearer);
    expect(summary.today).toBe('2026-11-02');
    expect(summary.tiles).toMatchObject({ current_streak: 2, lessons_completed: 2 });
    // November's figures: Sunday's lesson and practice; Saturday's lesson was October's.
    expect(summary.month).toMatchObject({ start: '2026-11-01', days: 30 });
    expect(summary.month.goals).toMatchObject({ lessons: { current: 1 }, streak_days: { current: 1 } });
    clock.set(NOW);
  });

  it('counts the achievements stored for the learner', async () => {
    clock.set(NOW);
    const account = await registerLearner(ctx.app);
    const userId = account.auth.user.id;
    const before = (await summaryOf(account.bearer)).tiles.awards;
    await ctx.database.handle.db.insert(achievements).values([
      { userId, achievementId: 'test-award-1', earnedAt: new Date(NOW) },
      { userId, achievementId: 'test-award-2', earnedAt: new Date(NOW) },
    ]);
    expect((await summaryOf(account.bearer)).tiles.awards).toBe(before + 2);
  });

  it('reads the days in UTC when the stored time zone is one the database does not know', async () => {
    clock.set(NOW);
    const account = await registerLearner(ctx.app);
    await ctx.database.handle.db
      .update(profiles)
      .set({ timezone: 'Mars/Olympus_Mons' })
      .where(eq(profiles.userId, account.auth.user.id));
    expect((await weeklyOf(account.bearer)).time_zone).toBe('UTC');
    expect((await summaryOf(account.bearer)).today).toBe('2026-11-21');
  });

  it('shows a learner only their own progress, checks the id and needs a token', async () => {
    clock.set(NOW);
    const owner = await registerLearner(ctx.app);
    const other = await registerLearner(ctx.app);
    for (const route of ['summary', 'weekly', 'skills']) {
      const own = await get(`/progress/${owner.auth.user.id}/${route}`, owner.bearer);
      expect(own.statusCode, route).toBe(200);
      expect(own.json()).toEqual((await get(`/progress/me/${route}`, owner.bearer)).json());

      const forbidden = await get(`/progress/${owner.auth.user.id}/${route}`, other.bearer);
      expect(forbidden.statusCode, route).toBe(403);
      expect(ErrorBodySchema.parse(forbidden.json()).code).toBe('forbidden');

      const bad = await get(`/progress/not-an-id/${route}`, owner.bearer);
      expect(bad.statusCode, route).toBe(400);
      expect(ErrorBodySchema.parse(bad.json()).code).toBe('validation_error');

      expect((await get(`/progress/me/${route}`, {})).statusCode, route).toBe(401);
    }
  });
});
