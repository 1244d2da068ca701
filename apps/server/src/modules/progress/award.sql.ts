/**
 * The one place XP, lessons, practices, streaks, days and weeks are written (ADR 017). A producer
 * embeds these common table expressions in its own statement, so its change and the award are one
 * statement (one round trip, atomic without a transaction; ADR 009).
 *
 * The host statement defines, before them, `award_source(source_id text)`: the sources it may pay
 * for (e.g. its sessions that were still open, locked). `$events` and `$learners` are the
 * parameters holding planAwards()'s rows as JSON. A host that completes lessons names in `gain` its
 * CTE of `(user_id, perfect_lessons, words)`: the perfect completions and newly learned words its
 * lesson_progress write made, added to the profile's counters. After them the host may read:
 * - `progress_profile(user_id, total_xp, current_streak, longest_streak, lessons_completed,
 *   practices_completed, perfect_lessons, words_learned, daily_goal_xp)`: the new totals of every
 *   learner paid by this statement (the latest row, locked: exact even under concurrent writes);
 * - `progress_learner(user_id, at, …)`: per learner paid, the latest instant of its awards;
 * - `progress_day(user_id, local_date, xp)`: their day's new XP.
 *
 * Only the ledger rows actually inserted count: a source already paid (a retry, a concurrent
 * duplicate) adds nothing, whatever the caller believed. The streak (and the freezes held with
 * it) moves forward only: a learner whose stored last active day is already at or past this
 * batch's keeps their streak and freezes.
 */
export function awardCtes(eventsParam: string, learnersParam: string, { gain }: { gain?: string } = {}): string {
  const gained = gain
    ? `left join (select user_id, sum(perfect_lessons)::int as perfect_lessons, sum(words)::int as words
                    from ${gain} group by user_id) g on g.user_id = p.user_id`
    : 'left join (select null::uuid as user_id, 0 as perfect_lessons, 0 as words) g on false';
  return `
  award_event as (
    select e.*
      from jsonb_to_recordset(${eventsParam}::jsonb) as e(user_id uuid, source_kind text, source_id text, xp int,
             local_date date, at timestamptz, week_start date, lessons int, practices int)
      join award_source a on a.source_id = e.source_id
  ), xp_awarded as (
    insert into xp_events (user_id, source_kind, source_id, xp, local_date, created_at)
    select user_id, source_kind, source_id, xp, local_date, at from award_event
    on conflict do nothing
    returning user_id, source_kind, source_id
  ), paid as (
    select e.* from award_event e join xp_awarded x using (user_id, source_kind, source_id)
  ), progress_learner as (
    select p.user_id, sum(p.xp)::int as xp, sum(p.lessons)::int as lessons,
           (count(*) filter (where p.source_kind = 'practice'))::int as practices, max(p.at) as at,
           l.streak, l.last_active_date, l.freezes,
           coalesce(g.perfect_lessons, 0) as perfect_lessons, coalesce(g.words, 0) as words
      from paid p
      join jsonb_to_recordset(${learnersParam}::jsonb) as l(user_id uuid, streak int, last_active_date date, freezes int)
        on l.user_id = p.user_id
      ${gained}
     group by p.user_id, l.streak, l.last_active_date, l.freezes, g.perfect_lessons, g.words
  ), progress_profile as (
    update profiles p
       set total_xp = p.total_xp + l.xp,
           lessons_completed = p.lessons_completed + l.lessons,
           practices_completed = p.practices_completed + l.practices,
           perfect_lessons = p.perfect_lessons + l.perfect_lessons,
           words_learned = p.words_learned + l.words,
           current_streak = case when p.last_active_date >= l.last_active_date then p.current_streak else l.streak end,
           longest_streak = greatest(p.longest_streak,
                              case when p.last_active_date >= l.last_active_date then p.current_streak else l.streak end),
           streak_freezes = case when p.last_active_date >= l.last_active_date then p.streak_freezes else l.freezes end,
           last_active_date = greatest(p.last_active_date, l.last_active_date),
           updated_at = l.at
      from progress_learner l
     where p.user_id = l.user_id
    returning p.user_id, p.total_xp, p.current_streak, p.longest_streak, p.lessons_completed, p.practices_completed,
              p.perfect_lessons, p.words_learned, p.daily_goal_xp
  ), progress_day as (
    insert into daily_activity (user_id, local_date, xp, lessons, practices)
    select user_id, local_date, sum(xp), sum(lessons), sum(practices) from paid group by user_id, local_date
    on conflict (user_id, local_date)
      do update set xp = daily_activity.xp + excluded.xp, lessons = daily_activity.lessons + excluded.lessons,
                    practices = daily_activity.practices + excluded.practices
    returning user_id, local_date, xp
  ), progress_week as (
    insert into weekly_xp (user_id, week_start, xp)
    select user_id, week_start, sum(xp) from paid group by user_id, week_start
    on conflict (user_id, week_start) do update set xp = weekly_xp.xp + excluded.xp
    returning user_id
  )`;
}
