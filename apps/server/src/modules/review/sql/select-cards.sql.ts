import { z } from 'zod';
import { defineStatement } from '../../../db/statements';
import { DeckCardSchema } from './card-columns';

// The learner's cards of a course, one row per word (the deck keeps a lesson's cards in its
// lesson_progress row, ADR 012).
const cards = (where: string, tail = '') => `
  select c.word_id, c.card
    from lesson_progress lp
   cross join lateral (select e.key as word_id, e.value as card, (e.value->>'due')::timestamptz as due
                         from jsonb_each(lp.cards) e) c
   where lp.user_id = $1 and lp.course = $2${where}
   ${tail}`;

const row = z.object({ word_id: z.string(), card: DeckCardSchema });

/** Every card of the learner's course. */
export const allCards = defineStatement({ name: 'review_all_cards', params: ['uuid', 'text'], row, text: cards('') });
