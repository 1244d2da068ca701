import { isNativeLanguage, type NativeLanguage, type TargetLanguage } from '@parla/shared/content.schema';
import { AppError } from '@parla/shared/errors';
import { type LocalDate, localDate } from '@parla/shared/streak';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { type Entitlements, entitlementsOf } from './entitlements';
import type { LearnersRepository, ProfileRow, UserRow } from './learners.repository';

/** The signed-in learner as every module sees them. */
export interface Learner {
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
  /** The rows behind it, for the callers that present or change them. */
  user: UserRow;
  profile: ProfileRow;
}

export function createLearnersService({ repo, clock }: { repo: LearnersRepository; clock: Clock }) {
  return {
    /** The learner, or the 401 that ends a session whose account was deleted. Pass `tx` inside a transaction. */
    async requireLearner(userId: string, tx?: Database): Promise<Learner> {
      const found = await repo.findLearner(userId, tx);
      // A valid token for a deleted account: the session is over.
      if (!found) throw new AppError('token_invalid', 'This account no longer exists.');
      const { user, profile } = found;
      const entitlements = entitlementsOf(user);
      return {
        userId: user.id,
        nativeLanguage: profile.nativeLanguage,
        textLanguage: isNativeLanguage(profile.interfaceLanguage) ? profile.interfaceLanguage : profile.nativeLanguage,
        targetLanguage: profile.targetLanguage,
        timeZone: profile.timezone,
        today: localDate(clock.now(), profile.timezone),
        entitlements,
        user,
        profile,
      };
    },
  };
}

export type LearnersService = ReturnType<typeof createLearnersService>;
