import { DashboardResponseSchema } from '@parla/shared/dashboard.schema';
import { StartLessonResponseSchema } from '@parla/shared/lessons.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { buildTestApp, type TestApp, testClock } from '../../test/build-test-app';
import { answerRestWrong, registerUser } from '../../test/factories';

const clock = testClock('2026-11-21T10:00:00Z');
let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp({ clock });
});
afterAll(() => ctx.close());

describe('GET /dashboard', () => {
  it('shows a new learner’s empty numbers, the first lessons and the free lesson left', async () => {
    const account = await registerUser(ctx.app, { full_name: 'Ana García' });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard', headers: account.bearer });
    expect(response.statusCode).toBe(200);
    const dashboard = DashboardResponseSchema.parse(response.json());
    expect(dashboard).toMatchObject({
      full_name: 'Ana García',
      course: 'es',
      total_xp: 0,
      level: 1,
      xp_to_next_level: 100,
      current_streak: 0,
      lessons_completed: 0,
      daily_goal_xp: 50,
      xp_today: 0,
      daily_goal_percent: 0,
      lessons_left_today: 1,
      plan: 'free',
    });
    expect(dashboard.continue_learning.map((lesson) => lesson.id)).toEqual(['greetings-1', 'greetings-2', 'greetings-3']);
    expect(dashboard.achievements.every((achievement) => !achievement.earned)).toBe(true);
    expect(dashboard.week.map((day) => day.date)).toEqual([
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ]);
  });

  it('reflects a finished lesson: XP today, streak, achievements, next lessons, no free lesson left', async () => {
    const account = await registerUser(ctx.app);
    const start = StartLessonResponseSchema.parse(
      (await ctx.app.inject({ method: 'POST', url: '/api/v1/lessons/greetings-1/start', headers: account.bearer })).json(),
    );
    await answerRestWrong(ctx.app, account.bearer, 'greetings-1', start);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/lessons/greetings-1/complete',
      headers: account.bearer,
      payload: { session_id: start.session_id },
    });
    const dashboard = DashboardResponseSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard', headers: account.bearer })).json(),
    );
    expect(dashboard).toMatchObject({
      total_xp: 10,
      xp_today: 10,
      daily_goal_percent: 20,
      current_streak: 1,
      lessons_completed: 1,
      lessons_left_today: 0,
    });
    expect(dashboard.achievements.find((achievement) => achievement.id === 'first-lesson')?.earned).toBe(true);
    expect(dashboard.continue_learning[0]?.id).toBe('greetings-2');
    expect(dashboard.week.at(-1)).toEqual({ date: '2026-11-21', xp: 10, lessons: 1 });
  });

  it('counts no allowance for a premium learner', async () => {
    const account = await registerUser(ctx.app);
    await ctx.database.handle.db.update(users).set({ plan: 'premium' }).where(eq(users.id, account.auth.user.id));
    for (const lesson of ['greetings-1', 'greetings-2'])
      await ctx.app.inject({ method: 'POST', url: `/api/v1/lessons/${lesson}/start`, headers: account.bearer });
    const dashboard = DashboardResponseSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard', headers: account.bearer })).json(),
    );
    expect(dashboard).toMatchObject({ plan: 'premium', lessons_left_today: null });
  });

  it('needs a token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard' })).statusCode).toBe(401);
  });
});
