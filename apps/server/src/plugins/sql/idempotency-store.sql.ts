import { z } from 'zod';
import { defineStatement } from '../../db/statements';

/**
 * Stores the answers of the requests that own their ids, many at once. Written as an insert that
 * meets its own rows (`on conflict`), not an update joined to the input: the conflict is found
 * through the primary key whatever the planner thinks of the table's size, while a join planned
 * when the table was nearly empty would scan the whole table for every batch once it has grown.
 * (A record pruned or lost meanwhile comes back with its answer.) (plugins/idempotency.ts)
 */
export const storeAnswers = defineStatement({
  name: 'idempotency_store',
  params: ['jsonb'],
  row: z.object({}),
  text: `
  insert into idempotency_keys (user_id, request_id, fingerprint, created_at, locked_until, status, content_type, body,
                                fragment_at, fragment_ref)
  select i.user_id, i.request_id, i.fingerprint, i.created_at, i.created_at, i.status, i.content_type, i.body,
         i.fragment_at, i.fragment_ref
    from jsonb_to_recordset($1::jsonb) as i(user_id uuid, request_id text, fingerprint text, created_at timestamptz,
           status smallint, content_type text, body text, fragment_at integer, fragment_ref text)
  on conflict (user_id, request_id) do update
     set status = excluded.status, content_type = excluded.content_type, body = excluded.body,
         fragment_at = excluded.fragment_at, fragment_ref = excluded.fragment_ref
   where idempotency_keys.status is null and idempotency_keys.fingerprint = excluded.fingerprint`,
});
