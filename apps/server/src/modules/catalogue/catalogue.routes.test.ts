import { DashboardResponseSchema } from '@parla/shared/dashboard.schema';
import { type ListLessonsResponse, ListLessonsResponseSchema, StartLessonResponseSchema } from '@parla/shared/lessons.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { buildTestApp, type TestApp, testClock } from '../../test/build-test-app';
import { answerRestWrong, registerLearner } from '../../test/factories';

// 10:00 UTC is 11:00 in Madrid (UTC+1 in November): the next local midnight is 23:00 UTC.
const clock = testClock('2026-11-21T10:00:00Z');
const MADRID_MIDNIGHT = '2026-11-21T23:00:00.000Z';
let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp({ clock });
});
afterAll(() => ctx.close());

type Headers = { authorization: string };

async function courseMap(headers: Headers, query = ''): Promise<ListLessonsResponse> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/lessons${query}`, headers });
  expect(response.statusCode).toBe(200);
  return ListLessonsResponseSchema.parse(response.json());
}

const stateOf = (map: ListLessonsResponse, lessonId: string) =>
  map.units.flatMap((unit) => unit.lessons).find((lesson) => lesson.id === lessonId);

async function finishLesson(headers: Headers, lessonId: string) {
  const start = StartLessonResponseSchema.parse(
    (await ctx.app.inject({ method: 'POST', url: `/api/v1/lessons/${lessonId}/start`, headers })).json(),
  );
  await answerRestWrong(ctx.app, headers, lessonId, start);
  const done = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/lessons/${lessonId}/complete`,
    headers,
    payload: { session_id: start.session_id },
  });
  expect(done.statusCode).toBe(200);
}

async function makePremium(userId: string) {
  await ctx.database.handle.db.update(users).set({ plan: 'premium' }).where(eq(users.id, userId));
}

describe('GET /lessons (the course map)', () => {
  it('shows a new learner the units in order, the first lesson next, the first unit open, later units locked', async () => {
    const account = await registerLearner(ctx.app);
    const map = await courseMap(account.bearer);
    expect(map.course).toBe('es');
    expect(map.units[0]?.id).toBe('greetings');
    expect(map.units[1]?.id).toBe('family');
    expect(map.units[0]?.lessons.map((lesson) => lesson.state)).toEqual(['next', 'open', 'open', 'open', 'open']);
    expect(map.units.slice(1).every((unit) => unit.lessons.every((lesson) => lesson.state === 'locked'))).toBe(true);
    expect(map.units[0]?.words).toContainEqual({ id: 'hello', text: 'hola', translation: 'hello' });
    expect(map.daily).toEqual({ lessons_left_today: 1, resets_at: MADRID_MIDNIGHT, unfinished_today: [] });
  });

  it('gives the words in the requested course with their romanisation', async () => {
    const account = await registerLearner(ctx.app);
    const map = await courseMap(account.bearer, '?language=ja');
    expect(map.course).toBe('ja');
    expect(map.units[0]?.words).toContainEqual({ id: 'hello', text: 'こんにちは', roman: 'konnichiwa', translation: 'hello' });
  });

  it('marks a finished lesson done with its best score, moves "next" on and uses the free lesson of the day', async () => {
    const account = await registerLearner(ctx.app);
    await finishLesson(account.bearer, 'greetings-1');
    const map = await courseMap(account.bearer);
    expect(stateOf(map, 'greetings-1')).toMatchObject({ state: 'done', completed: true, progress: expect.any(Number) });
    expect(stateOf(map, 'greetings-2')?.state).toBe('next');
    expect(stateOf(map, 'family-1')?.state).toBe('locked');
    expect(map.daily).toMatchObject({ lessons_left_today: 0, resets_at: MADRID_MIDNIGHT });

    // The dashboard says the same: no lesson left, the same reset, the finished lesson to review.
    const dashboard = DashboardResponseSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard', headers: account.bearer })).json(),
    );
    expect(dashboard).toMatchObject({ lessons_left_today: 0, resets_at: MADRID_MIDNIGHT, unfinished_today: [] });
    expect(dashboard.continue_learning.map((lesson) => lesson.id)).toEqual(['greetings-2', 'greetings-3', 'greetings-4']);
    expect(dashboard.review_lessons.map((lesson) => lesson.id)).toEqual(['greetings-1']);
    expect(dashboard.review_lessons[0]?.completed).toBe(true);
  });

  it('lists a lesson started today and not finished as one to continue', async () => {
    const account = await registerLearner(ctx.app);
    await ctx.app.inject({ method: 'POST', url: '/api/v1/lessons/greetings-2/start', headers: account.bearer });
    const map = await courseMap(account.bearer);
    expect(map.daily).toMatchObject({ lessons_left_today: 0, unfinished_today: ['greetings-2'] });
    const dashboard = DashboardResponseSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard', headers: account.bearer })).json(),
    );
    expect(dashboard.unfinished_today).toEqual(['greetings-2']);
  });

  it('opens every lesson of the first unit and the next unit once the unit is finished (premium: no limit)', async () => {
    const account = await registerLearner(ctx.app);
    await makePremium(account.auth.user.id);
    for (const lesson of ['greetings-1', 'greetings-2', 'greetings-3', 'greetings-4', 'greetings-5'])
      await finishLesson(account.bearer, lesson);
    const map = await courseMap(account.bearer);
    expect(map.units[0]?.lessons.every((lesson) => lesson.state === 'done')).toBe(true);
    expect(map.units[1]?.lessons.map((lesson) => lesson.state)).toEqual(
      map.units[1]?.lessons.map((_, index) => (index === 0 ? 'next' : 'open')),
    );
    expect(stateOf(map, 'food-1')?.state).toBe('locked');
    expect(map.daily.lessons_left_today).toBeNull();
  });

  it('shows one learner nothing of another’s progress', async () => {
    const first = await registerLearner(ctx.app);
    await finishLesson(first.bearer, 'greetings-1');
    const second = await registerLearner(ctx.app);
    const map = await courseMap(second.bearer);
    expect(map.units.flatMap((unit) => unit.lessons).some((lesson) => lesson.state === 'done')).toBe(false);
    expect(map.daily).toMatchObject({ lessons_left_today: 1, unfinished_today: [] });
  });

  it('refuses an unknown course with a 400 that says why', async () => {
    const account = await registerLearner(ctx.app);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/lessons?language=xx', headers: account.bearer });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_error', detail: expect.any(String) });
  });

  it('needs a token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/lessons' })).statusCode).toBe(401);
  });
});
