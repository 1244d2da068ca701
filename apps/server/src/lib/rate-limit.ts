import { AppError } from '@parla/shared/errors';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema/index';
import type { Clock } from './clock';

/** A 429 that tells the client when to come back (the error handler sets Retry-After). */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    detail = 'Too many attempts. Please wait a moment and try again.',
  ) {
    super('rate_limited', detail);
  }
}

export interface Limit {
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters that reserve before the work they guard: `consume` counts the attempt
 * and answers in one atomic step (one upsert, or one Redis transaction), so fifty requests
 * arriving together cannot all read "under the limit" before any of them is counted.
 * Stored in PostgreSQL by default and in Redis when configured, so replicas share them.
 */
export interface RateLimiter {
  /** Counts one attempt; 0 when it is within the limit, else the seconds until the window ends. */
  consume(key: string, limit: Limit): Promise<number>;
  /** Gives back one attempt that turned out not to count (e.g. a sign-in that succeeded). */
  refund(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/** Counts one attempt and throws a 429 when it is over the limit. */
export async function spendOrThrow(limiter: RateLimiter, key: string, limit: Limit): Promise<void> {
  const retryAfter = await limiter.consume(key, limit);
  if (retryAfter > 0) throw new RateLimitedError(retryAfter);
}

export function createDatabaseRateLimiter(db: Database, clock: Clock): RateLimiter {
  return {
    async consume(key, { limit, windowSeconds }) {
      const now = clock.now();
      const nowText = now.toISOString();
      const resetAt = new Date(now.getTime() + windowSeconds * 1000);
      // One statement: a concurrent attempt waits on the row lock and sees this one's count.
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.resetAt} <= ${nowText}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= ${nowText}::timestamptz then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
      // Expired windows are dead weight; sweeping on a small share of attempts keeps the table small.
      if (Math.random() < 0.01) await db.delete(rateLimits).where(sql`${rateLimits.resetAt} < ${nowText}::timestamptz`);
      if (!row || row.count <= limit) return 0;
      return Math.max(1, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000));
    },
    async refund(key) {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(sql`${rateLimits.key} = ${key}`);
    },
    async reset(key) {
      await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
    },
  };
}

export function createRedisRateLimiter(redis: Redis, prefix = 'parla:rl:'): RateLimiter {
  return {
    async consume(key, { limit, windowSeconds }) {
      const replies = await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowSeconds * 1000, 'NX')
        .pttl(prefix + key)
        .exec();
      const [count, , ttl] = (replies ?? []).map(([error, value]) => {
        if (error) throw error;
        return Number(value);
      });
      if (count === undefined || count <= limit) return 0;
      return Math.max(1, Math.ceil(Number(ttl ?? windowSeconds * 1000) / 1000));
    },
    async refund(key) {
      // Only an existing window is decremented, so a refund never creates a key without expiry.
      await redis.eval(
        "if redis.call('exists', KEYS[1]) == 1 and tonumber(redis.call('get', KEYS[1])) > 0 then return redis.call('decr', KEYS[1]) end return 0",
        1,
        prefix + key,
      );
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
