import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { addDays, type LocalDate, streakStatus } from '@parla/shared/streak';
import { and, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyActivity, notifications, profiles, reminderDeliveries } from '../../db/schema/index';
import { buildTestApp, type TestApp, testClock } from '../../test/build-test-app';
import { apiCaller, registerLearner } from '../../test/factories';
import { createOutboxMailer } from '../mail/mailer';
import { createNotificationsRepository } from '../notifications/notifications.repository';
import { createRemindersRepository } from './reminders.repository';
import { createRemindersService } from './reminders.service';

// Streak-at-risk reminders through the real app: its tick (the one the scheduler runs), the
// notifications module's notify(), the outbox mailer and the unsubscribe routes, on PGlite and
// (TEST_DATABASE_URL) PostgreSQL, where two app instances on one database stand for two replicas.

const clock = testClock('2026-11-24T10:00:00Z');
let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp({ clock });
});
afterAll(() => ctx.close());

const { get } = apiCaller(() => ctx.app);
const db = () => ctx.database.handle.db;
type Headers = Record<string, string>;

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

function outbox(dataDir: string, to?: string): OutboxMail[] {
  const dir = join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  const mails = files.map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as OutboxMail);
  return to === undefined ? mails : mails.filter((mail) => mail.to === to);
}

interface DueOptions {
  timezone?: string;
  reminderTime?: string;
  lastActiveDate?: string;
  streak?: number;
  inApp?: boolean;
  email?: boolean;
  interfaceLanguage?: string | null;
}

/** A learner with a streak that today's local midnight ends, reminders at `reminderTime`. */
async function learnerWithStreak(options: DueOptions = {}) {
  const account = await registerLearner(ctx.app, { target_language: 'es', timezone: options.timezone ?? 'UTC' });
  const userId = account.auth.user.id;
  await db()
    .update(profiles)
    .set({
      currentStreak: options.streak ?? 3,
      longestStreak: options.streak ?? 3,
      lastActiveDate: options.lastActiveDate ?? '2026-11-23',
      reminderTime: options.reminderTime ?? '19:00',
      notifyInApp: options.inApp ?? true,
      notifyEmail: options.email ?? true,
      ...(options.interfaceLanguage !== undefined && { interfaceLanguage: options.interfaceLanguage as 'en' }),
    })
    .where(eq(profiles.userId, userId));
  return { ...account, userId };
}

async function remindersOf(userIds: string[]) {
  return db()
    .select({ userId: notifications.userId, params: notifications.params, dedupeKey: notifications.dedupeKey })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), eq(notifications.kind, 'streak.reminder')));
}

async function reservationsOf(userIds: string[]) {
  return db().select().from(reminderDeliveries).where(inArray(reminderDeliveries.userId, userIds));
}

/** A new access token at the clock's current time (the one from sign-up may have expired meanwhile). */
async function signedIn(learner: { email: string; password: string }): Promise<Headers> {
  const reply = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username: learner.email, password: learner.password },
    remoteAddress: '10.77.0.1',
  });
  if (reply.statusCode !== 200) throw new Error(`login failed: ${reply.statusCode} ${reply.body}`);
  return { authorization: `Bearer ${reply.json().access_token}` };
}

const tick = (options?: { lock?: boolean }) => ctx.app.reminders.tick(options);

