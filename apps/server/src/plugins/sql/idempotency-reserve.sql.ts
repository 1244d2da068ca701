import { z } from 'zod';
import { defineStatement } from '../../db/statements';

/** Reserves the id; a row comes back only when this request now owns it. (plugins/idempotency.ts) */
export const reserveRequestId = defineStatement({
  name: 'idempotency_reserve',
  params: ['uuid', 'text', 'text', 'timestamptz', 'timestamptz', 'timestamptz'],
  row: z.object({ reserved: z.number().int() }),
  text: `
  insert into idempotency_keys (user_id, request_id, fingerprint, created_at, locked_until)
  values ($1, $2, $3, $4, $5)
  on conflict (user_id, request_id) do update
     set fingerprint = excluded.fingerprint, created_at = excluded.created_at, locked_until = excluded.locked_until,
         status = null, content_type = null, body = null
   -- An expired record is a new request; an abandoned reservation (no answer, lock lapsed) may be retried.
   where idempotency_keys.created_at < $6
      or (idempotency_keys.status is null and idempotency_keys.locked_until < $4
          and idempotency_keys.fingerprint = excluded.fingerprint)
  returning 1 as reserved`,
});
