import { z } from 'zod';
import { defineStatement } from '../../../db/statements';

/** The learners $1 blocked, the latest first. */
export const listBlocks = defineStatement({
  name: 'social_list_blocks',
  params: ['uuid'],
  row: z.object({ user_id: z.string(), name: z.string(), blocked_at_ms: z.number() }),
  text: `
  select b.blocked_id as user_id, u.full_name as name, (extract(epoch from b.created_at) * 1000)::float8 as blocked_at_ms
    from blocks b
    join users u on u.id = b.blocked_id
   where b.blocker_id = $1
   order by b.created_at desc, b.blocked_id`,
});
