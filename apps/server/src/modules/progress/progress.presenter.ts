import { levelFromXp, levelProgressPercent, xpToNextLevel } from '@parla/shared/levels';
import { dailyGoalPercent } from '@parla/shared/scoring';
import { daysBetween, type LocalDate, MAX_STREAK_FREEZES, streakPause, streakStatus } from '@parla/shared/streak';
import type { Streak } from '@parla/shared/streak.schema';

// How every screen reads what the ledger wrote (ADR 017): the profile's totals and the day's XP,
// turned into a level, a streak as of today and the daily goal, the same way everywhere.

/** The level, the XP to the next one and how far into it the learner is. */
export function presentLevel(totalXp: number) {
  return {
    level: levelFromXp(totalXp),
    xp_to_next_level: xpToNextLevel(totalXp),
    level_progress_percent: levelProgressPercent(totalXp),
  };
}

/** A learner's stored streak columns. */
export interface StoredStreak {
  current_streak: number;
  longest_streak: number;
  last_active_date: string | null;
  streak_freezes: number;
  vacation_start: string | null;
  vacation_until: string | null;
}

/**
 * The streak as shown on `today`: alive while the days missed since the last activity fall in the
 * vacation or take a freeze each (packages/shared/src/streak.ts), with the freezes left.
 */
export function presentStreak(stored: StoredStreak, today: LocalDate): Streak {
  const vacation = streakPause(stored.vacation_start, stored.vacation_until);
  const status = streakStatus(
    {
      current: stored.current_streak,
      lastActiveDate: stored.last_active_date as LocalDate | null,
      freezes: stored.streak_freezes,
    },
    today,
    vacation,
  );
  return {
    current: status.current,
    longest: stored.longest_streak,
    freezes: status.freezes,
    max_freezes: MAX_STREAK_FREEZES,
    frozen_days: status.frozenDays,
    on_vacation: status.onVacation,
    // A vacation that is over reads as none (its days still count for the streak).
    vacation: vacation && daysBetween(today, vacation.until) >= 0 ? vacation : null,
  };
}

/** Today's XP against the daily goal. */
export function presentDailyGoal(xpToday: number, dailyGoalXp: number) {
  return { daily_goal_xp: dailyGoalXp, xp_today: xpToday, daily_goal_percent: dailyGoalPercent(xpToday, dailyGoalXp) };
}
