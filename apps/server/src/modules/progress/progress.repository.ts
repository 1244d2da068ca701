import type { DatabaseHandle, PreparedStatement, StatementValue } from '../../db/client';
import { prepareStatement } from '../../db/statements';
import { progressSkillsRow } from './sql/progress-skills.sql';
import { type ProgressSummaryRow, progressSummaryRow, progressSummaryRowInUtc } from './sql/progress-summary.sql';
import { type ProgressWeeklyRow, progressWeeklyRow, progressWeeklyRowInUtc } from './sql/progress-weekly.sql';

export type { ProgressSummaryRow, ProgressWeeklyRow };

// 22023 invalid_parameter_value: 'time zone "…" not recognized'.
const isUnknownTimeZone = (error: unknown) =>
  (error as { code?: unknown }).code === '22023' && /time zone/i.test(String((error as { message?: unknown }).message));

/** Runs the statement in the learner's zone, or in UTC when the database does not know the stored one. */
function inLearnersZone<Row>(own: PreparedStatement<{ row: Row }>, utc: PreparedStatement<{ row: Row }>) {
  return async (values: readonly StatementValue[]): Promise<Row | undefined> => {
    const [found] = await own(values).catch((error: unknown) => {
      if (isUnknownTimeZone(error)) return utc(values);
      throw error;
    });
    return found?.row;
  };
}

/** What the progress screen reads: each read is one statement. */
export function createProgressRepository(database: DatabaseHandle) {
  const summary = inLearnersZone(
    prepareStatement(database, progressSummaryRow),
    prepareStatement(database, progressSummaryRowInUtc),
  );
  const weekly = inLearnersZone(
    prepareStatement(database, progressWeeklyRow),
    prepareStatement(database, progressWeeklyRowInUtc),
  );
  const skills = prepareStatement(database, progressSkillsRow);
  return {
    findSummary: (userId: string, at: Date) => summary([userId, at.toISOString()]),
    findWeekly: (userId: string, at: Date) => weekly([userId, at.toISOString()]),
    async findSkills(userId: string) {
      const [found] = await skills([userId]);
      return found?.row;
    },
  };
}

export type ProgressRepository = ReturnType<typeof createProgressRepository>;
