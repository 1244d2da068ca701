import { z } from 'zod';
import { defineStatement } from '../../../db/statements';
import { DeckCardSchema } from './card-columns';

/** The learner's cards of a course due at $3, soonest first, at most $4. */
export const dueCards = defineStatement({
  name: 'review_due_cards',
  params: ['uuid', 'text', 'timestamptz', 'int'],
  row: z.object({ word_id: z.string(), card: DeckCardSchema }),
  text: `
  select c.word_id, c.card
    from lesson_progress lp
   cross join lateral (select e.key as word_id, e.value as card, (e.value->>'due')::timestamptz as due
                         from jsonb_each(lp.cards) e) c
   where lp.user_id = $1 and lp.course = $2 and c.due <= $3
   order by c.due
   limit $4`,
});
