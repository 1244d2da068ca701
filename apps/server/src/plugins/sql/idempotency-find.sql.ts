import { z } from 'zod';
import { defineStatement } from '../../db/statements';

/** The record of a learner's request id. (plugins/idempotency.ts) */
export const findRequestRecord = defineStatement({
  name: 'idempotency_find',
  params: ['uuid', 'text'],
  row: z.object({
    fingerprint: z.string(),
    status: z.number().int().nullable(),
    content_type: z.string().nullable(),
    body: z.string().nullable(),
    fragment_at: z.number().int().nullable(),
    fragment_ref: z.string().nullable(),
  }),
  text: `
  select fingerprint, status, content_type, body, fragment_at, fragment_ref from idempotency_keys where user_id = $1 and request_id = $2`,
});
