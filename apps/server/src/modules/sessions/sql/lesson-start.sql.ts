import { z } from 'zod';
import { defineStatement } from '../../../db/statements';

/** A lesson session of today still open, as a resume needs it: the exercises as sent (no keys) and the answers. */
const OpenSession = {
  open_id: z.string().nullable(),
  open_exercises: z.array(z.unknown()).nullable(),
  open_answers: z.record(z.string(), z.unknown()).nullable(),
};

// The open session of the lesson today, with its exercises without their keys (ADR 032).
const openSession = `
  select s.id, s.answers, (select jsonb_agg(e.value -> 'exercise' order by e.ordinality)
                             from jsonb_array_elements(s.exercises) with ordinality e) as exercises
    from lesson_sessions s
   where s.user_id = $1 and s.lesson_id = $2 and s.course = $3 and s.local_date = $4::date and s.kind = 'lesson'
     and s.completed_at is null
   limit 1`;

/**
 * What a lesson start reads before generating anything, in one round trip: the lesson's best
 * score, the lesson's open session of the learner's day (resumed instead) and how many lesson
 * sessions the day has used (ADR 032).
 */
export const lessonStartInput = defineStatement({
  name: 'lesson_start_input',
  params: ['uuid', 'text', 'text', 'date'],
  row: z.object({ best_score: z.number().int().nullable(), used: z.number().int(), ...OpenSession }),
  text: `
  with open as (${openSession})
  select (select lp.best_score from lesson_progress lp
           where lp.user_id = $1 and lp.course = $3 and lp.lesson_id = $2 and lp.completions > 0) as best_score,
         (select count(*)::int from lesson_sessions s where s.user_id = $1 and s.local_date = $4::date and s.kind = 'lesson') as used,
         open.id as open_id, open.exercises as open_exercises, open.answers as open_answers
    from (select 1) one
    left join open on true`,
});

/**
 * Starts a lesson session unless the lesson has an open one today (returned instead) or the day's
 * allowance ($10, null: unlimited) is used: one call of start_lesson_session() (migration 0033),
 * which locks the learner's row first, so it sees every start that went before. `created_id` is the
 * new session; an open session comes with its exercises (no keys) and answers; no row: the limit.
 */
export const startLessonSession = defineStatement({
  name: 'start_lesson_session',
  params: ['uuid', 'text', 'text', 'date', 'text', 'int4', 'jsonb', 'jsonb', 'timestamptz', 'int4'],
  row: z.object({ created_id: z.string().nullable(), ...OpenSession }),
  text: `
  select created_id, open_id, open_exercises, open_answers
    from start_lesson_session($1::uuid, $2::text, $3::text, $4::date, $5::text, $6::int4, $7::jsonb, $8::jsonb,
                              $9::timestamptz, $10::int4)`,
});