describe('a streak-at-risk reminder', () => {
  it('is created once, in-app and by e-mail, however often the tick runs', async () => {
    clock.set('2026-11-24T18:00:00Z');
    const learner = await learnerWithStreak({ streak: 4 });
    await tick();
    expect(await remindersOf([learner.userId])).toEqual([]);

    clock.set('2026-11-24T19:05:00Z');
    await tick();
    await tick();
    expect(await remindersOf([learner.userId])).toEqual([
      { userId: learner.userId, params: { streak: 4, local_date: '2026-11-24' }, dedupeKey: 'streak-reminder:2026-11-24' },
    ]);
    const [reservation] = await reservationsOf([learner.userId]);
    expect(reservation).toMatchObject({ localDate: '2026-11-24', streak: 4 });

    // Through the API: the bell's list has it, unread.
    const list = (await get('/users/me/notifications', await signedIn(learner))).json();
    expect(list.items).toEqual([expect.objectContaining({ type: 'streak', kind: 'streak.reminder', read: false })]);

    const mails = outbox(ctx.env.DATA_DIR, learner.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('Keep your 4-day streak going today');
    expect(mail?.text).toContain('You have practised 4 days in a row');
    expect(mail?.text).toContain('http://parla.test/app');
    const unsubscribe = /^<(http:\/\/parla\.test\/api\/v1\/unsubscribe\?token=[^>]+)>$/.exec(
      mail?.headers['List-Unsubscribe'] ?? '',
    );
    expect(unsubscribe).not.toBeNull();
    expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // The same link in the body, text and HTML (escaped).
    expect(mail?.text).toContain(unsubscribe?.[1]);
    expect(mail?.html).toContain((unsubscribe?.[1] ?? '').replaceAll('&', '&amp;'));

    // The next day, a new streak day at risk: a new reminder.
    await db()
      .update(profiles)
      .set({ lastActiveDate: '2026-11-24', currentStreak: 5 })
      .where(eq(profiles.userId, learner.userId));
    clock.set('2026-11-25T19:30:00Z');
    await tick();
    expect((await remindersOf([learner.userId])).map((row) => row.dedupeKey).sort()).toEqual([
      'streak-reminder:2026-11-24',
      'streak-reminder:2026-11-25',
    ]);
    expect(outbox(ctx.env.DATA_DIR, learner.email)).toHaveLength(2);
  });

  it('is not sent before the reminder time, nor to a learner who practised today, is on vacation, has no streak or no channel on', async () => {
    clock.set('2026-11-24T08:00:00Z');
    const early = await learnerWithStreak({ reminderTime: '20:30' });
    const practised = await learnerWithStreak();
    const vacationing = await learnerWithStreak();
    const silent = await learnerWithStreak({ inApp: true, email: true });
    const lapsed = await learnerWithStreak({ lastActiveDate: '2026-11-22' });
    const noStreak = await learnerWithStreak({ streak: 0 });
    const due = await learnerWithStreak();
    const ids = [early, practised, vacationing, silent, lapsed, noStreak, due].map((learner) => learner.userId);

    await db().insert(dailyActivity).values({ userId: practised.userId, localDate: '2026-11-24', xp: 10, lessons: 1 });
    const vacation = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/preferences',
      headers: vacationing.bearer,
      payload: { vacation_until: '2026-11-26' },
    });
    expect(vacation.statusCode, vacation.body).toBe(200);
    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/preferences',
      headers: silent.bearer,
      payload: { notifications: { in_app: false, email: false, push: false } },
    });
    expect(off.statusCode, off.body).toBe(200);

    clock.set('2026-11-24T20:29:00Z');
    await tick();
    expect((await remindersOf(ids)).map((row) => row.userId)).toEqual([due.userId]);
    expect((await reservationsOf(ids)).map((row) => row.userId)).toEqual([due.userId]);

    clock.set('2026-11-24T20:30:00Z');
    await tick();
    expect((await remindersOf(ids)).map((row) => row.userId).sort()).toEqual([due.userId, early.userId].sort());
    for (const learner of [practised, vacationing, silent, lapsed, noStreak]) {
      expect(outbox(ctx.env.DATA_DIR, learner.email)).toEqual([]);
    }
  });

  it('comes when a freeze or the vacation keeps the streak alive across missed days, not when nothing does', async () => {
    clock.set('2026-11-24T08:00:00Z');
    // Last active on the 21st: the 22nd and 23rd are missed.
    const twoFreezes = await learnerWithStreak({ lastActiveDate: '2026-11-21' });
    const oneFreeze = await learnerWithStreak({ lastActiveDate: '2026-11-21' });
    const vacationed = await learnerWithStreak({ lastActiveDate: '2026-11-21' });
    await db().update(profiles).set({ streakFreezes: 2 }).where(eq(profiles.userId, twoFreezes.userId));
    await db().update(profiles).set({ streakFreezes: 1 }).where(eq(profiles.userId, oneFreeze.userId));
    // A vacation from the 22nd to the 23rd (over yesterday) pauses both missed days.
    await db()
      .update(profiles)
      .set({ vacationStart: '2026-11-22', vacationUntil: '2026-11-23' })
      .where(eq(profiles.userId, vacationed.userId));
    clock.set('2026-11-24T19:30:00Z');
    await tick();
    expect((await remindersOf([twoFreezes.userId, oneFreeze.userId, vacationed.userId])).map((row) => row.userId).sort()).toEqual(
      [twoFreezes.userId, vacationed.userId].sort(),
    );
  });

  it('with the in-app channel off, still goes by e-mail once (the reservation holds the day)', async () => {
    clock.set('2026-11-24T08:00:00Z');
    const learner = await learnerWithStreak({ inApp: false, email: true });
    clock.set('2026-11-24T21:00:00Z');
    await tick();
    await tick();
    expect(await remindersOf([learner.userId])).toEqual([]);
    expect(await reservationsOf([learner.userId])).toHaveLength(1);
    expect(outbox(ctx.env.DATA_DIR, learner.email)).toHaveLength(1);
  });

  it('is written in the learner’s interface language where the server has texts, else English', async () => {
    clock.set('2026-11-24T08:00:00Z');
    const german = await learnerWithStreak({ interfaceLanguage: 'de', streak: 2 });
    const arabic = await learnerWithStreak({ interfaceLanguage: 'ar', streak: 2 });
    clock.set('2026-11-24T19:10:00Z');
    await tick();
    expect(outbox(ctx.env.DATA_DIR, german.email).map((mail) => mail.subject)).toEqual([
      'Halte heute deine Serie von 2 Tagen am Leben',
    ]);
    expect(outbox(ctx.env.DATA_DIR, arabic.email).map((mail) => mail.subject)).toEqual(['Keep your 2-day streak going today']);
  });
});

