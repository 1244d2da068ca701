// The operator commands behind `npm run admin` (entry point: admin.ts). They work on the server's
// own database, found the way the server finds it: DATABASE_URL, else the embedded one in DATA_DIR.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PLANS, PlanSchema } from '@parla/shared/plans';
import type { Env } from '../config/env';
import { type DatabaseTarget, databaseTargetFromEnv, openDatabase } from '../db/client';
import { systemClock } from '../lib/clock';
import { createLearnersRepository } from '../modules/learners/learners.repository';
import { createLearnersService } from '../modules/learners/learners.service';
import { createUsersRepository } from '../modules/users/users.repository';
import { createUsersService } from '../modules/users/users.service';

export const ADMIN_USAGE = `Usage: npm run admin -- <command>

Commands:
  plan <email> ${PLANS.join('|')}   set the plan of the account with this e-mail
                              (premium: unlimited lessons; free: one lesson session a day)`;

/** A wrong command line (exit code 2, with the usage); any other error means the command failed (1). */
export class UsageError extends Error {}

/** PGlite allows one process at a time, and a missing folder would silently become a new, empty database. */
function checkEmbeddedDatabase(target: DatabaseTarget, env: Env): void {
  if (target.kind !== 'pglite' || !target.dataDir) return;
  if (!existsSync(join(target.dataDir, 'PG_VERSION'))) {
    throw new Error(
      `There is no embedded database in ${target.dataDir} (DATA_DIR=${env.DATA_DIR}). ` +
        'Run this from the folder you start the server in, or set DATA_DIR or DATABASE_URL as the server has them.',
    );
  }
  if (existsSync(join(target.dataDir, 'postmaster.pid'))) {
    throw new Error(
      `The embedded database in ${target.dataDir} is open in another process (the running server?). ` +
        'It allows one process at a time: stop the server, run this command, then start the server again.',
    );
  }
}

/** Runs one command and returns what to tell the operator; throws what went wrong. */
export async function runAdminCommand(args: readonly string[], env: Env): Promise<string> {
  const [command, ...rest] = args;
  if (command !== 'plan') throw new UsageError(command ? `Unknown command "${command}".` : 'Name a command.');
  const [email, plan, ...extra] = rest;
  if (!email || !plan || extra.length > 0) throw new UsageError('plan needs an e-mail and a plan.');
  if (!PlanSchema.safeParse(plan).success) throw new UsageError(`Unknown plan "${plan}": use ${PLANS.join(' or ')}.`);

  const target = databaseTargetFromEnv(env);
  checkEmbeddedDatabase(target, env);
  const database = await openDatabase(target);
  try {
    const learners = createLearnersService({ repo: createLearnersRepository(database.db), clock: systemClock });
    const users = createUsersService({ repo: createUsersRepository(database.db), learners, clock: systemClock });
    const updated = await users.setPlan(email, plan);
    return `${updated.email} is now on the ${updated.plan} plan.`;
  } finally {
    await database.close();
  }
}
