import { ErrorBodySchema } from '@parla/shared/errors';
import { StartPracticeResponseSchema } from '@parla/shared/practice.schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, lessonSessions, xpEvents } from '../db/schema/index';
import { buildTestApp, type TestApp, testClock } from '../test/build-test-app';
import { registerLearner } from '../test/factories';

const clock = testClock('2026-11-24T10:00:00Z');
let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp({ clock });
});
afterAll(() => ctx.close());

type Headers = Record<string, string>;
const newId = () => `test-request-${crypto.randomUUID()}`;
const send = (url: string, headers: Headers, requestId: string | undefined, payload?: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...headers, ...(requestId === undefined ? {} : { 'x-request-id': requestId }) },
    ...(payload === undefined ? {} : { payload }),
  });

const sessionsOf = async (userId: string, kind: string) =>
  (
    await ctx.database.handle.db
      .select({ id: lessonSessions.id })
      .from(lessonSessions)
      .where(and(eq(lessonSessions.userId, userId), eq(lessonSessions.kind, kind)))
  ).length;

async function answeredPractice(bearer: Headers) {
  const start = StartPracticeResponseSchema.parse((await send('/practice/start', bearer, newId())).json());
  for (const question of start.questions) {
    await send(`/practice/${start.session_id}/answer`, bearer, newId(), { question_id: question.id, answer: 0 });
  }
  return start.session_id;
}

describe('retries with the same X-Request-Id', () => {
  it('get the first answer, marked as a replay, without doing the work again', async () => {
    const account = await registerLearner(ctx.app);
    const id = newId();
    const first = await send('/practice/start', account.bearer, id);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await send('/practice/start', account.bearer, id);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.json()).toEqual(first.json());
    expect(await sessionsOf(account.auth.user.id, 'practice')).toBe(1);

    // Without an id (or with a fresh one) it is a new request.
    expect((await send('/practice/start', account.bearer, undefined)).statusCode).toBe(200);
    expect((await send('/practice/start', account.bearer, newId())).statusCode).toBe(200);
    expect(await sessionsOf(account.auth.user.id, 'practice')).toBe(3);
  });

  it('run once when 50 arrive together: the others wait their turn (409) or get the answer', async () => {
    const account = await registerLearner(ctx.app);
    const sessionId = await answeredPractice(account.bearer);
    const id = newId();
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => send(`/practice/${sessionId}/complete`, account.bearer, id)),
    );
    const fresh = replies.filter((reply) => reply.statusCode === 200 && reply.headers['idempotent-replayed'] === undefined);
    const replayed = replies.filter((reply) => reply.headers['idempotent-replayed'] === 'true');
    const waiting = replies.filter((reply) => reply.statusCode === 409);
    expect(fresh).toHaveLength(1);
    expect(fresh.length + replayed.length + waiting.length).toBe(50);
    for (const reply of replayed) expect(reply.json()).toEqual(fresh[0]?.json());
    for (const reply of waiting) expect(ErrorBodySchema.parse(reply.json()).code).toBe('request_in_progress');
    const ledger = await ctx.database.handle.db.select().from(xpEvents).where(eq(xpEvents.userId, account.auth.user.id));
    expect(ledger).toHaveLength(1);
    // Once answered, every retry gets the answer.
    const late = await send(`/practice/${sessionId}/complete`, account.bearer, id);
    expect(late.headers['idempotent-replayed']).toBe('true');
    expect(late.json()).toEqual(fresh[0]?.json());
  });

  it('refuse the same id with a different request (422) and change nothing', async () => {
    const account = await registerLearner(ctx.app);
    const start = StartPracticeResponseSchema.parse((await send('/practice/start', account.bearer, newId())).json());
    const [q1, q2] = start.questions;
    if (!q1 || !q2) throw new Error('expected questions');
    const id = newId();
    expect(
      (await send(`/practice/${start.session_id}/answer`, account.bearer, id, { question_id: q1.id, answer: 0 })).statusCode,
    ).toBe(200);
    const reused = await send(`/practice/${start.session_id}/answer`, account.bearer, id, { question_id: q2.id, answer: 1 });
    expect(reused.statusCode).toBe(422);
    expect(ErrorBodySchema.parse(reused.json())).toMatchObject({ code: 'request_id_reused' });
    const [row] = await ctx.database.handle.db
      .select({ answers: lessonSessions.answers })
      .from(lessonSessions)
      .where(eq(lessonSessions.id, start.session_id));
    expect(Object.keys(row?.answers as object)).toEqual([q1.id]);
    // Another route with the same id is another request too.
    expect((await send('/practice/start', account.bearer, id)).statusCode).toBe(422);
  });

  it('belong to one learner: another learner may use the same id for their own request', async () => {
    const alice = await registerLearner(ctx.app);
    const bob = await registerLearner(ctx.app);
    const id = newId();
    const aliceStart = await send('/practice/start', alice.bearer, id);
    const bobStart = await send('/practice/start', bob.bearer, id);
    expect(bobStart.statusCode).toBe(200);
    expect(bobStart.headers['idempotent-replayed']).toBeUndefined();
    expect(bobStart.json().session_id).not.toBe(aliceStart.json().session_id);
    // Without a valid session nothing is reserved or replayed.
    const anonymous = await send('/practice/start', {}, id);
    expect(anonymous.statusCode).toBe(401);
  });

  it('run again once the answer was a failure worth retrying, or the first request was abandoned', async () => {
    const account = await registerLearner(ctx.app);
    const userId = account.auth.user.id;
    // A reservation whose request never answered (its replica died) lapses after the lock.
    const id = newId();
    const first = await send('/practice/start', account.bearer, id);
    await ctx.database.handle.db
      .update(idempotencyKeys)
      .set({ status: null, body: null, contentType: null, lockedUntil: new Date('2026-11-24T09:59:00Z') })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.requestId, id)));
    const retried = await send('/practice/start', account.bearer, id);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(retried.json().session_id).not.toBe(first.json().session_id);

    // Still within its lock: 409.
    await ctx.database.handle.db
      .update(idempotencyKeys)
      .set({ status: null, body: null, lockedUntil: new Date('2026-11-24T10:01:00Z') })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.requestId, id)));
    expect((await send('/practice/start', account.bearer, id)).statusCode).toBe(409);
  });

  it('are remembered for 24 hours', async () => {
    const account = await registerLearner(ctx.app);
    const id = newId();
    const first = await send('/practice/start', account.bearer, id);
    clock.set('2026-11-25T10:00:01Z');
    try {
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: account.email, password: account.password },
      });
      const bearer = { authorization: `Bearer ${login.json().access_token}` };
      const later = await send('/practice/start', bearer, id);
      expect(later.statusCode).toBe(200);
      expect(later.headers['idempotent-replayed']).toBeUndefined();
      expect(later.json().session_id).not.toBe(first.json().session_id);
    } finally {
      clock.set('2026-11-24T10:00:00Z');
    }
  });
});
