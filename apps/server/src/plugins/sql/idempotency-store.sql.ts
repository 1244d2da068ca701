import { z } from 'zod';
import { defineStatement } from '../../db/statements';

/** Stores the answers of the requests that own their ids, many at once. (plugins/idempotency.ts) */
export const storeAnswers = defineStatement({
  name: 'idempotency_store',
  params: ['jsonb'],
  row: z.object({}),
  text: `
  update idempotency_keys k
     set status = i.status, content_type = i.content_type, body = i.body
    from jsonb_to_recordset($1::jsonb) as i(user_id uuid, request_id text, status smallint, content_type text, body text)
   where k.user_id = i.user_id and k.request_id = i.request_id and k.status is null`,
});
