import { AppError } from '@parla/shared/errors';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema/index';
import type { Clock } from '../lib/clock';

/** A 429 that tells the client when to come back (the error handler sets Retry-After). */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', 'Too many attempts. Please wait a moment and try again.');
  }
}

/**
 * Fixed-window counters. `blockedFor` asks before doing expensive work; `hit` counts an
 * attempt. Stored in PostgreSQL by default and in Redis when configured, so replicas share them.
 */
export interface RateLimiter {
  /** Seconds until the key may try again, or 0 when it is under the limit. */
  blockedFor(key: string, limit: number): Promise<number>;
  hit(key: string, windowSeconds: number): Promise<void>;
  reset(key: string): Promise<void>;
}

export function createDatabaseRateLimiter(db: Database, clock: Clock): RateLimiter {
  return {
    async blockedFor(key, limit) {
      const [row] = await db.select().from(rateLimits).where(sql`${rateLimits.key} = ${key}`);
      const now = clock.now().getTime();
      if (!row || row.resetAt.getTime() <= now || row.count < limit) return 0;
      return Math.max(1, Math.ceil((row.resetAt.getTime() - now) / 1000));
    },
    async hit(key, windowSeconds) {
      const now = clock.now();
      const resetAt = new Date(now.getTime() + windowSeconds * 1000);
      await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
          },
        });
      // Expired windows are dead weight; sweeping on a small share of hits keeps the table small.
      if (Math.random() < 0.01) await db.delete(rateLimits).where(sql`${rateLimits.resetAt} < ${now.toISOString()}::timestamptz`);
    },
    async reset(key) {
      await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
    },
  };
}

export function createRedisRateLimiter(redis: Redis, prefix = 'parla:rl:'): RateLimiter {
  return {
    async blockedFor(key, limit) {
      const [count, ttl] = await redis
        .multi()
        .get(prefix + key)
        .pttl(prefix + key)
        .exec()
        .then((replies) => replies?.map(([, value]) => value) ?? []);
      if (Number(count ?? 0) < limit || Number(ttl) <= 0) return 0;
      return Math.max(1, Math.ceil(Number(ttl) / 1000));
    },
    async hit(key, windowSeconds) {
      await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowSeconds * 1000, 'NX')
        .exec();
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
