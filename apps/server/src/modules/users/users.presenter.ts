import type { Preferences } from '@parla/shared/preferences.schema';
import { daysBetween, type LocalDate } from '@parla/shared/streak';
import type { AuthUser, UserProfile } from '@parla/shared/users.schema';
import type { ProfileRow, UserRow } from '../learners/learners.repository';
import { presentStreak } from '../progress/progress.presenter';

/** The profile's streak columns, as the progress presenter reads them. */
const storedStreak = (profile: ProfileRow) => ({
  current_streak: profile.currentStreak,
  longest_streak: profile.longestStreak,
  last_active_date: profile.lastActiveDate,
  streak_freezes: profile.streakFreezes,
  vacation_start: profile.vacationStart,
  vacation_until: profile.vacationUntil,
});

// Explicit mapping: a new column (a password hash!) never leaves the server by accident.
/** `today` (the learner's local date) turns a lapsed streak into 0 for display. */
export function presentProfile(profile: ProfileRow, today?: LocalDate): UserProfile {
  return {
    user_id: profile.userId,
    native_language: profile.nativeLanguage,
    target_language: profile.targetLanguage,
    proficiency: profile.proficiency,
    learning_styles: profile.learningStyles,
    goals: profile.goals,
    timezone: profile.timezone,
    interface_language: profile.interfaceLanguage,
    theme: profile.theme,
    wants_grammar_explanations: profile.wantsGrammarExplanations,
    profile_completed: profile.profileCompleted,
    total_xp: profile.totalXp,
    current_streak: today ? presentStreak(storedStreak(profile), today).current : profile.currentStreak,
    lessons_completed: profile.lessonsCompleted,
    updated_at: profile.updatedAt.toISOString(),
  };
}

export function presentAuthUser(user: UserRow, profile: ProfileRow): AuthUser {
  return {
    id: user.id,
    username: user.email,
    email: user.email,
    full_name: user.fullName,
    native_language: profile.nativeLanguage,
    learning_goal: profile.goals[0] ?? null,
    learning_style: profile.learningStyles[0] ?? null,
    proficiency_level: profile.proficiency,
    wants_grammar_explanations: profile.wantsGrammarExplanations,
    created_at: user.createdAt.toISOString(),
  };
}

/** A vacation that is over reads as none (the stored days stay, for the streak's history). */
export function presentPreferences(profile: ProfileRow, today: LocalDate, pushAvailable: boolean): Preferences {
  const { vacationStart: start, vacationUntil: until } = profile;
  return {
    interface_language: profile.interfaceLanguage,
    theme: profile.theme,
    notifications: { in_app: profile.notifyInApp, email: profile.notifyEmail, push: pushAvailable && profile.notifyPush },
    push_available: pushAvailable,
    reminder_time: profile.reminderTime,
    daily_goal_xp: profile.dailyGoalXp,
    timezone: profile.timezone,
    vacation: start && until && daysBetween(today, until as LocalDate) >= 0 ? { start, until } : null,
    private_profile: profile.isPrivate,
    updated_at: profile.updatedAt.toISOString(),
  };
}