describe('the streak rule, the same as the dashboard’s', () => {
  it('reminds exactly the learners whose streak packages/shared/src/streak.ts shows alive, over 80 drawn cases', async () => {
    // The SQL of reserve-reminders decides "a streak to lose" set-based; it must agree with
    // streakStatus() (freezes, vacation) case by case. Drawn with a fixed seed: reproducible.
    let seed = 20_261_124;
    const draw = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const today = '2026-11-24' as LocalDate;
    clock.set('2026-11-24T20:00:00Z');
    const learner = await learnerWithStreak({ streak: 5, reminderTime: '00:00' });
    let agreed = 0;
    for (let round = 0; round < 80; round += 1) {
      const lastActiveDate = addDays(today, -(1 + draw(8)));
      const freezes = draw(3);
      const vacationStart = draw(3) === 0 ? null : addDays(today, -draw(10));
      const vacationUntil = vacationStart ? addDays(vacationStart, draw(6)) : null;
      await db().delete(reminderDeliveries).where(eq(reminderDeliveries.userId, learner.userId));
      await db()
        .update(profiles)
        .set({ lastActiveDate, streakFreezes: freezes, vacationStart, vacationUntil })
        .where(eq(profiles.userId, learner.userId));
      await tick();
      const reminded = (await reservationsOf([learner.userId])).length === 1;
      const status = streakStatus(
        { current: 5, lastActiveDate, freezes },
        today,
        vacationStart && vacationUntil ? { start: vacationStart, until: vacationUntil } : null,
      );
      const expected = status.current > 0 && !status.onVacation;
      expect(reminded, JSON.stringify({ lastActiveDate, freezes, vacationStart, vacationUntil })).toBe(expected);
      if (expected) agreed += 1;
    }
    // Both answers were met: the draw is not one-sided.
    expect(agreed).toBeGreaterThan(10);
    expect(agreed).toBeLessThan(70);
  });
});

describe('the learner’s local day, across a DST change', () => {
  it('Europe/Berlin on 2026-03-29 (02:00 → 03:00): the reminder time is read in summer time', async () => {
    clock.set('2026-03-28T12:00:00Z');
    const learner = await learnerWithStreak({ timezone: 'Europe/Berlin', reminderTime: '07:30', lastActiveDate: '2026-03-28' });
    // 05:20 UTC is 07:20 CEST: not yet (in winter time it would be 06:20).
    clock.set('2026-03-29T05:20:00Z');
    await tick();
    expect(await remindersOf([learner.userId])).toEqual([]);
    // 05:45 UTC is 07:45 CEST (still 06:45 in winter time): due.
    clock.set('2026-03-29T05:45:00Z');
    await tick();
    expect((await remindersOf([learner.userId])).map((row) => row.params)).toEqual([{ streak: 3, local_date: '2026-03-29' }]);
  });

  it('America/New_York on 2026-11-01 (02:00 → 01:00): late evening is still the 1st', async () => {
    clock.set('2026-10-31T12:00:00Z');
    const learner = await learnerWithStreak({
      timezone: 'America/New_York',
      reminderTime: '23:30',
      lastActiveDate: '2026-10-31',
    });
    // 04:15 UTC on the 2nd is 23:15 EST on the 1st (00:15 on the 2nd at the summer offset): not yet.
    clock.set('2026-11-02T04:15:00Z');
    await tick();
    expect(await remindersOf([learner.userId])).toEqual([]);
    // 04:40 UTC is 23:40 EST on the 1st: due, for the 1st.
    clock.set('2026-11-02T04:40:00Z');
    await tick();
    expect((await remindersOf([learner.userId])).map((row) => row.params)).toEqual([{ streak: 3, local_date: '2026-11-01' }]);
  });
});

