import { ACHIEVEMENTS, type DashboardResponse } from '@parla/shared/dashboard.schema';
import { AppError } from '@parla/shared/errors';
import { levelFromXp, levelProgressPercent, xpToNextLevel } from '@parla/shared/levels';
import { dailyGoalPercent } from '@parla/shared/scoring';
import { currentStreak, type LocalDate, localDate } from '@parla/shared/streak';
import type { Clock } from '../../lib/clock';
import type { LessonsRepository } from '../lessons/lessons.repository';
import { FREE_LESSON_SESSIONS_PER_DAY, type LessonsService } from '../lessons/lessons.service';

const DAY_MS = 86_400_000;

/** The last seven local dates, oldest first, ending today. */
function lastSevenDays(today: LocalDate): LocalDate[] {
  const [year, month, day] = today.split('-').map(Number);
  const end = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1);
  return Array.from({ length: 7 }, (_, index) => new Date(end - (6 - index) * DAY_MS).toISOString().slice(0, 10) as LocalDate);
}

/** Everything the dashboard shows, read in one request. */
export function createDashboardService({
  repo,
  lessons,
  clock,
}: {
  repo: LessonsRepository;
  lessons: LessonsService;
  clock: Clock;
}) {
  return {
    async getDashboard(userId: string): Promise<DashboardResponse> {
      const learner = await repo.findLearner(userId);
      if (!learner) throw new AppError('token_invalid', 'This account no longer exists.');
      const { profile } = learner;
      const today = localDate(clock.now(), profile.timezone);
      const days = lastSevenDays(today);
      const [activity, continueLearning, sessionsToday, user] = await Promise.all([
        repo.findActivity(userId, days[0] ?? today, today),
        lessons.recommended(userId),
        learner.plan === 'premium' ? Promise.resolve(0) : repo.countLessonSessionsOn(userId, today),
        repo.findUserName(userId),
      ]);
      const byDate = new Map(activity.map((row) => [row.localDate, row]));
      const xpToday = byDate.get(today)?.xp ?? 0;
      const streak = currentStreak(
        { current: profile.currentStreak, lastActiveDate: profile.lastActiveDate as LocalDate | null },
        today,
      );
      const reached = { lessons: profile.lessonsCompleted, streak: profile.longestStreak, xp: profile.totalXp };
      return {
        full_name: user ?? '',
        course: profile.targetLanguage as DashboardResponse['course'],
        native_language: profile.nativeLanguage as DashboardResponse['native_language'],
        total_xp: profile.totalXp,
        level: levelFromXp(profile.totalXp),
        xp_to_next_level: xpToNextLevel(profile.totalXp),
        level_progress_percent: levelProgressPercent(profile.totalXp),
        current_streak: streak,
        lessons_completed: profile.lessonsCompleted,
        daily_goal_xp: profile.dailyGoalXp,
        xp_today: xpToday,
        daily_goal_percent: dailyGoalPercent(xpToday, profile.dailyGoalXp),
        lessons_left_today: learner.plan === 'premium' ? null : Math.max(0, FREE_LESSON_SESSIONS_PER_DAY - sessionsToday),
        plan: learner.plan === 'premium' ? 'premium' : 'free',
        continue_learning: continueLearning,
        achievements: ACHIEVEMENTS.map((achievement) => ({
          id: achievement.id,
          icon: achievement.icon,
          earned: reached[achievement.metric] >= achievement.threshold,
        })),
        week: days.map((date) => ({ date, xp: byDate.get(date)?.xp ?? 0, lessons: byDate.get(date)?.lessons ?? 0 })),
      };
    },
  };
}
