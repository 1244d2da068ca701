import { z } from 'zod';
import { defineStatement } from '../../../db/statements';

/**
 * The learner's last seven local days from the ledger's day rows (daily_activity, by its key):
 * today is the date at $2 in the learner's zone, and the days before it are counted in dates, so
 * a day that is 23 or 25 hours long (a DST change) is still one day.
 */
const weeklySql = (timeZone: string) => `
  select ${timeZone} as time_zone, t.today::text as today,
         (select coalesce(json_agg(json_build_object('date', d.local_date::text, 'xp', d.xp, 'lessons', d.lessons,
                                                     'practices', d.practices)), '[]'::json)
            from daily_activity d where d.user_id = p.user_id and d.local_date between t.today - 6 and t.today) as days
    from profiles p
   cross join lateral (select ($2 at time zone ${timeZone})::date as today offset 0) t
   where p.user_id = $1`;

const WeeklyRowSchema = z.object({
  time_zone: z.string(),
  today: z.string(),
  days: z.array(z.object({ date: z.string(), xp: z.number().int(), lessons: z.number().int(), practices: z.number().int() })),
});
export type ProgressWeeklyRow = z.infer<typeof WeeklyRowSchema>;

const define = (name: string, timeZone: string) =>
  defineStatement({
    name,
    params: ['uuid', 'timestamptz'],
    row: z.object({ row: WeeklyRowSchema }),
    text: `select row_to_json(weekly) as row from (${weeklySql(timeZone)}) weekly`,
  });

export const progressWeeklyRow = define('progress_weekly_row', 'p.timezone');
export const progressWeeklyRowInUtc = define('progress_weekly_row_utc', "'UTC'");
