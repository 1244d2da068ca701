import { z } from 'zod';
import { defineStatement } from '../../../db/statements';

/**
 * How many of the learner's cards of a course are due at $3, and when the first one not yet due
 * will be (milliseconds since the epoch; null when none is waiting).
 */
export const countDue = defineStatement({
  name: 'review_count_due',
  params: ['uuid', 'text', 'timestamptz'],
  row: z.object({ n: z.number().int(), next_due_ms: z.number().nullable() }),
  text: `
  select count(*) filter (where c.due <= $3)::int as n,
         (extract(epoch from min(c.due) filter (where c.due > $3)) * 1000)::float8 as next_due_ms
    from lesson_progress lp
   cross join lateral (select (e.value->>'due')::timestamptz as due from jsonb_each(lp.cards) e) c
   where lp.user_id = $1 and lp.course = $2`,
});
