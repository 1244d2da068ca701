import { z } from 'zod';
import { defineStatement } from '../../../db/statements';

/**
 * Stores the first answer (or skip) of exercises of open lesson sessions, many at once (ADR 032):
 * each session's row is locked in id order, the answers to exercises it does not hold yet are added
 * in one update of the row, and each session returns the exercise ids it took. An exercise already
 * answered keeps its first answer; a finished session takes none.
 */
export const recordAnswers = defineStatement({
  name: 'record_lesson_answers',
  params: ['jsonb'],
  row: z.object({ session_id: z.string(), exercise_ids: z.array(z.string()) }),
  text: `
  with input as (
    select i.session_id, jsonb_object_agg(i.exercise_id, i.answer) as answers
      from jsonb_to_recordset($1::jsonb) as i(session_id uuid, exercise_id text, answer jsonb)
     group by i.session_id
  ), locked as (
    select s.id, s.answers
      from lesson_sessions s
     where s.id = any(array(select session_id from input)) and s.completed_at is null
     order by s.id
       for update of s
  ), fresh as (
    select l.id, (select jsonb_object_agg(e.key, e.value) from jsonb_each(i.answers) e where not l.answers ? e.key) as answers
      from locked l
      join input i on i.session_id = l.id
  )
  update lesson_sessions s
     set answers = s.answers || f.answers
    from fresh f
   where s.id = f.id and f.answers is not null
  returning s.id as session_id, array(select jsonb_object_keys(f.answers)) as exercise_ids`,
});
