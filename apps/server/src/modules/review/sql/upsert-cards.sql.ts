import { z } from 'zod';
import { defineStatement } from '../../../db/statements';

/**
 * Stores cards, each in its lesson's row ($3: [{lesson_id, cards: {word id → card}}]); a lesson
 * without a row gets one with no completions.
 */
export const upsertCards = defineStatement({
  name: 'review_upsert_cards',
  params: ['uuid', 'text', 'jsonb'],
  row: z.object({}),
  text: `
  insert into lesson_progress (user_id, course, lesson_id, cards)
  select $1, $2, l.lesson_id, l.cards
    from jsonb_to_recordset($3::jsonb) as l(lesson_id text, cards jsonb)
  on conflict (user_id, course, lesson_id) do update set cards = lesson_progress.cards || excluded.cards`,
});
