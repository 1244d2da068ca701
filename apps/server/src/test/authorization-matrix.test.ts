import { randomBytes } from 'node:crypto';
import { ErrorBodySchema } from '@parla/shared/errors';
import { StartLessonResponseSchema } from '@parla/shared/lessons.schema';
import { StartPracticeResponseSchema } from '@parla/shared/practice.schema';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { notifications, users } from '../db/schema/index';
import { createTokenSigner } from '../lib/tokens';
import { buildTestApp, TEST_JWT_SECRET, type TestApp, testClock } from './build-test-app';
import { answerRestWrong, registerLearner, registerUser } from './factories';
import { type ApiRoute, apiRoutes, fillPath, pathParamNames } from './route-table';
import { arbitraryFromZod } from './schema-arbitrary';
import { tableDigests } from './table-digests';

vi.mock('fastify', async (importOriginal) => (await import('./route-table')).recordingFastify(await importOriginal()));

/**
 * Every non-public route under /api/v1, read from the app's own route table, is called with every
 * kind of bad token, and with another learner's good token aimed at learner A's ids. A new route
 * is in this matrix the moment buildApp registers it.
 */

const clock = testClock('2026-11-21T10:00:00Z');
let ctx: TestApp;
let routes: ApiRoute[];
let probes: { undeclared: number; declaredPublic: number };

/** What only learner A's data contains: none of it may reach anyone else. */
const tag = randomBytes(4).toString('hex');
const learnerA = {
  email: `quillon.vexmarker.${tag}@example.com`,
  fullName: `Quillon Vexmarker ${tag}`,
  password: `amber-lantern-${tag}`,
  timezone: 'Pacific/Chatham',
  /** A private learner A follows: nobody else is shown them (never suggested, never found). */
  friendName: `Zephyrine Quorbaugh ${tag}`,
};
let a: {
  id: string;
  accessToken: string;
  refreshToken: string;
  familyId: string;
  openSession: string;
  finishedSession: string;
  practiceSession: string;
  reviewSession: string;
};

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  ctx = await buildTestApp({ clock });
  routes = apiRoutes();

  // Two routes that exist only here, added before the app is ready: one forgets to say who may
  // call it, one declares itself public.
  ctx.app.get('/api/v1/matrix-probe-undeclared', async () => ({ reached: true }));
  ctx.app.get('/api/v1/matrix-probe-public', { config: { public: true } }, async () => ({ reached: true }));
  probes = {
    undeclared: (await ctx.app.inject({ method: 'GET', url: '/api/v1/matrix-probe-undeclared' })).statusCode,
    declaredPublic: (await ctx.app.inject({ method: 'GET', url: '/api/v1/matrix-probe-public' })).statusCode,
  };

  const account = await registerUser(ctx.app, {
    username: learnerA.email,
    full_name: learnerA.fullName,
    password: learnerA.password,
  });
  const id = account.auth.user.id;
  const headers = account.bearer;
  const profile = await ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/users/me/profile',
    headers,
    payload: { native_language: 'fr', target_language: 'it', timezone: learnerA.timezone },
  });
  expect(profile.statusCode, profile.body).toBe(200);
  // Premium, so A can hold a finished and an open lesson session on the same day.
  await ctx.database.handle.db.update(users).set({ plan: 'premium' }).where(eq(users.id, id));

  const post = (url: string, payload?: object) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  const put = (url: string) => ctx.app.inject({ method: 'PUT', url: `/api/v1${url}`, headers });
  const finished = StartLessonResponseSchema.parse((await post('/lessons/greetings-1/start')).json());
  for (const exercise of finished.exercises.filter((item) => item.type === 'fill-blank'))
    await post(`/lessons/greetings-1/exercises/${exercise.id}/complete`, { session_id: finished.session_id, answer: 'ciao' });
  await answerRestWrong(ctx.app, headers, 'greetings-1', finished);
  expect((await post('/lessons/greetings-1/complete', { session_id: finished.session_id })).statusCode).toBe(200);
  const open = StartLessonResponseSchema.parse((await post('/lessons/greetings-2/start')).json());
  const choice = open.exercises.find((exercise) => exercise.type === 'multiple-choice');
  const option = choice?.type === 'multiple-choice' ? choice.content.options[0]?.id : undefined;
  const answered = await post(`/lessons/greetings-2/exercises/${choice?.id}/complete`, {
    session_id: open.session_id,
    answer: option,
  });
  expect(answered.statusCode, answered.body).toBe(200);
  const practice = StartPracticeResponseSchema.parse((await post('/practice/start')).json());
  await post(`/practice/${practice.session_id}/answer`, { question_id: practice.questions[0]?.id ?? 'q1', answer: 0 });
  const review = StartPracticeResponseSchema.parse((await post('/review/start')).json());
  await post(`/review/sessions/${review.session_id}/answer`, { question_id: review.questions[0]?.id ?? 'q1', answer: 1 });

  // A follows a private learner and blocks another: whom A follows or blocked is A's own business.
  const friend = await registerLearner(ctx.app, { target_language: 'it', timezone: 'UTC', full_name: learnerA.friendName });
  await ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/users/me/preferences',
    headers: friend.bearer,
    payload: { private_profile: true },
  });
  const blocked = await registerLearner(ctx.app);
  expect((await put(`/users/me/following/${friend.auth.user.id}`)).statusCode).toBe(201);
  expect((await put(`/users/me/blocks/${blocked.auth.user.id}`)).statusCode).toBe(201);

  a = {
    id,
    accessToken: account.auth.access_token,
    refreshToken: account.auth.refresh_token,
    familyId: String(decodeJwt(account.auth.access_token).sid),
    openSession: open.session_id,
    finishedSession: finished.session_id,
    practiceSession: practice.session_id,
    reviewSession: review.session_id,
  };
}, 60_000);
afterAll(() => ctx?.close());

