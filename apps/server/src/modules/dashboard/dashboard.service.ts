import type { NativeLanguage } from '@parla/shared/content.schema';
import { ACHIEVEMENTS, type DashboardResponse } from '@parla/shared/dashboard.schema';
import { AppError } from '@parla/shared/errors';
import type { LocalDate } from '@parla/shared/streak';
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
      const reached = { lessons: row.lessons_completed, streak: row.longest_streak, xp: row.total_xp };
      return {
        full_name: row.full_name,
        course: row.target_language as DashboardResponse['course'],
        native_language: row.native_language as DashboardResponse['native_language'],
        total_xp: row.total_xp,
        ...presentLevel(row.total_xp),
        current_streak: presentStreak({ currentStreak: row.current_streak, lastActiveDate: row.last_active_date }, today),
        lessons_completed: row.lessons_completed,
        ...presentDailyGoal(xpToday, row.daily_goal_xp),
        lessons_left_today: lessonSessionsPerDay === null ? null : Math.max(0, lessonSessionsPerDay - row.sessions_today),
        plan,
        continue_learning: catalogue.nextLessons(row.native_language as NativeLanguage, new Set(row.completed)),
        achievements: ACHIEVEMENTS.map((achievement) => ({
          id: achievement.id,
          icon: achievement.icon,
          earned: reached[achievement.metric] >= achievement.threshold,
        })),
        week: weekEnding(today).map((date) => ({
          date,
          xp: byDate.get(date)?.xp ?? 0,
          lessons: byDate.get(date)?.lessons ?? 0,
        })),
      };
    },
  };
}
