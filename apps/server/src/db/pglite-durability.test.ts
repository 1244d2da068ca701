import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, inject, it, vi } from 'vitest';
import { type DatabaseHandle, openDatabase } from './client';

// fsync(2) as the embedded database's file system calls it, counted (PGlite's own code does not come
// through here: it reaches node:fs by require, which this does not replace).
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  return { ...actual, fsyncSync: vi.fn(actual.fsyncSync) };
});

/**
 * The file-backed embedded database (ADR 015): a commit it acknowledged is still there after its
 * process is killed, and what PostgreSQL syncs reaches the disk. The data directories are unpacked
 * from the migrated test dump (an initdb would cost seconds); PGlite only, as the server runs it.
 */
const source = inject('testDatabase');
const workDir = fs.mkdtempSync(join(tmpdir(), 'parla-durability-'));
const CLIENT = new URL('./client.ts', import.meta.url).href;
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const ACKNOWLEDGED_BEFORE_KILL = 200;

let open: DatabaseHandle | undefined;
let writer: ChildProcess | undefined;
afterEach(async () => {
  writer?.kill('SIGKILL');
  await open?.close();
  open = undefined;
});
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

/** The rows a raw statement answers (PGlite and node-postgres both give `{ rows }`). */
async function rowsOf<Row>(handle: DatabaseHandle, statement: SQL): Promise<Row[]> {
  return ((await handle.db.execute(statement)) as unknown as { rows: Row[] }).rows;
}

const dumpFile = source.kind === 'pglite' ? source.dumpFile : '';

/** Inserts 1, 2, 3, … one commit each, printing each number once its insert is acknowledged, until killed. */
const WRITER = `
const { openDatabase } = await import(process.env.CLIENT);
const { readFileSync } = await import('node:fs');
const { sql } = await import('drizzle-orm');
const database = await openDatabase({
  kind: 'pglite',
  dataDir: process.env.DATA_DIR,
  loadDataDir: new Blob([readFileSync(process.env.DUMP_FILE)]),
});
await database.db.execute(sql\`create table durability_probe (id int primary key)\`);
for (let id = 1; ; id++) {
  await database.db.execute(sql\`insert into durability_probe (id) values (\${id})\`);
  process.stdout.write(id + '\\n');
}
`;

/** Runs the writer in its own process and kill -9s it once it has acknowledged `count` commits. */
function writeThenKill(dataDir: string, count: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', TSX, '--input-type=module', '-e', WRITER], {
      env: { PATH: process.env.PATH ?? '', CLIENT, DATA_DIR: dataDir, DUMP_FILE: dumpFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    writer = child;
    let acknowledged = 0;
    let pending = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (/^\d+$/.test(line)) acknowledged = Math.max(acknowledged, Number(line));
      if (acknowledged >= count) child.kill('SIGKILL');
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (_code, signal) =>
      signal === 'SIGKILL' ? resolve(acknowledged) : reject(new Error(`the writer exited by itself: ${stderr}`)),
    );
  });
}

describe.runIf(source.kind === 'pglite')('the embedded database on disk', () => {
  it('keeps every commit it acknowledged when its process is killed (kill -9) mid-write', async () => {
    const dataDir = join(workDir, 'killed');
    const acknowledged = await writeThenKill(dataDir, ACKNOWLEDGED_BEFORE_KILL);
    expect(acknowledged).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);

    open = await openDatabase({ kind: 'pglite', dataDir });
    const [counted] = await rowsOf<{ kept: number }>(
      open,
      sql`select count(*)::int as kept from durability_probe where id <= ${acknowledged}`,
    );
    expect(counted?.kept).toBe(acknowledged);
  }, 60_000);

  it('writes its log synchronously (O_DSYNC) and fsyncs what a checkpoint flushes', async () => {
    const dataDir = join(workDir, 'synced');
    const handle = await openDatabase({ kind: 'pglite', dataDir, loadDataDir: new Blob([fs.readFileSync(dumpFile)]) });
    open = handle;
    const show = async (setting: string) =>
      (await rowsOf<Record<string, string>>(handle, sql.raw(`show ${setting}`)))[0]?.[setting];
    expect(await show('fsync')).toBe('on');
    expect(await show('synchronous_commit')).toBe('on');
    expect(await show('wal_sync_method')).toBe('open_datasync');

    await handle.db.execute(sql`create table sync_probe (id int primary key)`);
    await handle.db.execute(sql`insert into sync_probe (id) values (1)`);
    if (process.platform === 'linux') {
      // The WAL segment this process has open, as the kernel sees it: O_DSYNC (or O_SYNC, which includes it).
      const walFlags = fs
        .readdirSync('/proc/self/fd')
        .filter((fd) => {
          try {
            return fs.readlinkSync(`/proc/self/fd/${fd}`).startsWith(join(dataDir, 'pg_wal', '0'));
          } catch {
            return false; // closed since the listing
          }
        })
        .map((fd) => Number.parseInt(/^flags:\s+(\d+)/m.exec(fs.readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'))?.[1] ?? '0', 8));
      expect(walFlags.length).toBeGreaterThan(0);
      for (const flags of walFlags) expect(flags & fs.constants.O_DSYNC).toBe(fs.constants.O_DSYNC);
    }

    vi.mocked(fs.fsyncSync).mockClear();
    await handle.db.execute(sql`checkpoint`);
    expect(vi.mocked(fs.fsyncSync).mock.calls.length).toBeGreaterThan(0);
  }, 60_000);
});
