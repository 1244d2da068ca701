import { z } from 'zod';
import { defineStatement } from '../../../db/statements';
import { LearnerColumnsSchema, learnerColumns } from '../../learners/sql/learner-columns';

/**
 * What lesson starts read before generating anything, many at once ($1: [{user_id, lesson_id, utc_day}],
 * utc_day: today's date in UTC; $2: the most sessions of a day worth counting). Per learner: the learner
 * (learners/sql/learner-columns), the lesson's best score in their course, and — since the learner's
 * own day is only known once their time zone is read, and is within a day of UTC's — for the three
 * days around utc_day, the days on which the lesson has an open session and the lesson sessions of each
 * day (ADR 032). A learner who does not exist has no row.
 */
export const lessonStartInputs = defineStatement({
  name: 'lesson_start_inputs',
  params: ['jsonb', 'int4'],
  row: z.object({
    user_id: z.string(),
    lesson_id: z.string(),
    utc_day: z.string(),
    ...LearnerColumnsSchema,
    best_score: z.number().int().nullable(),
    open_days: z.array(z.string()),
    used_by_day: z.record(z.string(), z.number().int()),
  }),
  text: `
  select u.id as user_id, i.lesson_id, i.utc_day::text as utc_day, ${learnerColumns('u', 'p')},
         (select lp.best_score from lesson_progress lp
           where lp.user_id = u.id and lp.course = p.target_language and lp.lesson_id = i.lesson_id
             and lp.completions > 0) as best_score,
         array(select s.local_date::text from lesson_sessions s
                where s.user_id = u.id and s.local_date between i.utc_day - 1 and i.utc_day + 1 and s.kind = 'lesson'
                  and s.lesson_id = i.lesson_id and s.course = p.target_language and s.completed_at is null) as open_days,
         (select jsonb_object_agg(day::date::text,
                   (select count(*) from (select 1 from lesson_sessions s
                                           where s.user_id = u.id and s.local_date = day::date and s.kind = 'lesson'
                                           limit $2) counted))
            from generate_series(i.utc_day - 1, i.utc_day + 1, interval '1 day') day) as used_by_day
    from jsonb_to_recordset($1::jsonb) as i(user_id uuid, lesson_id text, utc_day date)
    join users u on u.id = i.user_id
    join profiles p on p.user_id = u.id`,
});

export type LessonStartInput = z.infer<typeof lessonStartInputs.row>;

/**
 * Starts lesson sessions, many at once, at most one per learner: one call of
 * start_lesson_sessions() (migrations 0034, 0035), which locks the learners' rows first, so it sees every
 * start that went before. Per start: `created_id`, the new session; or the lesson's open session of
 * the day (its exercises without keys, its answers), resumed instead; or neither: the allowance is
 * used (or a start without a variant found nothing to resume). A start names its variant and brings
 * the variant's exercises until its replica has seen it stored (lesson_variants).
 */
export const startLessonSessions = defineStatement({
  name: 'start_lesson_sessions',
  params: ['jsonb'],
  row: z.object({
    start_user_id: z.string(),
    created_id: z.string().nullable(),
    open_id: z.string().nullable(),
    open_exercises: z.array(z.unknown()).nullable(),
    open_answers: z.record(z.string(), z.unknown()).nullable(),
  }),
  text: `
  select start_user_id, created_id, open_id, open_exercises, open_answers from start_lesson_sessions($1::jsonb)`,
});
