import { z } from 'zod';
import { defineStatement } from '../../../db/statements';

/** $1 stops following $2 (nothing to stop is fine); whether $2 exists and still follows $1. */
export const unfollow = defineStatement({
  name: 'social_unfollow',
  params: ['uuid', 'uuid'],
  row: z.object({ found: z.boolean(), follows_me: z.boolean() }),
  text: `
  with removed as (
    delete from follows f where f.follower_id = $1 and f.followee_id = $2 returning 1
  )
  select exists (select 1 from users u where u.id = $2) as found,
         exists (select 1 from follows f where f.follower_id = $2 and f.followee_id = $1) as follows_me`,
});
