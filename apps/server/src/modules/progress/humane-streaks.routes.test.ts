import { DashboardResponseSchema } from '@parla/shared/dashboard.schema';
import { CompletePracticeResponseSchema, StartPracticeResponseSchema } from '@parla/shared/practice.schema';
import { ProgressSummaryResponseSchema } from '@parla/shared/progress.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonSessions, profiles } from '../../db/schema/index';
import { buildTestApp, type TestApp, testClock } from '../../test/build-test-app';
import { apiCaller, registerLearner } from '../../test/factories';

// Humane streaks (issue 15): a freeze earned per 7 days of streak (at most 2), used by itself on a
// missed day, and a vacation that pauses the streak — as the dashboard and the progress screen
// show them, across the DST changes of the learner's zone.

const clock = testClock('2026-03-20T12:00:00Z');
let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp({ clock });
});
afterAll(() => ctx.close());

type Headers = Record<string, string>;
const { get, post } = apiCaller(() => ctx.app);

type Account = Awaited<ReturnType<typeof registerLearner>>;

/** A fresh token: the clock jumps days at a time, past any token's life. */
async function signIn(account: Account): Promise<Headers> {
  const response = await post('/auth/login', {}, { username: account.email, password: account.password });
  expect(response.statusCode, response.body).toBe(200);
  return { authorization: `Bearer ${response.json().access_token}` };
}

/** A quick practice at the clock's instant: the day's activity. */
async function practise(account: Account) {
  const bearer = await signIn(account);
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
  return CompletePracticeResponseSchema.parse(done.json());
}

async function streakOn(account: Account) {
  const bearer = await signIn(account);
  const dashboard = DashboardResponseSchema.parse((await get('/dashboard', bearer)).json());
  const summary = ProgressSummaryResponseSchema.parse((await get('/progress/me/summary', bearer)).json());
  // The dashboard and the progress screen tell the same story.
  expect(summary.streak).toEqual(dashboard.streak);
  expect(dashboard.current_streak).toBe(dashboard.streak.current);
  expect(summary.tiles.current_streak).toBe(dashboard.streak.current);
  return dashboard.streak;
}

const storedFreezes = async (userId: string) =>
  (await ctx.database.handle.db.select().from(profiles).where(eq(profiles.userId, userId)))[0]?.streakFreezes;

/** 20:30 UTC: 21:30 in Berlin in winter time, 22:30 in summer time — the same local day either way. */
const evening = (date: string) => `${date}T20:30:00Z`;

describe('humane streaks', () => {
  it('earns a freeze on the 7th day, across the spring DST change, and spends it by itself on a missed day', async () => {
    const account = await registerLearner(ctx.app, { target_language: 'es', timezone: 'Europe/Berlin' });
    const userId = account.auth.user.id;
    // 23 to 29 March 2026: Berlin's clocks go forward on the 29th (a 23-hour day).
    for (const date of ['2026-03-23', '2026-03-24', '2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28', '2026-03-29']) {
      clock.set(evening(date));
      await practise(account);
    }
    expect(await streakOn(account)).toMatchObject({ current: 7, longest: 7, freezes: 1, max_freezes: 2, frozen_days: 0 });
    expect(await storedFreezes(userId)).toBe(1);

    // The 30th passes without practice; on the 31st the freeze covers it and the streak is alive.
    clock.set('2026-03-31T08:00:00Z');
    expect(await streakOn(account)).toMatchObject({ current: 7, freezes: 0, frozen_days: 1 });
    const back = await practise(account);
    expect(back.current_streak).toBe(8);
    expect(await streakOn(account)).toMatchObject({ current: 8, freezes: 0, frozen_days: 0 });
    expect(await storedFreezes(userId)).toBe(0);

    // Without a freeze, a missed day ends it (and the next practice starts again at 1).
    clock.set('2026-04-02T08:00:00Z');
    expect(await streakOn(account)).toMatchObject({ current: 0, freezes: 0, longest: 8 });
    expect((await practise(account)).current_streak).toBe(1);
  });

  it('never spends more freezes than it holds: two missed days with one end the streak and keep the freeze', async () => {
    const account = await registerLearner(ctx.app, { target_language: 'es', timezone: 'America/New_York' });
    // 26 October to 1 November: New York's clocks go back on 1 November (a 25-hour day).
    for (const date of ['2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31']) {
      clock.set(`${date}T22:00:00Z`);
      await practise(account);
    }
    // 1 November, 23:30 local time (04:30 UTC on the 2nd, after the change): the 7th day.
    clock.set('2026-11-02T04:30:00Z');
    expect((await practise(account)).current_streak).toBe(7);
    expect(await streakOn(account)).toMatchObject({ current: 7, freezes: 1 });
    // The 2nd and 3rd missed: one freeze cannot cover two days.
    clock.set('2026-11-04T15:00:00Z');
    expect(await streakOn(account)).toMatchObject({ current: 0, freezes: 1, frozen_days: 0 });
    expect((await practise(account)).current_streak).toBe(1);
    expect(await streakOn(account)).toMatchObject({ current: 1, freezes: 1, longest: 7 });
  });

  it('pauses the streak for a vacation set in the settings: its days are not missed, and it resumes after', async () => {
    const account = await registerLearner(ctx.app, { target_language: 'es', timezone: 'Europe/Berlin' });
    const resting = await registerLearner(ctx.app, { target_language: 'es', timezone: 'Europe/Berlin' });
    for (const date of ['2026-05-04', '2026-05-05', '2026-05-06']) {
      clock.set(evening(date));
      await practise(account);
      await practise(resting);
    }
    // On the 6th, after practising, the learner goes on vacation until the 12th.
    const set = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/preferences',
      headers: await signIn(account),
      payload: { vacation_until: '2026-05-12' },
    });
    expect(set.statusCode, set.body).toBe(200);
    clock.set('2026-05-09T10:00:00Z');
    expect(await streakOn(account)).toMatchObject({
      current: 3,
      on_vacation: true,
      vacation: { start: '2026-05-06', until: '2026-05-12' },
      frozen_days: 0,
    });
    // The learner without a vacation lost theirs.
    expect(await streakOn(resting)).toMatchObject({ current: 0 });

    // Back on the 13th: the vacation is over, the streak goes on from 3.
    clock.set(evening('2026-05-13'));
    expect(await streakOn(account)).toMatchObject({ current: 3, on_vacation: false, vacation: null });
    expect((await practise(account)).current_streak).toBe(4);
  });
});
