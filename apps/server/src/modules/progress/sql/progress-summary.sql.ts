import { z } from 'zod';
import { defineStatement } from '../../../db/statements';

/**
 * The progress overview in one round trip: the learner's totals (profile), today's local date and
 * the month it falls in, the month's XP, lessons and active days (daily_activity, by its key), the
 * lessons finished in the current course (lesson_progress, by its key) and those first finished
 * this month (the learner's finished lesson sessions, by the (user_id, local_date, lesson_id) index), and
 * the achievements earned (modules/achievements' rows, by their key).
 */
const summarySql = (timeZone: string) => `
  select p.native_language, p.target_language, p.total_xp, p.current_streak, p.longest_streak, p.lessons_completed,
         p.last_active_date::text as last_active_date,
         p.streak_freezes, p.vacation_start::text as vacation_start, p.vacation_until::text as vacation_until, p.daily_goal_xp, t.today::text as today,
         t.month_start::text as month_start, ((t.month_start + interval '1 month')::date - t.month_start) as month_days,
         m.xp as month_xp, m.lessons as month_lessons, m.active_days as month_active_days,
         (select count(*)::int from achievements a where a.user_id = p.user_id) as awards,
         (select coalesce(json_agg(lp.lesson_id), '[]'::json) from lesson_progress lp
           where lp.user_id = p.user_id and lp.course = p.target_language and lp.completions > 0) as completed,
         (select coalesce(json_agg(f.lesson_id), '[]'::json)
            from (select s.lesson_id from lesson_sessions s
                   where s.user_id = p.user_id and s.kind = 'lesson' and s.course = p.target_language
                     and s.completed_at is not null
                   group by s.lesson_id
                  having min(s.local_date) >= t.month_start) f) as first_completed_this_month
    from profiles p
   cross join lateral (select today, date_trunc('month', today)::date as month_start
                         from (select ($2 at time zone ${timeZone})::date as today offset 0) d) t
   cross join lateral (select coalesce(sum(d.xp), 0)::int as xp, coalesce(sum(d.lessons), 0)::int as lessons,
                              count(*) filter (where d.xp > 0 or d.lessons > 0 or d.practices > 0)::int as active_days
                         from daily_activity d
                        where d.user_id = p.user_id and d.local_date between t.month_start and t.today) m
   where p.user_id = $1`;

const SummaryRowSchema = z.object({
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
  month_start: z.string(),
  month_days: z.number().int(),
  month_xp: z.number().int(),
  month_lessons: z.number().int(),
  month_active_days: z.number().int(),
  awards: z.number().int(),
  /** Lessons of the current course finished at least once. */
  completed: z.array(z.string()),
  /** Lessons of the current course whose first finished session is in this month. */
  first_completed_this_month: z.array(z.string()),
});
export type ProgressSummaryRow = z.infer<typeof SummaryRowSchema>;

const define = (name: string, timeZone: string) =>
  defineStatement({
    name,
    params: ['uuid', 'timestamptz'],
    row: z.object({ row: SummaryRowSchema }),
    text: `select row_to_json(summary) as row from (${summarySql(timeZone)}) summary`,
  });

export const progressSummaryRow = define('progress_summary_row', 'p.timezone');
/** A stored zone the database does not know: that learner's days are UTC's (as on the dashboard). */
export const progressSummaryRowInUtc = define('progress_summary_row_utc', "'UTC'");
