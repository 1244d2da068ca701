import type { FastifyBaseLogger } from 'fastify';
import type { AuthRepository } from './auth.repository';

/** Revocations written this long before the newest one seen are read again: commits land out of order. */
const OVERLAP_MS = 5_000;
/** Every this many polls, rows no access token can need any more are deleted. */
const PRUNE_EVERY_POLLS = 60;

/**
 * Which session families have ended early, known to every replica without a query per request.
 * The replica that ends a session knows at once; the others read new revocations every
 * `pollMs` (ADR 013). A family is remembered for one access-token lifetime: after that every
 * access token of it has expired anyway.
 */
export function createSessionRevocations({
  repo,
  accessTokenSeconds,
  pollMs,
  logger,
}: {
  repo: AuthRepository;
  accessTokenSeconds: number;
  pollMs: number;
  logger: FastifyBaseLogger;
}) {
  /** Family id → when it was revoked (ms, the database's clock). */
  const revoked = new Map<string, number>();
  let newest: number | undefined;
  let polls = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  // Keeps memory bounded: a family is forgotten once its access tokens have all expired.
  const lifetimeMs = (accessTokenSeconds + 60) * 1000;

  function forgetOld(): void {
    if (newest === undefined) return;
    const horizon = newest - lifetimeMs;
    for (const [familyId, at] of revoked) if (at < horizon) revoked.delete(familyId);
  }

  async function poll(): Promise<void> {
    const since = newest === undefined ? undefined : new Date(newest - OVERLAP_MS);
    const rows = await repo.findRevocationsSince(since, accessTokenSeconds + 60);
    for (const row of rows) {
      const at = row.revokedAt.getTime();
      revoked.set(row.familyId, at);
      if (newest === undefined || at > newest) newest = at;
    }
    forgetOld();
    polls += 1;
    if (polls % PRUNE_EVERY_POLLS === 0) await repo.pruneRevocations(accessTokenSeconds + 60);
  }

  /** One poll at a time; a failed one (database away) is logged and the next tick tries again. */
  function refresh(): Promise<void> {
    running ??= poll()
      .catch((error: unknown) => logger.warn({ err: error }, 'could not read session revocations'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    isRevoked: (familyId: string): boolean => revoked.has(familyId),

    /** Called by the replica that ended the families, after its transaction committed. */
    add(familyIds: readonly string[]): void {
      const now = newest ?? Date.now();
      for (const familyId of familyIds) revoked.set(familyId, now);
    },

    /** Reads the revocations still relevant, then keeps reading new ones in the background. */
    async start(): Promise<void> {
      await refresh();
      timer = setInterval(() => void refresh(), pollMs);
      timer.unref();
    },

    refresh,

    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

export type SessionRevocations = ReturnType<typeof createSessionRevocations>;
