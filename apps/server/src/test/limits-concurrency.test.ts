import { and, count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, lessonSessions, newsletterSubscriptions, oauthStates, users } from '../db/schema/index';
import { LIMITS } from '../modules/auth/auth.service';
import { OAUTH_STARTS_PER_IP } from '../modules/auth/oauth.routes';
import { CONTACT_LIMITS } from '../modules/contact/contact.service';
import { PRACTICE_STARTS_PER_LEARNER } from '../modules/sessions/practice.routes';
import { TUTOR_CALLS_PER_LEARNER } from '../modules/tutor/tutor.routes';
import { buildTestApp, type TestApp, testClock, testEnv } from './build-test-app';
import { registerLearner, registerUser } from './factories';

/**
 * Every limit, allowance and "only once" rule, met by many identical requests at the same moment:
 * exactly the allowed number may succeed. (PGlite runs one statement at a time, which hides most
 * races; the same file runs on PostgreSQL in CI, where they are real.)
 */
let ctx: TestApp;
beforeAll(async () => {
  // GitHub sign-in needs no discovery, so its start route works without a provider running.
  ctx = await buildTestApp({
    clock: testClock('2026-11-21T10:00:00Z'),
    env: testEnv({ GITHUB_CLIENT_ID: 'parla-github', GITHUB_CLIENT_SECRET: 'github-secret' }),
  });
});
afterAll(() => ctx.close());

