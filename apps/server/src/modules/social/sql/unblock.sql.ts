import { z } from 'zod';
import { defineStatement } from '../../../db/statements';

/** $1 lifts their block of $2 (none to lift is fine); whether $2 exists. Follows removed by the block stay removed. */
export const unblock = defineStatement({
  name: 'social_unblock',
  params: ['uuid', 'uuid'],
  row: z.object({ found: z.boolean() }),
  text: `
  with removed as (
    delete from blocks b where b.blocker_id = $1 and b.blocked_id = $2 returning 1
  )
  select exists (select 1 from users u where u.id = $2) as found`,
});
