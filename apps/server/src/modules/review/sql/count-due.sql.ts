import { z } from 'zod';
import { defineStatement } from '../../../db/statements';

/** How many of the learner's cards of a course are due at $3. */
export const countDue = defineStatement({
  name: 'review_count_due',
  params: ['uuid', 'text', 'timestamptz'],
  row: z.object({ n: z.number().int() }),
  text: `
  select count(*)::int as n
    from lesson_progress lp, jsonb_each(lp.cards) e
   where lp.user_id = $1 and lp.course = $2
     and (e.value->>'due')::timestamptz <= $3`,
});
