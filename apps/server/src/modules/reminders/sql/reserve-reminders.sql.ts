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
 * - a streak to lose: at least one day, last practised on their local yesterday (the streak is
 *   alive today and ends at local midnight without a lesson or practice);
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
 * `last_active_date` is first narrowed to the three dates a local yesterday can be (UTC's date
 * minus 2 to UTC's date), so most profiles are ruled out before any zone arithmetic.
 */
export const reserveReminders = defineStatement({
  name: 'reserve_reminders',
  params: ['timestamptz', 'jsonb', 'int'],
  row: ReservedReminderSchema,
  text: `
  with known_zone as (
    select jsonb_array_elements_text($2::jsonb) as name
  ), learner as (
    select p.user_id, p.current_streak, p.last_active_date, p.reminder_time, p.vacation_start, p.vacation_until,
           ($1::timestamptz at time zone coalesce(k.name, 'UTC')) as local_at
      from profiles p
      left join known_zone k on k.name = p.timezone
     where p.current_streak >= 1
       and p.last_active_date between ($1::timestamptz at time zone 'UTC')::date - 2 and ($1::timestamptz at time zone 'UTC')::date
       and (p.notify_in_app or p.notify_email or p.notify_push)
  ), due as (
    select l.user_id, l.local_at::date as today, l.current_streak
      from learner l
     where l.last_active_date = l.local_at::date - 1
       and l.local_at::time >= l.reminder_time::time
       and not (l.vacation_start is not null
                and l.local_at::date between l.vacation_start and coalesce(l.vacation_until, l.vacation_start))
       and not exists (select from daily_activity d where d.user_id = l.user_id and d.local_date = l.local_at::date)
       and not exists (select from reminder_deliveries r where r.user_id = l.user_id and r.local_date = l.local_at::date)
     order by l.user_id
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
