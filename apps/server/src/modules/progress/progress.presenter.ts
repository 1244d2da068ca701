import { levelFromXp, levelProgressPercent, xpToNextLevel } from '@parla/shared/levels';
import { dailyGoalPercent } from '@parla/shared/scoring';
import { currentStreak, type LocalDate } from '@parla/shared/streak';

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

/** The streak as shown on `today`: a streak whose last active day is before yesterday has ended. */
export function presentStreak(stored: { currentStreak: number; lastActiveDate: string | null }, today: LocalDate): number {
  return currentStreak({ current: stored.currentStreak, lastActiveDate: stored.lastActiveDate as LocalDate | null }, today);
}

/** Today's XP against the daily goal. */
export function presentDailyGoal(xpToday: number, dailyGoalXp: number) {
  return { daily_goal_xp: dailyGoalXp, xp_today: xpToday, daily_goal_percent: dailyGoalPercent(xpToday, dailyGoalXp) };
}
