import { z } from 'zod';
import { defineStatement } from '../../../db/statements';
import { CardColumnsSchema } from '../../review/sql/card-columns';

/** For each (session, user): the caller's own lesson session only, with the cards of its lesson's words. */
export const lessonCompletionInputs = defineStatement({
  name: 'lesson_completion_inputs',
  params: ['jsonb'],
  row: z.object({
    session_id: z.string(),
    lesson_id: z.string(),
    course: z.string(),
    completed: z.boolean(),
    result: z.unknown(),
    /** Each exercise with the words it asks about and how it was answered (null once completed). */
    items: z
      .array(z.object({ word_ids: z.array(z.string()), answered: z.boolean(), correct: z.boolean(), skipped: z.boolean() }))
      .nullable(),
    timezone: z.string(),
    current_streak: z.number().int(),
    last_active_date: z.string().nullable(),
    streak_freezes: z.number().int(),
    vacation_start: z.string().nullable(),
    vacation_until: z.string().nullable(),
    /** The learner's cards of the lesson's words (null once completed). */
    cards: z.array(CardColumnsSchema).nullable(),
  }),
  text: `
  select s.id as session_id, s.lesson_id, s.course, s.completed_at is not null as completed, s.result,
         p.timezone, p.current_streak, p.last_active_date::text as last_active_date, p.streak_freezes,
         p.vacation_start::text as vacation_start, p.vacation_until::text as vacation_until,
         -- A finished session needs only its result: the rest is read for an open one.
         case when s.completed_at is null then
           (select coalesce(json_agg(json_build_object(
                     'word_ids', item.value,
                     'answered', s.answers ? item.key,
                     'correct', coalesce((s.answers->item.key->>'correct')::boolean, false),
                     'skipped', coalesce(s.answers->item.key ? 'skipped', false))), '[]'::json)
              from jsonb_each(s.item_words) item)
         end as items,
         case when s.completed_at is null then
           (select coalesce(json_agg(e.value || jsonb_build_object('word_id', e.key)), '[]'::json)
              from lesson_progress lp, jsonb_each(lp.cards) e
             where lp.user_id = s.user_id and lp.course = s.course and lp.lesson_id = s.lesson_id)
         end as cards
    from jsonb_to_recordset($1::jsonb) as i(session_id uuid, user_id uuid)
    join lesson_sessions s on s.id = i.session_id and s.user_id = i.user_id and s.kind = 'lesson'
    join profiles p on p.user_id = s.user_id`,
});

/** What completing a session needs to know, read in one round trip. */
export type CompletionInput = z.infer<typeof lessonCompletionInputs.row>;