describe('exactly once under concurrency', () => {
  it('50 ticks at once (with and without the lock), on two app instances on PostgreSQL: one reminder and one e-mail each', async () => {
    // Two replicas on PostgreSQL; an embedded database belongs to one process, so one app there.
    const onPostgres = ctx.database.url !== undefined;
    const second = onPostgres ? await buildTestApp({ clock, database: { ...ctx.database, dispose: async () => {} } }) : ctx;
    try {
      for (const [day, lock] of [
        ['2026-12-02', true],
        ['2026-12-03', false],
      ] as const) {
        clock.set(`${day}T08:00:00Z`);
        const previous = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
        const learners = await Promise.all(
          Array.from({ length: 6 }, () => learnerWithStreak({ lastActiveDate: previous, reminderTime: '18:00' })),
        );
        const ids = learners.map((learner) => learner.userId);
        clock.set(`${day}T18:01:00Z`);
        const apps = [ctx.app, second.app];
        const results = await Promise.all(
          Array.from({ length: 50 }, (_, i) => apps[i % 2]?.reminders.tick({ lock }) ?? Promise.reject(new Error('no app'))),
        );
        const reserved = results.reduce((sum, result) => sum + result.reserved, 0);
        expect(reserved).toBeGreaterThanOrEqual(ids.length);
        const rows = await remindersOf(ids);
        expect(rows.map((row) => row.userId).sort()).toEqual([...ids].sort());
        expect(await reservationsOf(ids)).toHaveLength(ids.length);
        const mails = [ctx.env.DATA_DIR, second.env.DATA_DIR]
          .filter((dir, i, all) => all.indexOf(dir) === i)
          .flatMap((dir) => outbox(dir))
          .filter((mail) => learners.some((learner) => learner.email === mail.to));
        expect(mails.map((mail) => mail.to).sort()).toEqual(learners.map((learner) => learner.email).sort());
      }
    } finally {
      if (second !== ctx) await second.close();
    }
  });
});

describe('batches', () => {
  function serviceWithBatch(batchSize: number) {
    return createRemindersService({
      repo: createRemindersRepository(ctx.database.handle),
      clock,
      mailer: createOutboxMailer({
        dir: join(ctx.env.DATA_DIR, 'outbox'),
        from: 'Parla <test@parla.test>',
        logger: pino({ level: 'silent' }),
      }),
      notify: createNotificationsRepository(ctx.database.handle).notify,
      logger: pino({ level: 'silent' }),
      secret: 'a-test-secret-that-is-long-enough-for-hmac',
      publicUrl: 'http://parla.test',
      batchSize,
    });
  }

  it('a tick takes batch after batch until none is full, and a shutdown stops it between batches', async () => {
    clock.set('2026-12-10T08:00:00Z');
    const learners = await Promise.all(Array.from({ length: 5 }, () => learnerWithStreak({ lastActiveDate: '2026-12-09' })));
    const ids = learners.map((learner) => learner.userId);
    clock.set('2026-12-10T19:00:00Z');
    const stopped = await serviceWithBatch(2).tick({ stopping: () => true });
    expect(stopped.reserved).toBe(2);
    expect(await reservationsOf(ids)).toHaveLength(2);
    const rest = await serviceWithBatch(2).tick();
    expect(rest.reserved).toBe(3);
    expect((await remindersOf(ids)).map((row) => row.userId).sort()).toEqual([...ids].sort());
  });
});

