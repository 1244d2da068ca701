import { z } from 'zod';
import { defineStatement } from '../../db/statements';

/** Stores the answer of the request that owns the id. (plugins/idempotency.ts) */
export const storeAnswer = defineStatement({
  name: 'idempotency_store',
  params: ['uuid', 'text', 'smallint', 'text', 'text'],
  row: z.object({}),
  text: `
  update idempotency_keys set status = $3, content_type = $4, body = $5
   where user_id = $1 and request_id = $2 and status is null`,
});
