import { StartLessonResponseSchema } from '@parla/shared/lessons.schema';
import { StartPracticeResponseSchema } from '@parla/shared/practice.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotificationsRepository } from '../modules/notifications/notifications.repository';
import { findLessonVariants } from '../modules/sessions/sql/lesson-variants.sql';
import { buildTestApp, type TestApp, testClock } from '../test/build-test-app';
import { answerRestWrong, apiCaller, registerLearner } from '../test/factories';
import { lessonSessions, profiles } from './schema/index';
import { runStatement, statementCoverage } from './statements';

const clock = testClock('2026-11-24T10:00:00Z');
let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp({ clock });
});
afterAll(() => ctx.close());

const { get, post } = apiCaller(() => ctx.app);

describe('hand-written SQL statements', () => {
  it('each return rows their zod schema accepts, on this database, along a learner’s day', async () => {
    const account = await registerLearner(ctx.app);
    const bearer = account.bearer;
    const me = account.auth.user.id;
    const withId = (id: string) => ({ ...bearer, 'x-request-id': id });

    // A lesson, started and finished with request ids (reserved, stored, replayed).
    const start = StartLessonResponseSchema.parse((await post('/lessons/greetings-1/start', withId('s-1'))).json());
    expect((await post('/lessons/greetings-1/start', withId('s-1'))).headers['idempotent-replayed']).toBe('true');
    await answerRestWrong(ctx.app, bearer, 'greetings-1', start);
    // Its variant read by id, as a replica that did not make it reads it (ADR 032).
    const [session] = await ctx.database.handle.db.select().from(lessonSessions).where(eq(lessonSessions.id, start.session_id));
    const variants = await runStatement(ctx.database.handle.db, findLessonVariants, [JSON.stringify([session?.variantId])]);
    expect(variants.map((variant) => variant.id)).toEqual([session?.variantId]);
    // A completion that fails inside its transaction frees its request id.
    const stop = ctx.app.events.onTransaction('lesson.completed', () => {
      throw new Error('subscriber failed');
    });
    expect((await post('/lessons/greetings-1/complete', withId('c-1'), { session_id: start.session_id })).statusCode).toBe(500);
    stop();
    const retried = await post('/lessons/greetings-1/complete', withId('c-1'), { session_id: start.session_id });
    expect(retried.statusCode, retried.body).toBe(200);

    // Practice: cards met, answers graded into the deck, completion.
    const practice = StartPracticeResponseSchema.parse((await post('/practice/start', bearer)).json());
    for (const question of practice.questions) {
      await post(`/practice/${practice.session_id}/answer`, bearer, { question_id: question.id, answer: 0 });
    }
    expect((await post(`/practice/${practice.session_id}/complete`, bearer)).statusCode).toBe(200);
    // The deck, due now and weakest.
    clock.set('2026-11-24T10:10:00Z');
    expect((await get(`/review/users/${me}/spaced_repetition`, bearer)).statusCode).toBe(200);
    expect((await get(`/review/users/${me}/weak_areas`, bearer)).statusCode).toBe(200);
    // The achievements earned along the way.
    expect((await get('/progress/me/achievements', bearer)).statusCode).toBe(200);
    // The dashboard, in the learner's zone and in one this database does not know.
    expect((await get('/dashboard', bearer)).statusCode).toBe(200);
    await ctx.database.handle.db.update(profiles).set({ timezone: 'Mars/Olympus_Mons' }).where(eq(profiles.userId, me));
    expect((await get('/dashboard', bearer)).statusCode).toBe(200);
    // The progress screen's reads, in that unknown zone, then in the learner's own.
    for (const read of ['summary', 'weekly', 'skills']) expect((await get(`/progress/me/${read}`, bearer)).statusCode).toBe(200);
    await ctx.database.handle.db.update(profiles).set({ timezone: 'Europe/Madrid' }).where(eq(profiles.userId, me));
    for (const read of ['summary', 'weekly']) expect((await get(`/progress/me/${read}`, bearer)).statusCode).toBe(200);

    // A notification stored by notify() (the reminders' way), then the ones the day earned: listed, one marked read, then all.
    const [created] = await createNotificationsRepository(ctx.database.handle).notify([
      { userId: me, type: 'system', kind: 'system.test', dedupeKey: 'statements-test' },
    ]);
    expect(created?.user_id).toBe(me);
    const notified = (await get('/users/me/notifications', bearer)).json();
    expect(notified.items.length).toBeGreaterThan(0);
    expect((await post(`/users/me/notifications/${notified.items[0].id}/read`, bearer)).statusCode).toBe(200);
    expect((await post('/users/me/notifications/read-all', bearer)).statusCode).toBe(200);

    // Friends: a follow (and its first-friend achievement), the list, a learner's card, suggestions, an unfollow; a block, the blocks, lifted.
    const other = (await registerLearner(ctx.app)).auth.user.id;
    const send = (method: 'PUT' | 'DELETE', url: string) => ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer });
    expect((await send('PUT', `/users/me/following/${other}`)).statusCode).toBe(201);
    expect((await get('/users/me/friends', bearer)).json().items).toHaveLength(1);
    expect((await get(`/users/${other}`, bearer)).json()).toMatchObject({ following: true });
    expect((await get('/users/me/suggestions', bearer)).statusCode).toBe(200);
    expect((await send('DELETE', `/users/me/following/${other}`)).statusCode).toBe(200);
    expect((await send('PUT', `/users/me/blocks/${other}`)).statusCode).toBe(201);
    expect((await get('/users/me/blocks', bearer)).json().items).toHaveLength(1);
    expect((await send('DELETE', `/users/me/blocks/${other}`)).statusCode).toBe(200);

    // Messages: following each other, a message, the conversation (marking it read), the conversations.
    const friend = await registerLearner(ctx.app);
    expect((await send('PUT', `/users/me/following/${friend.auth.user.id}`)).statusCode).toBe(201);
    const back = `/api/v1/users/me/following/${me}`;
    expect((await ctx.app.inject({ method: 'PUT', url: back, headers: friend.bearer })).statusCode).toBe(201);
    const conversation = `/api/v1/users/me/conversations/${friend.auth.user.id}/messages`;
    const sent = await ctx.app.inject({ method: 'POST', url: conversation, headers: bearer, payload: { text: 'hola' } });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await get(`/users/me/conversations/${me}/messages`, friend.bearer)).json().items).toHaveLength(1);
    expect((await get('/users/me/conversations', bearer)).json().items).toHaveLength(1);

    // The streak-reminder tick: it prunes old reservations and reserves what is due (none here).
    expect((await ctx.app.reminders.tick()).skipped).toBe(false);

    const { defined, checked } = statementCoverage();
    expect(defined.length).toBeGreaterThan(10);
    expect(defined.filter((name) => !checked.includes(name))).toEqual([]);
  });
});