/** A's ids and names, tried in every id-like slot of every route. */
const idsOfA = () => [
  a.id,
  a.openSession,
  a.finishedSession,
  a.practiceSession,
  a.reviewSession,
  'greetings-1',
  'greetings-2',
  'ex1',
  'q1',
];
/** Strings that appear only in A's data. */
const markersOfA = () => [
  a.id,
  a.openSession,
  a.finishedSession,
  a.practiceSession,
  a.reviewSession,
  learnerA.email,
  learnerA.fullName,
  learnerA.timezone,
  learnerA.friendName,
  a.refreshToken,
];

/**
 * Routes that act toward another learner by design: B may follow, unfollow, block and unblock A.
 * They are checked apart: they may succeed, and A may be told that B followed.
 */
const TOWARD_ANOTHER_LEARNER = [
  'DELETE /api/v1/users/me/blocks/:otherId',
  'DELETE /api/v1/users/me/following/:otherId',
  'PUT /api/v1/users/me/blocks/:otherId',
  'PUT /api/v1/users/me/following/:otherId',
];

/**
 * A learner's card: another learner sees A's name and id with the numbers A's privacy allows, and
 * nothing else of A's (checked apart).
 */
const LEARNER_CARD = 'GET /api/v1/users/:otherId';

/** Whether the call carries one of A's own record ids (not a lesson or exercise id, which everyone shares). */
const namesA = (call: Call) => {
  const sent = `${call.url} ${JSON.stringify(call.payload ?? {})}`;
  return [a.id, a.openSession, a.finishedSession, a.practiceSession, a.reviewSession].some((id) => sent.includes(id));
};

