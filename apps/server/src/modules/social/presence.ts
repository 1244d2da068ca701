import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { SocialRepository } from './social.repository';

/** A learner's presence is written at most this often, by each replica. */
export const PRESENCE_WRITE_INTERVAL_MS = 60_000;
/** Past this many learners remembered, those not seen within the interval are forgotten. */
const REMEMBERED_MAX = 50_000;

/**
 * "Online" and "last seen" (friends, suggestions) come from `profiles.last_seen_at`: the last
 * signed-in request, whatever it was. A request notes its learner after the answer is sent; the
 * note is written at most once a minute per learner and replica (remembered here, in memory, so
 * the requests between cost nothing) and the statement skips a write another replica made within
 * the minute. A lost write (a crash, a failing database) only makes someone look idle a little
 * early. Sign-in itself is not a signed-in request; the app's first call after it is.
 */
export function createPresence({
  repo,
  clock,
  logger,
}: {
  repo: Pick<SocialRepository, 'touchPresence'>;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const lastWritten = new Map<string, number>();
  const pending = new Set<Promise<unknown>>();

  const forgetOld = (now: number) => {
    for (const [userId, at] of lastWritten) if (now - at >= PRESENCE_WRITE_INTERVAL_MS) lastWritten.delete(userId);
    // Everyone seen within the minute: forget them all (each costs one write more, at worst).
    if (lastWritten.size >= REMEMBERED_MAX) lastWritten.clear();
  };

  return {
    /** Notes that the learner used the app now (returns at once; the write, if due, runs meanwhile). */
    seen(userId: string): void {
      const now = clock.now();
      const previous = lastWritten.get(userId);
      if (previous !== undefined && Math.abs(now.getTime() - previous) < PRESENCE_WRITE_INTERVAL_MS) return;
      if (previous === undefined && lastWritten.size >= REMEMBERED_MAX) forgetOld(now.getTime());
      lastWritten.set(userId, now.getTime());
      const write = repo
        .touchPresence(userId, now)
        .catch((error: unknown) => {
          lastWritten.delete(userId);
          logger.warn({ err: error }, 'could not record a learner’s presence');
        })
        .finally(() => pending.delete(write));
      pending.add(write);
    },

    /** Resolves when the writes under way have finished (before the database closes; tests). */
    async settle(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

export type Presence = ReturnType<typeof createPresence>;
