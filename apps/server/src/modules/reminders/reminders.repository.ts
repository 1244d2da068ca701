import { eq, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/client';
import { profiles } from '../../db/schema/index';
import { runStatement } from '../../db/statements';
import { pruneReminderDeliveries, type ReservedReminder, reserveReminders } from './sql/reserve-reminders.sql';

export type { ReservedReminder };

/**
 * The key of the transaction-scoped advisory lock a tick takes, so only one replica scans at a
 * time. Nothing depends on it for correctness (the reservation's primary key decides); it only
 * saves the other replicas a scan whose every insert would meet an existing key.
 */
export const REMINDER_LOCK_KEY = 7_306_142_023;

export function createRemindersRepository(database: DatabaseHandle) {
  const { db } = database;
  return {
    /**
     * One transaction: the lock (unless `lock` is false: tests show the key alone decides), the
     * pruning of old reservations, the reservation of up to `batch` due reminders, then `within`
     * with the rows reserved, on the same transaction (the in-app notifications, atomic with their
     * reservation). `skipped`: another tick holds the lock.
     */
    async reserveDue<T>(
      options: { now: Date; zones: string; batch: number; lock: boolean },
      within: (tx: Database, reserved: ReservedReminder[]) => Promise<T>,
    ): Promise<{ skipped: true } | { skipped: false; reserved: ReservedReminder[]; result: T }> {
      return db.transaction(async (tx) => {
        if (options.lock) {
          const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${REMINDER_LOCK_KEY}) as locked`);
          const [row] = (result as unknown as { rows: { locked: boolean }[] }).rows;
          if (!row?.locked) return { skipped: true as const };
          await runStatement(tx, pruneReminderDeliveries, [options.now.toISOString()]);
        }
        const reserved = await runStatement(tx, reserveReminders, [options.now.toISOString(), options.zones, options.batch]);
        const result = await within(tx, reserved);
        return { skipped: false as const, reserved, result };
      });
    },

    /** The languages the learner reads; undefined when there is no such learner. */
    async findLanguages(userId: string): Promise<{ interfaceLanguage: string | null; nativeLanguage: string } | undefined> {
      const [row] = await db
        .select({ interfaceLanguage: profiles.interfaceLanguage, nativeLanguage: profiles.nativeLanguage })
        .from(profiles)
        .where(eq(profiles.userId, userId));
      return row;
    },

    /**
     * Turns the learner's e-mail channel off (again is fine: the preferences' updated_at moves
     * only when it was on); their languages, or undefined when there is no such learner.
     */
    async turnOffEmail(
      userId: string,
      now: Date,
    ): Promise<{ interfaceLanguage: string | null; nativeLanguage: string } | undefined> {
      const [row] = await db
        .update(profiles)
        .set({
          notifyEmail: false,
          updatedAt: sql`case when ${profiles.notifyEmail} then ${now.toISOString()}::timestamptz else ${profiles.updatedAt} end`,
        })
        .where(eq(profiles.userId, userId))
        .returning({ interfaceLanguage: profiles.interfaceLanguage, nativeLanguage: profiles.nativeLanguage });
      return row;
    },
  };
}

export type RemindersRepository = ReturnType<typeof createRemindersRepository>;
