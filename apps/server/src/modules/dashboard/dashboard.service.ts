import { ACHIEVEMENTS } from '@parla/shared/achievements';
import type { NativeLanguage } from '@parla/shared/content.schema';
import type { DashboardResponse } from '@parla/shared/dashboard.schema';
import { AppError } from '@parla/shared/errors';
import { type LocalDate, startOfNextLocalDay } from '@parla/shared/streak';
import type { Clock } from '../../lib/clock';
import type { CatalogueService } from '../catalogue/catalogue.service';
import { entitlementsOf, LESSON_SESSIONS_WORTH_COUNTING } from '../learners/entitlements';
import { presentDailyGoal, presentLevel, presentStreak } from '../progress/progress.presenter';
import type { DashboardRepository } from './dashboard.repository';

const DAY_MS = 86_400_000;

/** The last seven local dates, oldest first, ending today. */
function lastSevenDays(today: LocalDate): readonly LocalDate[] {
  const [year, month, day] = today.split('-').map(Number);
  const end = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1);
  return Array.from({ length: 7 }, (_, index) => new Date(end - (6 - index) * DAY_MS).toISOString().slice(0, 10) as LocalDate);
}

// Nearly every learner has one of two or three "todays" (time zones either side of midnight), so
// the weeks are remembered instead of formatting seven dates on every read.
const weeks = new Map<LocalDate, readonly LocalDate[]>();
function weekEnding(today: LocalDate): readonly LocalDate[] {
  let week = weeks.get(today);
  if (!week) {
    if (weeks.size >= 8) weeks.clear();
    week = lastSevenDays(today);
    weeks.set(today, week);
  }
  return week;
}

/** Everything the dashboard shows, read in one request. */
export function createDashboardService({
  repo,
  catalogue,
  clock,
}: {
  repo: DashboardRepository;
  catalogue: CatalogueService;
  clock: Clock;
}) {
  return {
    async getDashboard(userId: string): Promise<DashboardResponse> {
      const row = await repo.findDashboardRow(userId, clock.now(), LESSON_SESSIONS_WORTH_COUNTING);
      if (!row) throw new AppError('token_invalid', 'This account no longer exists.');
      const today = row.today as LocalDate;
      const byDate = new Map(row.week.map((day) => [day.date, day]));
      const xpToday = byDate.get(today)?.xp ?? 0;
      const { plan, lessonSessionsPerDay } = entitlementsOf(row);
      const native = row.native_language as NativeLanguage;
      const scores = new Map(row.completed.map((lesson) => [lesson.id, lesson.best_score]));
      const earned = new Map(row.achievements.map((achievement) => [achievement.id, achievement.earned_at_ms]));
      const streak = presentStreak(row, today);
      return {
        full_name: row.full_name,
        course: row.target_language as DashboardResponse['course'],
        native_language: row.native_language as DashboardResponse['native_language'],
        total_xp: row.total_xp,
        ...presentLevel(row.total_xp),
        current_streak: streak.current,
        streak,
        lessons_completed: row.lessons_completed,
        ...presentDailyGoal(xpToday, row.daily_goal_xp),
        lessons_left_today: lessonSessionsPerDay === null ? null : Math.max(0, lessonSessionsPerDay - row.sessions_today),
        plan,
        resets_at: startOfNextLocalDay(clock.now(), row.time_zone).toISOString(),
        unfinished_today: row.unfinished_today,
        continue_learning: catalogue.nextLessons(native, new Set(scores.keys())),
        review_lessons: catalogue.reviewLessons(native, scores),
        achievements: ACHIEVEMENTS.map((achievement) => {
          const earnedAt = earned.get(achievement.id);
          return {
            id: achievement.id,
            icon: achievement.icon,
            earned: earnedAt !== undefined,
            earned_at: earnedAt === undefined ? null : new Date(earnedAt).toISOString(),
          };
        }),
        week: weekEnding(today).map((date) => ({
          date,
          xp: byDate.get(date)?.xp ?? 0,
          lessons: byDate.get(date)?.lessons ?? 0,
        })),
      };
    },
  };
}
