import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { type App, buildApp } from '../app';
import { type Env, parseEnv } from '../config/env';
import { type DatabaseHandle, openDatabase } from '../db/client';
import type { Clock } from '../lib/clock';
import { databaseUrlWithName } from './postgres-url';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** For PostgreSQL: the URL of this file's own database. */
  url?: string;
  dispose(): Promise<void>;
}

/** A fresh copy of the migrated database made once per run by global-setup.ts. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const source = inject('testDatabase');
  if (source.kind === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([readFileSync(source.dumpFile)]) });
    // Tests may close the handle themselves (to simulate an outage); closing twice is harmless here.
    return { handle, dispose: () => handle.close().catch(() => {}) };
  }

  const name = `${source.template}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: source.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${source.template}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrlWithName(source.adminUrl, name);
  const handle = await openDatabase({ kind: 'postgres', url, poolMax: 5 });
  return {
    handle,
    url,
    async dispose() {
      await handle.close().catch(() => {});
      const cleanup = new pg.Client({ connectionString: source.adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export const testClock = (iso = '2026-11-21T10:00:00Z'): Clock & { set(iso: string): void } => {
  let now = new Date(iso);
  return { now: () => new Date(now), set: (next) => (now = new Date(next)) };
};

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'parla-test-data-')),
    JWT_SECRET: TEST_JWT_SECRET,
    PUBLIC_URL: 'http://parla.test',
    ...overrides,
  });
}

export interface TestApp {
  app: App;
  env: Env;
  database: TestDatabase;
  close(): Promise<void>;
}

export async function buildTestApp(
  options: { env?: Env; clock?: Clock; webDistDir?: string; logger?: FastifyBaseLogger; database?: TestDatabase } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const env = options.env ?? testEnv();
  const app = await buildApp({
    env,
    database: database.handle,
    clock: options.clock ?? testClock(),
    webDistDir: options.webDistDir,
    logger: options.logger ?? pino({ level: 'silent' }),
  });
  return {
    app,
    env,
    database,
    async close() {
      await app.close();
      await database.dispose();
      rmSync(env.DATA_DIR, { recursive: true, force: true });
    },
  };
}