describe('one-click unsubscribe', () => {
  async function remindedLearner() {
    clock.set('2026-11-24T08:00:00Z');
    const learner = await learnerWithStreak({ timezone: 'Europe/Madrid', reminderTime: '09:00' });
    clock.set('2026-11-24T09:00:00Z');
    await tick();
    const [mail] = outbox(ctx.env.DATA_DIR, learner.email);
    const link = /^<http:\/\/parla\.test(\/api\/v1\/unsubscribe\?token=[^>]+)>$/.exec(
      mail?.headers['List-Unsubscribe'] ?? '',
    )?.[1];
    if (!link) throw new Error('no unsubscribe link');
    return { ...learner, link, token: decodeURIComponent(link.split('token=')[1] ?? '') };
  }
  const emailOn = async (learner: { email: string; password: string }) =>
    (await get('/users/me/preferences', await signedIn(learner))).json().notifications.email;

  it('GET shows a page that asks (a link scanner unsubscribes nobody); POST turns e-mail off, idempotently', async () => {
    const learner = await remindedLearner();
    const other = await learnerWithStreak();
    const page = await ctx.app.inject({ method: 'GET', url: learner.link });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<form method="post" action="/api/v1/unsubscribe?token=');
    expect(page.body).toContain('Stop reminder e-mails?');
    expect(await emailOn(learner)).toBe(true);

    // The mail client's one-click POST (RFC 8058).
    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: learner.link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json()).toEqual({ status: 'unsubscribed', email_reminders: false });
    expect(await emailOn(learner)).toBe(false);
    // Again (the page's button, from a browser): 200, still off, a page that says so.
    const again = await ctx.app.inject({
      method: 'POST',
      url: learner.link,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,*/*' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toMatch(/^text\/html/);
    expect(again.body).toContain('Parla will not send you reminder e-mails any more');
    expect(await emailOn(learner)).toBe(false);
    // Another learner's channel is untouched.
    expect(await emailOn(other)).toBe(true);

    // The next day's reminder comes in-app only.
    await db()
      .update(profiles)
      .set({ lastActiveDate: '2026-11-24', currentStreak: 4 })
      .where(eq(profiles.userId, learner.userId));
    clock.set('2026-11-25T09:00:00Z');
    await tick();
    expect(await remindersOf([learner.userId])).toHaveLength(2);
    expect(outbox(ctx.env.DATA_DIR, learner.email)).toHaveLength(1);
  });

  it('answers 400 {detail, code} to a forged, altered, foreign or missing token, and changes nothing', async () => {
    const learner = await remindedLearner();
    const [userId = '', mac = ''] = learner.token.split('.');
    const other = await learnerWithStreak();
    const forged = [
      `${other.userId}.${mac}`, // another learner's id with this learner's signature
      `${userId}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      `${userId}.`,
      userId,
      'not-a-token',
      `${userId}.${mac}.extra`,
      'x'.repeat(201),
    ];
    for (const token of forged) {
      for (const method of ['GET', 'POST'] as const) {
        const reply = await ctx.app.inject({ method, url: `/api/v1/unsubscribe?token=${encodeURIComponent(token)}` });
        expect(reply.statusCode, `${method} ${token}`).toBe(400);
        expect(reply.json()).toEqual(expect.objectContaining({ code: expect.any(String), detail: expect.any(String) }));
      }
    }
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/v1/unsubscribe' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('validation_error');
    const forgedReply = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/unsubscribe?token=${encodeURIComponent(forged[0] ?? '')}`,
    });
    expect(forgedReply.json().code).toBe('unsubscribe_token_invalid');
    expect(await emailOn(learner)).toBe(true);
    expect(await emailOn(other)).toBe(true);
  });

  it('never writes the token (or the link) to the log, at any level', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await buildTestApp({
      clock,
      logger: pino({ level: 'trace' }, stream),
      database: { ...ctx.database, dispose: async () => {} },
    });
    try {
      clock.set('2026-11-24T08:00:00Z');
      const learner = await learnerWithStreak();
      clock.set('2026-11-24T22:00:00Z');
      expect((await logged.app.reminders.tick()).reserved).toBeGreaterThanOrEqual(1);
      const [mail] = outbox(logged.env.DATA_DIR, learner.email);
      const link = /^<[^?]+\?token=([^>]+)>$/.exec(mail?.headers['List-Unsubscribe'] ?? '')?.[1] ?? '';
      const mac = decodeURIComponent(link).split('.')[1] ?? '';
      expect(mac.length).toBeGreaterThan(20);
      await logged.app.inject({ method: 'GET', url: `/api/v1/unsubscribe?token=${link}` });
      await logged.app.inject({ method: 'POST', url: `/api/v1/unsubscribe?token=${link}` });
      const log = lines.join('');
      expect(log).toContain('streak reminders sent');
      expect(log).not.toContain(mac);
      expect(log).not.toContain(learner.email);
    } finally {
      await logged.close();
    }
  });
});
