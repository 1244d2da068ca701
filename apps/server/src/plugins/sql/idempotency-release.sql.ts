import { z } from 'zod';
import { defineStatement } from '../../db/statements';

/** Frees ids whose requests did not answer with something worth replaying, many at once. (plugins/idempotency.ts) */
export const releaseRequestIds = defineStatement({
  name: 'idempotency_release',
  params: ['jsonb'],
  row: z.object({}),
  text: `
  delete from idempotency_keys k
   using jsonb_to_recordset($1::jsonb) as i(user_id uuid, request_id text)
   where k.user_id = i.user_id and k.request_id = i.request_id and k.status is null`,
});
