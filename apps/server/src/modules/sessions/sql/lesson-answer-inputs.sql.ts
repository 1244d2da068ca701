import { z } from 'zod';
import { defineStatement } from '../../../db/statements';

/**
 * For each (session, user, exercise): what answering or skipping the exercise needs — the caller's
 * own lesson session only, with the variant it draws (its exercises are in memory) or, for a session
 * holding its own, only that one exercise with its key; and the stored answer (ADR 032).
 */
export const lessonAnswerInputs = defineStatement({
  name: 'lesson_answer_inputs',
  params: ['jsonb'],
  row: z.object({
    session_id: z.string(),
    exercise_id: z.string(),
    lesson_id: z.string(),
    course: z.string(),
    completed: z.boolean(),
    /** The variant the session draws (ADR 032) when it holds no exercises of its own: the exercise is that variant's. */
    variant_id: z.string().nullable(),
    /**
     * For a session that holds its own exercises (started before variants): the generated exercise
     * (exercise, key, explanation, wordIds); null when the session has no such exercise.
     */
    item: z.unknown(),
    /** The first answer or skip of the exercise, when there is one. */
    stored: z.unknown(),
  }),
  text: `
  select s.id as session_id, i.exercise_id, s.lesson_id, s.course, s.completed_at is not null as completed,
         case when s.exercises is null then s.variant_id end as variant_id,
         jsonb_path_query_first(s.exercises, '$[*] ? (@.exercise.id == $id)', jsonb_build_object('id', i.exercise_id)) as item,
         s.answers -> i.exercise_id as stored
    from jsonb_to_recordset($1::jsonb) as i(session_id uuid, user_id uuid, exercise_id text)
    join lesson_sessions s on s.id = i.session_id and s.user_id = i.user_id and s.kind = 'lesson'`,
});

export type LessonAnswerInput = z.infer<typeof lessonAnswerInputs.row>;
