import { z } from 'zod';
import { defineStatement } from '../../../db/statements';
import { achievementCtes } from '../../achievements/sql/award-achievements.sql';
import { awardCtes } from '../../progress/award.sql';

/**
 * Everything the completions write, as one statement (one round trip, atomic without a transaction).
 * The sessions are locked in id order and must still be open: a concurrent completion of the same
 * session waits, then finds it finished and writes nothing for it. The award (XP, lesson count,
 * streak, the day and the week) is modules/progress's (awardCtes: $2 and $3), with the perfect
 * completions and the newly learned words of the lessons written (`lesson_gain`). Per lesson, in
 * one row, its best score and the cards of its words (new words join as new cards, graded words get
 * their next schedule: `reps > 0`); per session its result with the learner's new totals. The
 * achievements the completions earn are stored by modules/achievements's rules in the same
 * statement (ADR 024) and listed in the result of the learner's first session of the batch
 * (`achievements_earned`), also returned as `earned` with their instants for the events.
 */
export const completeLessons = defineStatement({
  name: 'lesson_completions_write',
  params: ['jsonb', 'jsonb', 'jsonb'],
  row: z.object({
    session_id: z.string(),
    result: z.looseObject({ total_xp: z.number().int(), current_streak: z.number().int() }),
    earned: z.array(z.object({ id: z.string(), earned_at_ms: z.number() })),
  }),
  text: `
  with input as (
    select distinct on (i.session_id) i.*
      from jsonb_to_recordset($1::jsonb) as i(session_id uuid, user_id uuid, completed_at timestamptz, local_date date,
             course text, lesson_id text, score int, result jsonb, cards jsonb)
     order by i.session_id
  ), open_session as (
    select i.*
      from lesson_sessions s
      join input i on s.id = i.session_id and s.user_id = i.user_id
     where s.completed_at is null
     order by s.id
       for update of s
  ), progress as (
    insert into lesson_progress (user_id, course, lesson_id, best_score, completions, last_completed_at, cards)
    select o.user_id, o.course, o.lesson_id, max(o.score), count(*), max(o.completed_at),
           -- Two sessions of one lesson in a batch may share a word: the most reviewed card is kept.
           (select coalesce(jsonb_object_agg(w.key, w.value order by (w.value->>'reps')::int), '{}'::jsonb)
              from unnest(array_agg(o.cards)) as session_cards(cards), jsonb_each(session_cards.cards) w)
      from open_session o
     group by o.user_id, o.course, o.lesson_id
    on conflict (user_id, course, lesson_id)
      do update set best_score = greatest(lesson_progress.best_score, excluded.best_score),
                    completions = lesson_progress.completions + excluded.completions,
                    last_completed_at = excluded.last_completed_at,
                    -- A new card (no review yet) never replaces one the learner already has.
                    cards = lesson_progress.cards || (
                      select coalesce(jsonb_object_agg(w.key, w.value), '{}'::jsonb)
                        from jsonb_each(excluded.cards) w
                       where (w.value->>'reps')::int > 0 or not lesson_progress.cards ? w.key)
    returning user_id, course, lesson_id, completions, cards
  ), lesson_gain as (
    -- Perfect completions, and the words of lessons completed for the first time: the row's
    -- completions (the latest, after any concurrent write) are only this batch's.
    select r.user_id, b.perfect as perfect_lessons,
           case when r.completions = b.sessions then (select count(*)::int from jsonb_object_keys(r.cards)) else 0 end as words
      from progress r
      join (select user_id, course, lesson_id, count(*)::int as sessions, (count(*) filter (where score = 100))::int as perfect
              from open_session group by user_id, course, lesson_id) b
        on b.user_id = r.user_id and b.course = r.course and b.lesson_id = r.lesson_id
  ), award_source as (
    select session_id::text as source_id from open_session
  ), ${awardCtes('$2', '$3', { gain: 'lesson_gain' })}, ${achievementCtes()}, session_earned as (
    -- A learner's achievements go with their first session of the batch.
    select o.session_id,
           jsonb_agg(e.achievement_id order by e.achievement_id) as ids,
           json_agg(json_build_object('id', e.achievement_id,
                                      'earned_at_ms', (extract(epoch from e.earned_at) * 1000)::float8)) as earned
      from achievement_earned e
      join lateral (select min(x.session_id::text)::uuid as session_id from open_session x where x.user_id = e.user_id) o on true
     group by o.session_id
  )
  update lesson_sessions s
     set completed_at = o.completed_at,
         result = o.result || jsonb_build_object('total_xp', profile.total_xp, 'current_streak', profile.current_streak,
                  'lessons_completed', profile.lessons_completed, 'day_xp', day.xp, 'daily_goal_xp', profile.daily_goal_xp,
                  'achievements_earned', coalesce(earned.ids, '[]'::jsonb))
    from open_session o
    join progress_profile profile on profile.user_id = o.user_id
    join progress_day day on day.user_id = o.user_id and day.local_date = o.local_date
    left join session_earned earned on earned.session_id = o.session_id
   where s.id = o.session_id
  returning s.id as session_id, s.result, coalesce(earned.earned, '[]'::json) as earned`,
});
