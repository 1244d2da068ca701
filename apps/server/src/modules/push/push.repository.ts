import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pushSubscriptions } from '../../db/schema/index';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export interface NewPushSubscription {
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
}

export function createPushRepository(db: Database) {
  return {
    /**
     * Stores a device's subscription, or updates the one row its endpoint already has: the same
     * device subscribing again (new keys), or after another learner signs in on it (the row moves
     * to them). Concurrent identical requests meet on the endpoint's unique key: one row.
     * Its success date is kept only while the keys are the same.
     */
    async upsert(subscription: NewPushSubscription, now: Date): Promise<PushSubscriptionRow> {
      const [row] = await db
        .insert(pushSubscriptions)
        .values({ ...subscription, createdAt: now })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId: sql`excluded.user_id`,
            p256dh: sql`excluded.p256dh`,
            auth: sql`excluded.auth`,
            userAgent: sql`excluded.user_agent`,
            // What the row holds now was made now: the device counts as the learner's newest.
            createdAt: sql`excluded.created_at`,
            lastSuccessAt: sql`case when ${pushSubscriptions.p256dh} = excluded.p256dh and ${pushSubscriptions.auth} = excluded.auth and ${pushSubscriptions.userId} = excluded.user_id then ${pushSubscriptions.lastSuccessAt} end`,
          },
        })
        .returning();
      if (!row) throw new Error('push subscription upsert returned no row');
      return row;
    },

    /** Keeps a learner's newest `keep` devices; older ones are dropped (a bound on each push's fan-out). */
    async keepNewest(userId: string, keep: number): Promise<number> {
      const newest = db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
        .limit(keep);
      const removed = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)))
        .returning({ id: pushSubscriptions.id });
      return removed.length;
    },

    /** Removes the learner's subscription with this endpoint; false when they had none. */
    async remove(userId: string, endpoint: string): Promise<boolean> {
      const removed = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      return removed.length > 0;
    },

    findByUser(userId: string): Promise<PushSubscriptionRow[]> {
      return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    },

    /** Drops subscriptions the push service called gone (404/410): the browser dropped them. */
    async prune(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, [...ids]));
    },

    async markDelivered(ids: readonly string[], now: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: now })
        .where(inArray(pushSubscriptions.id, [...ids]));
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
