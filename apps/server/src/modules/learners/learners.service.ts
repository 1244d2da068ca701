import { isNativeLanguage, type NativeLanguage, type TargetLanguage } from '@parla/shared/content.schema';
import { AppError } from '@parla/shared/errors';
import { type LocalDate, localDate } from '@parla/shared/streak';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { type Entitlements, entitlementsOf } from './entitlements';
import type { LearnersRepository, ProfileRow, UserRow } from './learners.repository';
import type { LearnerColumns } from './sql/learner-columns';

/** The signed-in learner as every module sees them (`LearnerBasics` and the rows behind it). */
export interface LearnerBasics {
  userId: string;
  nativeLanguage: NativeLanguage;
  /**
   * The language the server writes the learner's texts in (instructions, prompts, explanations,
   * hints): their interface language, so a screen speaks one language (issue 14), when the server
   * writes it (the ten native languages); otherwise their native language, which they read.
   */
  textLanguage: NativeLanguage;
  /** The course being learnt. */
  targetLanguage: TargetLanguage;
  timeZone: string;
  /** The learner's local date now, in their time zone. */
  today: LocalDate;
  /** The plan and what it allows (entitlements.plan is the plan). */
  entitlements: Entitlements;
}

export interface Learner extends LearnerBasics {
  /** The rows behind it, for the callers that present or change them. */
  user: UserRow;
  profile: ProfileRow;
}

/** The answer to a valid token whose account was deleted: the session is over (401). */
export const learnerGone = () => new AppError('token_invalid', 'This account no longer exists.');

/**
 * The one place stored columns become a learner: requireLearner's rows, or the columns a hot
 * statement read with its own data (learners/sql/learner-columns.ts).
 */
export function learnerOf(userId: string, columns: LearnerColumns, now: Date): LearnerBasics {
  const native = columns.learner_native_language as NativeLanguage;
  const timeZone = columns.learner_timezone;
  return {
    userId,
    nativeLanguage: native,
    textLanguage: isNativeLanguage(columns.learner_interface_language) ? columns.learner_interface_language : native,
    targetLanguage: columns.learner_target_language as TargetLanguage,
    timeZone,
    today: localDate(now, timeZone),
    entitlements: entitlementsOf({ plan: columns.learner_plan }),
  };
}

export function createLearnersService({ repo, clock }: { repo: LearnersRepository; clock: Clock }) {
  return {
    /** The learner, or the 401 that ends a session whose account was deleted. Pass `tx` inside a transaction. */
    async requireLearner(userId: string, tx?: Database): Promise<Learner> {
      const found = await repo.findLearner(userId, tx);
      // A valid token for a deleted account: the session is over.
      if (!found) throw learnerGone();
      const { user, profile } = found;
      const columns: LearnerColumns = {
        learner_plan: user.plan,
        learner_native_language: profile.nativeLanguage,
        learner_interface_language: profile.interfaceLanguage ?? null,
        learner_target_language: profile.targetLanguage,
        learner_timezone: profile.timezone,
      };
      return { ...learnerOf(user.id, columns, clock.now()), user, profile };
    },
  };
}

export type LearnersService = ReturnType<typeof createLearnersService>;