const accepts = (schema: z.ZodType | undefined, value: unknown) => schema === undefined || schema.safeParse(value).success;
const shapeOf = (schema: z.ZodType | undefined): Record<string, z.ZodType> =>
  (schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape ?? {};

/** A fixed, valid example of a schema (seeded); the id slots are filled in afterwards. */
function example(schema: z.ZodType | undefined, what: string): Record<string, unknown> | undefined {
  if (!schema) return undefined;
  const found = fc
    .sample(arbitraryFromZod(schema), { seed: 12, numRuns: 500 })
    .find((value) => schema.safeParse(value).success && value !== null && typeof value === 'object');
  if (!found) throw new Error(`no valid example for ${what}`);
  return found as Record<string, unknown>;
}

interface Call {
  method: string;
  url: string;
  payload?: Record<string, unknown>;
}

/**
 * The route called with A's ids in every slot that can hold one: each path parameter, and each
 * body field named like an id, takes every one of A's values its schema accepts (all combinations).
 */
function callsWithIdsOfA(route: ApiRoute): Call[] {
  const paramShape = shapeOf(route.schema.params);
  const body = example(route.schema.body, `${route.name} body`);
  // An opaque `cursor` is only ever one a list handed out (a made-up one is a 400 naming it): leave it out.
  const { cursor: _cursor, ...query } = example(route.schema.querystring, `${route.name} query`) ?? {};
  const slots: { name: string; where: 'path' | 'body'; values: string[] }[] = [];
  for (const name of pathParamNames(route.url)) {
    slots.push({ name, where: 'path', values: idsOfA().filter((value) => accepts(paramShape[name], value)) });
  }
  for (const name of Object.keys(body ?? {}).filter((key) => /(^id|_id|Id)$/.test(key))) {
    const values = idsOfA().filter((value) => accepts(route.schema.body, { ...body, [name]: value }));
    slots.push({ name, where: 'body', values });
  }

  let combinations: Record<string, string>[] = [{}];
  for (const slot of slots) {
    expect(slot.values.length, `${route.name}: none of A's ids fits ${slot.name}`).toBeGreaterThan(0);
    combinations = combinations.flatMap((combination) =>
      slot.values.map((value) => ({ ...combination, [`${slot.where}:${slot.name}`]: value })),
    );
  }
  const search = Object.keys(query).length > 0 ? `?${new URLSearchParams(query as Record<string, string>)}` : '';
  return combinations.map((combination) => {
    const pick = (where: string) =>
      Object.fromEntries(
        Object.entries(combination)
          .filter(([key]) => key.startsWith(`${where}:`))
          .map(([key, value]) => [key.slice(where.length + 1), value]),
      );
    return {
      method: route.method,
      url: fillPath(route.url, pick('path')) + search,
      ...(body ? { payload: { ...body, ...pick('body') } } : {}),
    };
  });
}

const send = (call: Call, headers: Record<string, string>) =>
  ctx.app.inject({
    method: call.method as 'GET',
    url: call.url,
    headers,
    remoteAddress: '10.77.0.1',
    ...(call.payload ? { payload: call.payload } : {}),
  });

/** None of A's markers in the response, but for those the request itself carried (an error may name what was asked for). */
function expectNothingOfA(body: string, call: Call, what: string) {
  const sent = `${call.url} ${JSON.stringify(call.payload ?? {})}`.toLowerCase();
  for (const marker of markersOfA()
    .map((item) => item.toLowerCase())
    .filter((item) => !sent.includes(item)))
    expect(body.toLowerCase(), `${what} shows A's ${marker}`).not.toContain(marker);
}

describe('the route table', () => {
  it('declares exactly these routes public; every other /api/v1 route needs a signed-in learner', () => {
    expect(
      routes
        .filter((route) => route.public)
        .map((route) => route.name)
        .sort(),
    ).toEqual([
      'GET /api/v1/auth/oauth/:provider/callback',
      'GET /api/v1/auth/oauth/:provider/start',
      'GET /api/v1/auth/providers',
      'GET /api/v1/health',
      'GET /api/v1/languages',
      'GET /api/v1/unsubscribe',
      'POST /api/v1/auth/login',
      'POST /api/v1/auth/password-reset/confirm',
      'POST /api/v1/auth/password-reset/request',
      'POST /api/v1/auth/refresh',
      'POST /api/v1/auth/register',
      'POST /api/v1/contact',
      'POST /api/v1/newsletter',
      'POST /api/v1/unsubscribe',
    ]);
    expect(routes.filter((route) => !route.public).length).toBeGreaterThanOrEqual(20);
  });

  it('closes a route that forgets to declare itself, and opens only one that declares public', () => {
    expect(probes).toEqual({ undeclared: 401, declaredPublic: 200 });
  });
});

describe('every non-public route', () => {
  it('answers 401 {detail, code} to a missing, garbage, unsigned, forged, expired or refresh token, and changes nothing', async () => {
    const claims = { sub: a.id, sid: a.familyId, typ: 'access', jti: 'matrix' };
    const now = Math.floor(clock.now().getTime() / 1000);
    const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...claims, iss: 'parla', aud: 'parla-api', iat: now, exp: now + 600 })}.`;
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('parla')
      .setAudience('parla-api')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode('not-the-server-secret-but-long-enough-for-hs256'));
    const expired = await createTokenSigner({ secret: TEST_JWT_SECRET, ttlSeconds: 900, clock }).sign({
      userId: a.id,
      familyId: a.familyId,
      tokenId: 'matrix-expired',
      issuedAt: new Date(clock.now().getTime() - 60 * 60 * 1000),
    });
    const credentials: [string, Record<string, string>][] = [
      ['no token', {}],
      ['garbage', bearer('garbage.not-a.token')],
      ['alg none', bearer(unsigned)],
      ['wrong secret', bearer(forged)],
      ['expired', bearer(expired.token)],
      ['refresh token', bearer(a.refreshToken)],
    ];

    const before = await tableDigests(ctx.database.handle.db);
    let checked = 0;
    for (const route of routes.filter((item) => !item.public)) {
      const [call] = callsWithIdsOfA(route);
      if (!call) throw new Error(`no call for ${route.name}`);
      for (const [label, headers] of credentials) {
        const response = await send(call, headers);
        const what = `${route.name} with ${label}`;
        expect(response.statusCode, `${what}: ${response.body}`).toBe(401);
        const body = ErrorBodySchema.parse(response.json());
        expect(['unauthorized', 'token_invalid', 'token_expired'], what).toContain(body.code);
        expectNothingOfA(response.body, call, what);
        checked += 1;
      }
    }
    expect(await tableDigests(ctx.database.handle.db)).toEqual(before);
    expect(checked).toBeGreaterThanOrEqual(20 * credentials.length);
  }, 60_000);

  it('shows another learner none of A’s data and changes none of A’s rows, whatever A ids it is sent', async () => {
    // Errors that speak only of the caller's own state (B's password, B's empty deck).
    const callersOwnState = ['current_password_incorrect', 'nothing_due'];
    const before = await tableDigests(ctx.database.handle.db, { userId: a.id });
    let checked = 0;
    for (const route of routes.filter(
      (item) => !item.public && !TOWARD_ANOTHER_LEARNER.includes(item.name) && item.name !== LEARNER_CARD,
    )) {
      // A fresh learner B per route (and after a rate limit), so one route's effects on B never decide another's.
      let b = await registerLearner(ctx.app);
      for (const call of callsWithIdsOfA(route)) {
        let response = await send(call, b.bearer);
        if (response.statusCode === 429) {
          b = await registerLearner(ctx.app);
          response = await send(call, b.bearer);
        }
        const what = `${route.name} as B: ${call.url} ${JSON.stringify(call.payload ?? '')}`;
        const status = response.statusCode;
        // Naming one of A's sessions or A's account gets B nothing but "not yours" or "no such thing";
        // anything else must be B's own data, or an error about B's own state.
        const allowed = namesA(call)
          ? status === 403 || status === 404
          : (status >= 200 && status < 300) || status === 403 || status === 404 || callersOwnState.includes(response.json().code);
        expect(allowed, `${what} → ${status} ${response.body}`).toBe(true);
        if (status >= 400) ErrorBodySchema.parse(response.json());
        expectNothingOfA(response.body, call, what);
        checked += 1;
      }
    }
    expect(await tableDigests(ctx.database.handle.db, { userId: a.id })).toEqual(before);
    expect(checked).toBeGreaterThan(100);
  }, 120_000);

  it('lets another learner follow, unfollow, block and unblock A, showing none of A’s data; A is told only of the follow', async () => {
    const toward = routes.filter((route) => TOWARD_ANOTHER_LEARNER.includes(route.name));
    expect(toward.map((route) => route.name).sort()).toEqual(TOWARD_ANOTHER_LEARNER);
    const notes = async () =>
      (
        await ctx.database.handle.db
          .select({ id: notifications.id, kind: notifications.kind })
          .from(notifications)
          .where(eq(notifications.userId, a.id))
      ).sort((x, y) => x.id.localeCompare(y.id));
    const before = await tableDigests(ctx.database.handle.db, { userId: a.id, except: ['notifications'] });
    const notesBefore = await notes();
    for (const route of toward) {
      const b = await registerLearner(ctx.app);
      for (const call of callsWithIdsOfA(route)) {
        const response = await send(call, b.bearer);
        const what = `${route.name} as B: ${call.url}`;
        // A's own id: a learner to act toward (2xx); A's session ids are no learner's (400 or 404).
        const status = response.statusCode;
        expect(call.url.includes(a.id) ? status >= 200 && status < 300 : [400, 404].includes(status), `${what} → ${status}`).toBe(
          true,
        );
        if (status >= 400) ErrorBodySchema.parse(response.json());
        expectNothingOfA(response.body, call, what);
      }
    }
    expect(await tableDigests(ctx.database.handle.db, { userId: a.id, except: ['notifications'] })).toEqual(before);
    const added = (await notes()).filter((note) => !notesBefore.some((old) => old.id === note.id));
    expect(added.map((note) => note.kind)).toEqual(['social.followed']);
  }, 60_000);

  it('shows another learner A’s card (name, course, public numbers) and nothing else of A’s', async () => {
    const card = routes.find((route) => route.name === LEARNER_CARD);
    expect(card).toBeDefined();
    const before = await tableDigests(ctx.database.handle.db, { userId: a.id });
    const b = await registerLearner(ctx.app);
    for (const call of callsWithIdsOfA(card as ApiRoute)) {
      const response = await send(call, b.bearer);
      const what = `${LEARNER_CARD} as B: ${call.url}`;
      const status = response.statusCode;
      // A's id: A's card; A's session ids are no learner's (404), other strings no id at all (400).
      expect(call.url.includes(a.id) ? status === 200 : [400, 404].includes(status), `${what} → ${status}`).toBe(true);
      if (status === 200) expect(response.json()).toMatchObject({ user_id: a.id, name: learnerA.fullName });
      else ErrorBodySchema.parse(response.json());
      const shown = response.body.replace(learnerA.fullName, '');
      expectNothingOfA(shown, call, what);
    }
    expect(await tableDigests(ctx.database.handle.db, { userId: a.id })).toEqual(before);
  }, 60_000);
});
