import { z } from 'zod';
import { defineStatement } from '../../db/statements';

/**
 * Frees an id whose request did not answer with something worth replaying (a 429 or a 5xx: rare,
 * so one at a time, by primary key). (plugins/idempotency.ts)
 */
export const releaseRequestId = defineStatement({
  name: 'idempotency_release',
  params: ['uuid', 'text'],
  row: z.object({}),
  text: 'delete from idempotency_keys where user_id = $1 and request_id = $2 and status is null',
});