let ipCounter = 0;
const freshIp = () => `10.60.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function together(n: number, request: (i: number) => Promise<LightMyRequestResponse>) {
  return Promise.all(Array.from({ length: n }, (_, i) => request(i)));
}
const statuses = (responses: LightMyRequestResponse[]) => {
  const tally: Record<number, number> = {};
  for (const response of responses) tally[response.statusCode] = (tally[response.statusCode] ?? 0) + 1;
  return tally;
};
const post = (url: string, payload: unknown, remoteAddress: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, remoteAddress, headers });
const rows = async (table: typeof contactMessages | typeof newsletterSubscriptions | typeof oauthStates) =>
  Number((await ctx.database.handle.db.select({ n: count() }).from(table))[0]?.n);

describe('sign-in', () => {
  it('checks at most 5 passwords when 50 guesses at one account arrive together from one address', async () => {
    const account = await registerUser(ctx.app);
    const ip = freshIp();
    // The right password comes last: every one of the 50 is in flight before any is answered.
    const responses = await together(50, (i) =>
      post('/auth/login', { username: account.email, password: i === 49 ? account.password : `guess-${i}` }, ip),
    );
    const tally = statuses(responses);
    expect(tally[429]).toBe(50 - LIMITS.failedSignInsPerAccountAndIp.limit);
    expect((tally[401] ?? 0) + (tally[200] ?? 0)).toBe(LIMITS.failedSignInsPerAccountAndIp.limit);
    for (const refused of responses.filter((response) => response.statusCode === 429)) {
      expect(refused.json()).toMatchObject({ code: 'rate_limited' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('lets 30 failures per address through, across accounts, when 40 arrive together', async () => {
    const ip = freshIp();
    const responses = await together(40, (i) =>
      post('/auth/login', { username: `nobody-${i}@example.com`, password: 'x-123456' }, ip),
    );
    expect(statuses(responses)).toEqual({ 401: LIMITS.failedSignInsPerIp.limit, 429: 40 - LIMITS.failedSignInsPerIp.limit });
  });

  it('stops an account after 100 failures when 120 arrive together from 120 addresses', async () => {
    const account = await registerUser(ctx.app);
    const responses = await together(120, (i) =>
      post('/auth/login', { username: account.email, password: `spray-${i}` }, freshIp()),
    );
    expect(statuses(responses)).toEqual({
      401: LIMITS.failedSignInsPerAccount.limit,
      429: 120 - LIMITS.failedSignInsPerAccount.limit,
    });
  });
});

describe('per-address allowances', () => {
  it('creates exactly 30 accounts when 40 sign-ups arrive together from one address', async () => {
    const ip = freshIp();
    const stamp = Date.now().toString(36);
    const responses = await together(40, (i) =>
      post('/auth/register', { username: `burst-${stamp}-${i}@example.com`, password: 'violet-harbour-42', full_name: 'B' }, ip),
    );
    expect(statuses(responses)).toEqual({ 201: LIMITS.signUpsPerIp.limit, 429: 40 - LIMITS.signUpsPerIp.limit });
    const [created] = await ctx.database.handle.db
      .select({ n: count() })
      .from(users)
      .where(sql`${users.email} like ${`burst-${stamp}-%`}`);
    expect(Number(created?.n)).toBe(LIMITS.signUpsPerIp.limit);
  });

  it('accepts exactly 10 reset requests and 20 reset confirmations per address', async () => {
    const ip = freshIp();
    const requests = await together(30, (i) => post('/auth/password-reset/request', { email: `r${i}@example.com` }, ip));
    expect(statuses(requests)).toEqual({ 202: LIMITS.resetRequestsPerIp.limit, 429: 30 - LIMITS.resetRequestsPerIp.limit });
    const confirms = await together(30, (i) =>
      post('/auth/password-reset/confirm', { token: `made-up-token-${i}`, password: 'copper-lantern-19' }, ip),
    );
    expect(statuses(confirms)).toEqual({ 400: LIMITS.resetConfirmsPerIp.limit, 429: 30 - LIMITS.resetConfirmsPerIp.limit });
  });

  it('stores exactly 5 contact messages and 10 newsletter sign-ups per address', async () => {
    const ip = freshIp();
    const [messagesBefore, subscriptionsBefore] = [await rows(contactMessages), await rows(newsletterSubscriptions)];
    const messages = await together(30, (i) => post('/contact', { name: 'N', email: 'n@example.com', message: `m${i}` }, ip));
    expect(statuses(messages)).toEqual({ 201: CONTACT_LIMITS.messagesPerIp.limit, 429: 30 - CONTACT_LIMITS.messagesPerIp.limit });
    const subscriptions = await together(30, (i) => post('/newsletter', { email: `list-${ip}-${i}@example.com` }, ip));
    expect(statuses(subscriptions)).toEqual({
      200: CONTACT_LIMITS.subscriptionsPerIp.limit,
      429: 30 - CONTACT_LIMITS.subscriptionsPerIp.limit,
    });
    expect(await rows(contactMessages)).toBe(messagesBefore + CONTACT_LIMITS.messagesPerIp.limit);
    expect(await rows(newsletterSubscriptions)).toBe(subscriptionsBefore + CONTACT_LIMITS.subscriptionsPerIp.limit);
  });

  it('stores exactly 20 social sign-in states per address', async () => {
    const ip = freshIp();
    const before = await rows(oauthStates);
    const responses = await together(30, () =>
      ctx.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/github/start', remoteAddress: ip }),
    );
    expect(statuses(responses)).toEqual({ 302: OAUTH_STARTS_PER_IP.limit, 429: 30 - OAUTH_STARTS_PER_IP.limit });
    expect(await rows(oauthStates)).toBe(before + OAUTH_STARTS_PER_IP.limit);
  });
});

describe('the daily lesson of a free learner', () => {
  const lessons = ['greetings-1', 'greetings-2', 'greetings-3', 'greetings-4'];
  const sessionsOf = async (userId: string) =>
    Number(
      (
        await ctx.database.handle.db
          .select({ n: count() })
          .from(lessonSessions)
          .where(and(eq(lessonSessions.userId, userId), eq(lessonSessions.kind, 'lesson')))
      )[0]?.n,
    );

  it('results in exactly one session when 50 starts of different lessons arrive together', async () => {
    const learner = await registerLearner(ctx.app);
    const responses = await together(50, (i) =>
      post(`/lessons/${lessons[i % lessons.length]}/start`, {}, freshIp(), learner.bearer),
    );
    const tally = statuses(responses);
    expect(tally[403]).toBeGreaterThan(0);
    const started = responses.filter((response) => response.statusCode === 200);
    // Starts of the winning lesson resume the one session; every other start meets the limit.
    expect(new Set(started.map((response) => response.json<{ session_id: string }>().session_id)).size).toBe(1);
    expect((tally[200] ?? 0) + (tally[403] ?? 0)).toBe(50);
    for (const refused of responses.filter((response) => response.statusCode === 403))
      expect(refused.json()).toMatchObject({ code: 'daily_limit_reached' });
    expect(await sessionsOf(learner.auth.user.id)).toBe(1);
  });

  it('resumes one session when 50 starts of the same lesson arrive together', async () => {
    const learner = await registerLearner(ctx.app);
    const responses = await together(50, () => post('/lessons/greetings-1/start', {}, freshIp(), learner.bearer));
    expect(statuses(responses)).toEqual({ 200: 50 });
    const ids = new Set(responses.map((response) => response.json<{ session_id: string }>().session_id));
    expect(ids.size).toBe(1);
    expect(await sessionsOf(learner.auth.user.id)).toBe(1);
  });

  it('gives a premium learner one open session per lesson however many starts arrive', async () => {
    const learner = await registerLearner(ctx.app);
    await ctx.database.handle.db.update(users).set({ plan: 'premium' }).where(eq(users.id, learner.auth.user.id));
    const responses = await together(40, (i) =>
      post(`/lessons/${lessons[i % lessons.length]}/start`, {}, freshIp(), learner.bearer),
    );
    expect(statuses(responses)).toEqual({ 200: 40 });
    expect(new Set(responses.map((response) => response.json<{ session_id: string }>().session_id)).size).toBe(lessons.length);
    expect(await sessionsOf(learner.auth.user.id)).toBe(lessons.length);
  });
});

describe('per-learner allowances', () => {
  it('starts exactly 30 practice or review sessions an hour when 50 arrive together', async () => {
    const learner = await registerLearner(ctx.app);
    const responses = await together(50, () => post('/practice/start', {}, freshIp(), learner.bearer));
    expect(statuses(responses)).toEqual({
      200: PRACTICE_STARTS_PER_LEARNER.limit,
      429: 50 - PRACTICE_STARTS_PER_LEARNER.limit,
    });
    const stored = await ctx.database.handle.db
      .select({ n: count() })
      .from(lessonSessions)
      .where(and(eq(lessonSessions.userId, learner.auth.user.id), eq(lessonSessions.kind, 'practice')));
    expect(Number(stored[0]?.n)).toBe(PRACTICE_STARTS_PER_LEARNER.limit);
  });

  it('answers exactly 40 tutor calls per 10 minutes when 50 arrive together', async () => {
    const learner = await registerLearner(ctx.app);
    const started = await post('/lessons/greetings-1/start', {}, freshIp(), learner.bearer);
    const { session_id, exercises } = started.json<{ session_id: string; exercises: { id: string }[] }>();
    const responses = await together(50, (i) =>
      post(`/exercises/${exercises[i % exercises.length]?.id}/hint`, { session_id }, freshIp(), learner.bearer),
    );
    expect(statuses(responses)).toEqual({ 200: TUTOR_CALLS_PER_LEARNER.limit, 429: 50 - TUTOR_CALLS_PER_LEARNER.limit });
  });
});
