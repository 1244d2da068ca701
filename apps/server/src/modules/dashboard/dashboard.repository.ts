import type { DatabaseHandle } from '../../db/client';
import { prepareStatement } from '../../db/statements';
import { type DashboardRow, dashboardRow, dashboardRowInUtc } from './sql/dashboard-row.sql';

export type { DashboardRow };

// 22023 invalid_parameter_value: 'time zone "…" not recognized'.
const isUnknownTimeZone = (error: unknown) =>
  (error as { code?: unknown }).code === '22023' && /time zone/i.test(String((error as { message?: unknown }).message));

export function createDashboardRepository(database: DatabaseHandle) {
  const inLearnersZone = prepareStatement(database, dashboardRow);
  const inUtc = prepareStatement(database, dashboardRowInUtc);
  return {
    /** Today's lesson sessions are counted up to `countUpTo` (the largest daily allowance that matters). */
    async findDashboardRow(userId: string, at: Date, countUpTo: number): Promise<DashboardRow | undefined> {
      const values = [userId, at.toISOString(), countUpTo];
      const [found] = await inLearnersZone(values).catch((error: unknown) => {
        if (isUnknownTimeZone(error)) return inUtc(values);
        throw error;
      });
      return found?.row;
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
