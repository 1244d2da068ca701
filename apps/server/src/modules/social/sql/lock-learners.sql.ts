import { z } from 'zod';
import { defineStatement } from '../../../db/statements';

/**
 * The advisory lock class of follows and blocks: (SOCIAL_LOCK_CLASS, hashtext(learner id)). The
 * two-key form never meets the one-key locks of migrations and reminders.
 */
export const SOCIAL_LOCK_CLASS = 16_016;

/**
 * Takes the transaction's lock on each learner of $1 (the two of a follow or a block), in key
 * order so two transactions never wait on each other crosswise. Follows and blocks between two
 * learners then happen one after the other: the statement after this one reads, with a fresh
 * snapshot, whatever block or follow the other committed (a follow can never slip in beside a
 * block that was being written at the same moment), and "at most 1,000 follows" counts exactly.
 */
export const lockLearners = defineStatement({
  name: 'social_lock_learners',
  params: ['uuid[]'],
  row: z.object({ locked: z.number().int() }),
  text: `
  select count(*)::int as locked
    from (select pg_advisory_xact_lock(${SOCIAL_LOCK_CLASS}, k.key)
            from (select distinct hashtext(id::text) as key from unnest($1::uuid[]) as id) k
           order by k.key) as taken`,
});
