import { z } from 'zod';
import { defineStatement } from '../../../db/statements';

const ReservedReminderSchema = z.object({
  user_id: z.string(),
  /** The learner's local day (YYYY-MM-DD) the reminder is for. */
  local_date: z.string(),
  /** The streak at risk. */
  streak: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  interface_language: z.string().nullable(),
  native_language: z.string(),
  notify_in_app: z.boolean(),
  notify_email: z.boolean(),
  notify_push: z.boolean(),
});
export type ReservedReminder = z.infer<typeof ReservedReminderSchema>;

/**
 * Finds the learners a streak-at-risk reminder is due for and reserves it, in one statement:
 * - a streak to lose: at least one day, still alive today as packages/shared/src/streak.ts
 *   (`streakStatus`) says — the same rule set-based; reminders.test.ts holds the two to agreement
 *   over drawn cases: every day missed since the last lesson or practice, today aside and the
 *   vacation's days aside, can take one of the freezes held (none missed: last active yesterday);
 * - nothing practised today (no `daily_activity` row for their local today);
 * - their local time (in their zone: `at time zone`, so DST changes are PostgreSQL's business)
 *   has reached their reminder time;
 * - not on vacation today, and at least one channel (in-app, e-mail, push) on;
 * - no reminder reserved for that local day yet.
 * Up to $3 of them get a `reminder_deliveries` row; only the rows this statement inserted come
 * back (a concurrent tick, on this replica or another, that reached one first returns nothing
 * for it), with what the sending needs.
 *
 * $1: now; $2: the zones a profile may hold, as a JSON array (a stored zone outside it is read as
 * UTC, as the dashboard does, rather than failing every learner's reminder); $3: the batch size.
 * `last_active_date` is first narrowed to the dates an alive streak can have (UTC's date minus 20:
 * a local day is within a day of UTC's, plus 2 freezes and a 14-day vacation), so most profiles are
 * ruled out before any zone arithmetic.
 */
export const reserveReminders = defineStatement({
  name: 'reserve_reminders',
  params: ['timestamptz', 'jsonb', 'int'],
  row: ReservedReminderSchema,
  text: `
  with known_zone as (
    select jsonb_array_elements_text($2::jsonb) as name
  ), learner as (
    select p.user_id, p.current_streak, p.streak_freezes, p.last_active_date, p.reminder_time, p.vacation_start,
           coalesce(p.vacation_until, p.vacation_start) as vacation_until,
           ($1::timestamptz at time zone coalesce(k.name, 'UTC'))::timestamp as local_at
      from profiles p
      left join known_zone k on k.name = p.timezone
     where p.current_streak >= 1
       and p.last_active_date between ($1::timestamptz at time zone 'UTC')::date - 20 and ($1::timestamptz at time zone 'UTC')::date
       and (p.notify_in_app or p.notify_email or p.notify_push)
  ), learner_day as (
    select l.*, l.local_at::date as today from learner l
  ), missed as (
    -- Days strictly between the last activity and today, less those inside the vacation.
    select d.*,
           greatest(0, d.today - d.last_active_date - 1)
           - case when d.vacation_start is null then 0
                  else greatest(0, least(d.today - 1, d.vacation_until) - greatest(d.last_active_date + 1, d.vacation_start) + 1)
             end as missed_days
      from learner_day d
  ), due as (
    select m.user_id, m.today, m.current_streak
      from missed m
     where m.last_active_date < m.today
       and m.missed_days <= m.streak_freezes
       and m.local_at::time >= m.reminder_time::time
       and not (m.vacation_start is not null and m.today between m.vacation_start and m.vacation_until)
       and not exists (select from daily_activity a where a.user_id = m.user_id and a.local_date = m.today)
       and not exists (select from reminder_deliveries r where r.user_id = m.user_id and r.local_date = m.today)
     order by m.user_id
     limit $3
  ), reserved as (
    insert into reminder_deliveries (user_id, local_date, streak, created_at)
    select user_id, today, current_streak, $1::timestamptz from due
    on conflict (user_id, local_date) do nothing
    returning user_id, local_date, streak
  )
  select r.user_id, r.local_date::text as local_date, r.streak, u.email, u.full_name, p.interface_language,
         p.native_language, p.notify_in_app, p.notify_email, p.notify_push
    from reserved r
    join users u on u.id = r.user_id
    join profiles p on p.user_id = r.user_id
   order by r.user_id`,
});

/**
 * Reservations older than any local day can still be (UTC's date minus 2) are never met again.
 * Run by the tick that holds the scheduler's lock.
 */
export const pruneReminderDeliveries = defineStatement({
  name: 'prune_reminder_deliveries',
  params: ['timestamptz'],
  row: z.object({ pruned: z.number().int() }),
  text: `
  with pruned as (
    delete from reminder_deliveries where local_date < ($1::timestamptz at time zone 'UTC')::date - 3 returning 1
  )
  select count(*)::int as pruned from pruned`,
});
