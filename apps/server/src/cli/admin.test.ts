import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DashboardResponseSchema } from '@parla/shared/dashboard.schema';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseEnv } from '../config/env';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { buildTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../test/build-test-app';
import { registerUser } from '../test/factories';
import { runAdminCommand, UsageError } from './admin-command';

const ADMIN = fileURLToPath(new URL('./admin.ts', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/**
 * The command runs on a database that outlives each process: a PGlite data directory (unpacked
 * from the migrated test dump) or a PostgreSQL test database. It runs in its own process, as an
 * operator runs it, where the exit code matters, and in-process otherwise (a process costs seconds).
 */
const source = inject('testDatabase');
const workDir = mkdtempSync(join(tmpdir(), 'parla-admin-'));
let postgres: TestDatabase | undefined;
let dumpLoaded = false;

async function openTestDatabase(): Promise<DatabaseHandle> {
  if (source.kind === 'postgres') {
    if (!postgres?.url) throw new Error('no PostgreSQL test database');
    return openDatabase({ kind: 'postgres', url: postgres.url, poolMax: 2 });
  }
  const dataDir = join(workDir, 'pglite');
  if (dumpLoaded) return openDatabase({ kind: 'pglite', dataDir });
  dumpLoaded = true;
  return openDatabase({ kind: 'pglite', dataDir, loadDataDir: new Blob([readFileSync(source.dumpFile)]) });
}

/** The server, up only while `use` runs: the embedded database allows one process at a time. */
async function withServer<T>(use: (ctx: TestApp) => Promise<T>): Promise<T> {
  const handle = await openTestDatabase();
  const ctx = await buildTestApp({ database: { handle, dispose: () => handle.close() } });
  try {
    return await use(ctx);
  } finally {
    await ctx.close();
  }
}

const databaseEnv = () =>
  source.kind === 'postgres' ? { DATABASE_URL: postgres?.url ?? '' } : ({ DATA_DIR: workDir } as Record<string, string>);

/** Runs the command in-process. */
const run = (...args: string[]) => runAdminCommand(args, parseEnv(databaseEnv()));

/** Runs `npm run admin -- …` in its own process. */
function admin(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // cwd is a bare folder, so no developer's .env is read.
    const child = spawn(process.execPath, ['--import', TSX, ADMIN, ...args], {
      cwd: workDir,
      env: { PATH: process.env.PATH ?? '', ...databaseEnv() },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function planOf(bearer: { authorization: string }) {
  return withServer(async ({ app }) => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/dashboard', headers: bearer });
    const dashboard = DashboardResponseSchema.parse(response.json());
    return { plan: dashboard.plan, lessonsLeftToday: dashboard.lessons_left_today };
  });
}

let learner: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  if (source.kind === 'postgres') postgres = await createTestDatabase();
  learner = await withServer(({ app }) => registerUser(app, { username: 'Plan.Tester@example.com' }));
});
afterAll(async () => {
  await postgres?.dispose();
  rmSync(workDir, { recursive: true, force: true });
});

describe('npm run admin -- plan', () => {
  it('makes a learner premium (unlimited lessons) and free again, finding the account by e-mail in any case', async () => {
    const premium = await admin('plan', ' PLAN.TESTER@example.com ', 'premium');
    expect(premium).toMatchObject({ code: 0, stderr: '' });
    expect(premium.stdout.trim()).toBe('plan.tester@example.com is now on the premium plan.');
    expect(await planOf(learner.bearer)).toEqual({ plan: 'premium', lessonsLeftToday: null });

    expect(await run('plan', 'plan.tester@example.com', 'free')).toBe('plan.tester@example.com is now on the free plan.');
    expect(await planOf(learner.bearer)).toEqual({ plan: 'free', lessonsLeftToday: 1 });
  });

  it('refuses an unknown e-mail, an unknown plan and a wrong command line with a clear message and a non-zero exit', async () => {
    const unknown = await admin('plan', 'nobody@example.com', 'premium');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('There is no account with the e-mail nobody@example.com.');

    await expect(run('plan', 'not-an-address', 'premium')).rejects.toThrow('"not-an-address" is not an e-mail address.');
    await expect(run('plan', 'plan.tester@example.com', 'gold')).rejects.toThrow(
      new UsageError('Unknown plan "gold": use free or premium.'),
    );
    await expect(run('plan', 'plan.tester@example.com')).rejects.toBeInstanceOf(UsageError);
    await expect(run('grant', 'plan.tester@example.com', 'premium')).rejects.toThrow(new UsageError('Unknown command "grant".'));
    expect((await planOf(learner.bearer)).plan).toBe('free');
  });

  it.runIf(source.kind === 'pglite')('will not open the embedded database while the server has it open', async () => {
    await withServer(() =>
      expect(run('plan', 'plan.tester@example.com', 'premium')).rejects.toThrow('is open in another process'),
    );
    expect((await planOf(learner.bearer)).plan).toBe('free');
  });

  it.runIf(source.kind === 'pglite')('will not create an empty database where DATA_DIR points to nothing', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'parla-admin-empty-'));
    try {
      await expect(
        runAdminCommand(['plan', 'plan.tester@example.com', 'premium'], parseEnv({ DATA_DIR: empty })),
      ).rejects.toThrow('There is no embedded database in');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
