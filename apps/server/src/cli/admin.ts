// `npm run admin -- <command>`: operator commands (admin-command.ts). Like main.ts, an entry point:
// it reads process.* (a .env file in the working directory fills in what the environment does not
// set) and sets the exit code: 0 done, 1 the command failed, 2 the command line is wrong.
import { existsSync } from 'node:fs';
import { parseEnv } from '../config/env';
import { ADMIN_USAGE, runAdminCommand, UsageError } from './admin-command';

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  try {
    console.log(await runAdminCommand(process.argv.slice(2), parseEnv(process.env)));
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${ADMIN_USAGE}`);
      process.exitCode = 2;
    } else if (error instanceof Error) {
      // AppError, EnvError and database errors carry a message meant for the operator.
      console.error(error.message);
      process.exitCode = 1;
    } else {
      throw error;
    }
  }
}

await main();
