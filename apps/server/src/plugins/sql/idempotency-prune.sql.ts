import { z } from 'zod';
import { defineStatement } from '../../db/statements';

/** Forgets records older than $1. (plugins/idempotency.ts) */
export const pruneRequestRecords = defineStatement({
  name: 'idempotency_prune',
  params: ['timestamptz'],
  row: z.object({}),
  text: `delete from idempotency_keys where created_at < $1`,
});
