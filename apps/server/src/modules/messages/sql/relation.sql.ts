import { z } from 'zod';
import { defineStatement } from '../../../db/statements';

/** Whether $1 and $2 exist, follow each other, and whether a block stands between them either way. */
export const relation = defineStatement({
  name: 'messages_relation',
  params: ['uuid', 'uuid'],
  row: z.object({ me_found: z.boolean(), found: z.boolean(), mutual: z.boolean(), blocked: z.boolean() }),
  text: `
  select exists (select 1 from users u where u.id = $1) as me_found,
         exists (select 1 from users u where u.id = $2) as found,
         exists (select 1 from follows f where f.follower_id = $1 and f.followee_id = $2)
           and exists (select 1 from follows f where f.follower_id = $2 and f.followee_id = $1) as mutual,
         exists (select 1 from blocks b where b.blocker_id = $1 and b.blocked_id = $2)
           or exists (select 1 from blocks b where b.blocker_id = $2 and b.blocked_id = $1) as blocked`,
});
