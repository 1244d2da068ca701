import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app';
import { EnvError, parseEnv } from './config/env';
import { databaseTargetFromEnv, openDatabase } from './db/client';
import { MIGRATIONS_FOLDER } from './db/migrations-folder';
import { systemClock } from './lib/clock';
import { loggerOptions } from './lib/logger';

// The only file that touches process.*: read the environment, start, and stop cleanly.
async function main(): Promise<void> {
  // A .env file in the working directory fills in what the environment does not set.
  if (existsSync('.env')) process.loadEnvFile('.env');
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const logger = pino(loggerOptions({ level: env.LOG_LEVEL }));
  const database = await openDatabase(databaseTargetFromEnv(env), (error) =>
    logger.warn({ err: error }, 'database connection lost'),
  );
  await database.migrate(MIGRATIONS_FOLDER);

  const app = await buildApp({
    env,
    database,
    clock: systemClock,
    // main.ts and the bundled dist/main.js both sit one folder below apps/server.
    contentDir: fileURLToPath(new URL('../../../packages/content', import.meta.url)),
    webDistDir: resolve(env.WEB_DIST_DIR ?? fileURLToPath(new URL('../../web/dist', import.meta.url))),
    logger,
  });
  app.addHook('onClose', async () => {
    await database.close();
  });

  // A stop in two steps. First a drain, while still listening: new requests, on new connections or
  // on kept-alive ones, are answered 503 with `Connection: close`, so clients and load balancers
  // see why and go elsewhere. Then close(): no new connections, in-flight requests finish (a silent
  // database answers them 503 within DATABASE_QUERY_TIMEOUT_MS), idle connections are closed.
  // Going straight to close() would close kept-alive connections a client may be sending on: that
  // request gets a reset rather than an answer.
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, drainMs: env.SHUTDOWN_DRAIN_MS }, 'shutting down: refusing new requests, finishing in-flight ones');
    const force = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      app.startDraining();
      if (env.SHUTDOWN_DRAIN_MS > 0) await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DRAIN_MS));
      await app.close();
      logger.info('shut down cleanly');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  await app.listen({ host: env.HOST, port: env.PORT });
  logger.info({ database: database.kind }, 'Parla is ready');
  // Streak-at-risk reminders, every REMINDERS_INTERVAL_MS; app.close() stops them (and waits for a running pass).
  app.reminders.start();
  // The league week-end job (ADR 030): hourly, once per week whichever replica gets there first.
  app.leagues.start();
  // Shortly after start-up, so health answers at once, and the first lesson then needs no wait
  // (parsing and validating the content bank blocks for about half a second).
  setTimeout(() => {
    try {
      app.warmUp();
    } catch (error) {
      // A broken content edit must not leave a server that fails every lesson: stop loudly.
      logger.fatal({ err: error }, 'the content bank is invalid; run `npm run content:validate`');
      process.exit(1);
    }
  }, 1_500).unref();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
