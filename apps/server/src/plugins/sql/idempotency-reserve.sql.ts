import { z } from 'zod';
import { defineStatement } from '../../db/statements';

/**
 * Reserves request ids, many at once ($1: [{user_id, request_id, fingerprint, created_at,
 * locked_until}], no (learner, id) twice; $2: records created before it have expired). A row comes
 * back for each id this call now owns: a new one, an expired record (a new request), or an
 * abandoned reservation of the same request (no answer, lock lapsed). (plugins/idempotency.ts)
 */
export const reserveRequestIds = defineStatement({
  name: 'idempotency_reserve',
  params: ['jsonb', 'timestamptz'],
  row: z.object({ user_id: z.string(), request_id: z.string() }),
  text: `
  insert into idempotency_keys (user_id, request_id, fingerprint, created_at, locked_until)
  select i.user_id, i.request_id, i.fingerprint, i.created_at, i.locked_until
    from jsonb_to_recordset($1::jsonb) as i(user_id uuid, request_id text, fingerprint text, created_at timestamptz,
           locked_until timestamptz)
  on conflict (user_id, request_id) do update
     set fingerprint = excluded.fingerprint, created_at = excluded.created_at, locked_until = excluded.locked_until,
         status = null, content_type = null, body = null, fragment_at = null, fragment_ref = null
   where idempotency_keys.created_at < $2
      or (idempotency_keys.status is null and idempotency_keys.locked_until < excluded.created_at
          and idempotency_keys.fingerprint = excluded.fingerprint)
  returning user_id, request_id`,
});
