import { z } from 'zod';
import { defineStatement } from '../../../db/statements';

/**
 * Records that $1 used the app at $2, unless a write within the minute before already did (the
 * guard for replicas: each keeps its own in-memory throttle, presence.ts). Touches only
 * last_seen_at: not updated_at, which dates the learner's own changes.
 */
export const touchPresence = defineStatement({
  name: 'social_touch_presence',
  params: ['uuid', 'timestamptz'],
  row: z.object({ user_id: z.string() }),
  text: `
  update profiles set last_seen_at = $2::timestamptz
   where user_id = $1
     and (last_seen_at is null or last_seen_at < $2::timestamptz - interval '1 minute')
  returning user_id`,
});
