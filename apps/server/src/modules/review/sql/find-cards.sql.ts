import { z } from 'zod';
import { defineStatement } from '../../../db/statements';
import { DeckCardSchema } from './card-columns';

/** The learner's cards of a course for the words in $3 (a JSON array of word ids). */
export const findCards = defineStatement({
  name: 'review_find_cards',
  params: ['uuid', 'text', 'jsonb'],
  row: z.object({ word_id: z.string(), card: DeckCardSchema }),
  text: `
  select e.key as word_id, e.value as card
    from lesson_progress lp, jsonb_each(lp.cards) e
   where lp.user_id = $1 and lp.course = $2
     and e.key in (select jsonb_array_elements_text($3::jsonb))`,
});
