import { AppError } from '@parla/shared/errors';
import type { GetHealthResponse } from '@parla/shared/health.schema';
import type { DatabaseHandle } from '../../db/client';

const PING_TIMEOUT_MS = 2_000;

export function createHealthService({ database, version }: { database: DatabaseHandle; version: string }) {
  return {
    /** Asks the database every time: a pool that lost its server recovers on its own, and this shows it. */
    async checkHealth(): Promise<GetHealthResponse> {
      try {
        await database.ping(PING_TIMEOUT_MS);
      } catch (cause) {
        throw new AppError('database_unavailable', 'The database is not answering.', undefined, { cause });
      }
      return { status: 'ok', database: 'ok', version };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
