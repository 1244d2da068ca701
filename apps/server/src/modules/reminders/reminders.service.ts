import type { ServerTextLanguage } from '@parla/shared/texts/server-texts';
import { databaseTimeZones } from '@parla/shared/time-zones';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createIntervalJob, type IntervalJob } from '../../lib/interval-job';
import { type Mailer, maskEmail } from '../mail/mailer';
import { mailLanguage, reminderEmail } from './reminder-email';
import type { RemindersRepository, ReservedReminder } from './reminders.repository';
import { unsubscribeToken } from './unsubscribe-token';

/** The in-app notification of a reminder, as modules/notifications' notify() takes it. */
export interface ReminderNotification {
  userId: string;
  type: 'streak';
  kind: 'streak.reminder';
  params: { streak: number; local_date: string };
  dedupeKey: string;
  createdAt: Date;
}

/** Stores in-app notifications inside `tx`; returns only the rows it created. */
export type NotifyInApp = (rows: readonly ReminderNotification[], tx: Database) => Promise<readonly unknown[]>;

/** Sends a push to every device of the learner (modules/push); resolves when done, whatever the devices said. */
export type PushReminder = (reminder: {
  userId: string;
  streak: number;
  localDate: string;
  language: ServerTextLanguage;
}) => Promise<void>;

export interface TickResult {
  /** Another tick (this replica's or another's) held the lock: this one did nothing. */
  skipped: boolean;
  /** Reminders reserved by this tick: each is sent by this tick and no other. */
  reserved: number;
  notified: number;
  emailed: number;
  pushed: number;
}

/** Due reminders reserved per statement; a tick takes up to MAX_ROUNDS batches. */
export const DEFAULT_BATCH_SIZE = 200;
const MAX_ROUNDS = 10;
/** E-mails and pushes in flight at once within a tick. */
const SEND_CONCURRENCY = 4;

async function eachWithLimit<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export const reminderDedupeKey = (localDate: string) => `streak-reminder:${localDate}`;

/**
 * Streak-at-risk reminders (ADR 023). A tick reserves the due ones (one row per learner and local
 * day: whoever inserts it sends it, nobody else), stores the in-app notifications in the same
 * transaction, then sends the e-mails and pushes. Reserve first, then send: a reminder is sent at
 * most once; an e-mail or push that fails after the reservation is logged, not retried.
 */
export function createRemindersService({
  repo,
  clock,
  mailer,
  notify,
  push,
  logger,
  secret,
  publicUrl,
  batchSize = DEFAULT_BATCH_SIZE,
}: {
  repo: RemindersRepository;
  clock: Clock;
  mailer: Mailer;
  notify: NotifyInApp;
  push?: PushReminder | undefined;
  logger: FastifyBaseLogger;
  /** The server's signing secret, from which unsubscribe tokens are derived. */
  secret: string;
  publicUrl: string;
  batchSize?: number;
}) {
  const zones = JSON.stringify([...databaseTimeZones()]);

  async function email(reminder: ReservedReminder): Promise<boolean> {
    const token = unsubscribeToken(secret, reminder.user_id);
    const message = reminderEmail({
      to: reminder.email,
      name: reminder.full_name,
      streak: reminder.streak,
      language: mailLanguage(reminder.interface_language, reminder.native_language),
      appUrl: `${publicUrl}/app`,
      unsubscribeUrl: `${publicUrl}/api/v1/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    try {
      await mailer.send(message);
      return true;
    } catch (error) {
      // The address masked, the message (and its unsubscribe token) never logged.
      logger.error(
        { err: error, userId: reminder.user_id, to: maskEmail(reminder.email) },
        'streak reminder e-mail could not be sent',
      );
      return false;
    }
  }

  async function pushTo(reminder: ReservedReminder): Promise<boolean> {
    if (!push) return false;
    try {
      await push({
        userId: reminder.user_id,
        streak: reminder.streak,
        localDate: reminder.local_date,
        language: mailLanguage(reminder.interface_language, reminder.native_language),
      });
      return true;
    } catch (error) {
      logger.error({ err: error, userId: reminder.user_id }, 'streak reminder push could not be sent');
      return false;
    }
  }

  return {
    /** One pass: reserve what is due now, notify in-app, e-mail and push. Safe to run anywhere, any number of times at once. */
    async tick(options: { lock?: boolean; stopping?: () => boolean } = {}): Promise<TickResult> {
      const result: TickResult = { skipped: false, reserved: 0, notified: 0, emailed: 0, pushed: 0 };
      const now = clock.now();
      for (let round = 0; round < MAX_ROUNDS; round += 1) {
        // A shutdown reserves nothing more: what this tick reserved is still sent.
        if (round > 0 && options.stopping?.()) break;
        const outcome = await repo.reserveDue({ now, zones, batch: batchSize, lock: options.lock ?? true }, (tx, reserved) =>
          notify(
            reserved
              .filter((reminder) => reminder.notify_in_app)
              .map((reminder) => ({
                userId: reminder.user_id,
                type: 'streak' as const,
                kind: 'streak.reminder' as const,
                params: { streak: reminder.streak, local_date: reminder.local_date },
                dedupeKey: reminderDedupeKey(reminder.local_date),
                createdAt: now,
              })),
            tx,
          ),
        );
        if (outcome.skipped) {
          result.skipped = round === 0;
          break;
        }
        result.reserved += outcome.reserved.length;
        result.notified += outcome.result.length;
        await eachWithLimit(outcome.reserved, SEND_CONCURRENCY, async (reminder) => {
          if (reminder.notify_email && (await email(reminder))) result.emailed += 1;
          if (reminder.notify_push && (await pushTo(reminder))) result.pushed += 1;
        });
        if (outcome.reserved.length < batchSize) break;
      }
      if (result.reserved > 0) logger.info({ ...result }, 'streak reminders sent');
      return result;
    },
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;

/** Runs a reminders tick every `intervalMs` on this replica (lib/interval-job.ts: one at a time, stop() waits). */
export function createReminderScheduler({
  service,
  intervalMs,
  logger,
}: {
  service: Pick<RemindersService, 'tick'>;
  intervalMs: number;
  logger: FastifyBaseLogger;
}): IntervalJob {
  return createIntervalJob({
    intervalMs,
    logger,
    failure: 'streak reminder tick failed',
    run: async (stopping) => {
      await service.tick({ stopping });
    },
  });
}

export type ReminderScheduler = ReturnType<typeof createReminderScheduler>;
