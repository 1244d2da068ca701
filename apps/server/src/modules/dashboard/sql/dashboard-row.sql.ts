import { z } from 'zod';
import { defineStatement } from '../../../db/statements';

/**
 * Everything the dashboard needs in one round trip: the learner, today's local date, lesson
 * sessions started today (and those unfinished), the lessons completed in the current course with
 * their best scores, the last 7 days and the achievements earned.
 * Prepared: planning this statement costs three times as much as running it. (`offset 0` keeps
 * the planner from copying the time-zone conversion into every subquery: 25 % faster.)
 */
const dashboardRowSql = (timeZone: string) => `
  select u.plan, u.full_name, p.native_language, p.target_language, p.total_xp, p.current_streak, p.longest_streak,
         p.lessons_completed, p.last_active_date::text as last_active_date,
         p.streak_freezes, p.vacation_start::text as vacation_start, p.vacation_until::text as vacation_until, p.daily_goal_xp, t.today::text as today,
         ${timeZone} as time_zone,
         -- Counted only as far as any plan's allowance goes ($3): what the plan allows is the service's business.
         (select count(*)::int from (select from lesson_sessions s
            where s.user_id = u.id and s.local_date = t.today and s.kind = 'lesson' limit $3) counted) as sessions_today,
         (select coalesce(json_agg(json_build_object('id', lp.lesson_id, 'best_score', lp.best_score)), '[]'::json)
            from lesson_progress lp
           where lp.user_id = u.id and lp.course = p.target_language and lp.completions > 0) as completed,
         (select coalesce(json_agg(distinct s.lesson_id), '[]'::json) from lesson_sessions s
           where s.user_id = u.id and s.course = p.target_language and s.local_date = t.today and s.kind = 'lesson'
             and s.completed_at is null) as unfinished_today,
         (select coalesce(json_agg(json_build_object('date', d.local_date::text, 'xp', d.xp, 'lessons', d.lessons)), '[]'::json)
            from daily_activity d where d.user_id = u.id and d.local_date between t.today - 6 and t.today) as week,
         (select coalesce(json_agg(json_build_object('id', a.achievement_id,
                                                     'earned_at_ms', (extract(epoch from a.earned_at) * 1000)::float8)), '[]'::json)
            from achievements a where a.user_id = u.id) as achievements
    from users u
    join profiles p on p.user_id = u.id
    cross join lateral (select ($2 at time zone ${timeZone})::date as today offset 0) t
   where u.id = $1`;

const DashboardRowSchema = z.object({
  plan: z.string(),
  full_name: z.string(),
  native_language: z.string(),
  target_language: z.string(),
  total_xp: z.number().int(),
  current_streak: z.number().int(),
  longest_streak: z.number().int(),
  lessons_completed: z.number().int(),
  last_active_date: z.string().nullable(),
  streak_freezes: z.number().int(),
  vacation_start: z.string().nullable(),
  vacation_until: z.string().nullable(),
  daily_goal_xp: z.number().int(),
  today: z.string(),
  /** The zone the day was read in: the profile's, or UTC when the database does not know it. */
  time_zone: z.string(),
  /** Lesson sessions started today, counted only up to the limit the caller passes. */
  sessions_today: z.number().int(),
  completed: z.array(z.object({ id: z.string(), best_score: z.number().int() })),
  unfinished_today: z.array(z.string()),
  week: z.array(z.object({ date: z.string(), xp: z.number().int(), lessons: z.number().int() })),
  /** The achievements earned (modules/achievements stores them), with when. */
  achievements: z.array(z.object({ id: z.string(), earned_at_ms: z.number() })),
});
export type DashboardRow = z.infer<typeof DashboardRowSchema>;

// The row as one JSON value: one JSON.parse in the driver instead of a parser per column.
const define = (name: string, timeZone: string) =>
  defineStatement({
    name,
    params: ['uuid', 'timestamptz', 'int'],
    row: z.object({ row: DashboardRowSchema }),
    text: `select row_to_json(dashboard) as row from (${dashboardRowSql(timeZone)}) dashboard`,
  });

export const dashboardRow = define('dashboard_row', 'p.timezone');
/**
 * A stored zone this database does not know (saved before profiles were checked, or dropped from
 * its tzdata since) must not fail every dashboard read: that learner's day is UTC's.
 */
export const dashboardRowInUtc = define('dashboard_row_utc', "'UTC'");
