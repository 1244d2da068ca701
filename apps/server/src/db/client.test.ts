import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/build-test-app';
import { startTcpProxy } from '../test/tcp-proxy';
import { type DatabaseHandle, type DatabaseTimeouts, openDatabase } from './client';
import { isDatabaseUnavailableError } from './errors';

describe.runIf(inject('testDatabase').kind === 'postgres')('a PostgreSQL pool', () => {
  it('opens its connections with JIT compilation off (no statement here is worth compiling)', async () => {
    const database = await createTestDatabase();
    const handle = await openDatabase({ kind: 'postgres', url: database.url ?? '', poolMax: 2 });
    try {
      const result = (await handle.db.execute(sql`select current_setting('jit') as jit`)) as unknown as {
        rows: { jit: string }[];
      };
      expect(result.rows[0]?.jit).toBe('off');
    } finally {
      await handle.close();
      await database.dispose();
    }
  });
});

// Connections that fail need a server to connect to; PGlite lives inside the process.
describe.runIf(inject('testDatabase').kind === 'postgres')('a PostgreSQL pool whose link fails', () => {
  const timeouts = { connectMs: 1_000, statementMs: 1_000, queryMs: 1_500 } satisfies Partial<DatabaseTimeouts>;
  let database: TestDatabase;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let handle: DatabaseHandle | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    const real = new URL(database.url ?? '');
    proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
  });
  afterEach(async () => {
    await proxy.up();
    await handle?.close();
    handle = undefined;
  });
  afterAll(async () => {
    await proxy.close();
    await database.dispose();
  });

  /** One connection at most: a connection the pool loses shows at once as every later query waiting in vain. */
  async function openThroughProxy() {
    const url = new URL(database.url ?? '');
    url.host = `127.0.0.1:${proxy.port}`;
    handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 1, timeouts });
    await handle.db.execute(sql`select 1`);
    return handle;
  }

  async function rowsOf(query: Promise<unknown>): Promise<unknown[]> {
    return ((await query) as { rows: unknown[] }).rows;
  }

  async function failure(promise: Promise<unknown>): Promise<unknown> {
    return promise.then(
      () => expect.fail('expected the database call to fail'),
      (error: unknown) => error,
    );
  }

  it('gives a transaction’s connection back when its BEGIN gets no answer, so the pool recovers', async () => {
    const { db } = await openThroughProxy();
    proxy.hold();
    const started = performance.now();
    const error = await failure(db.transaction(async (tx) => tx.execute(sql`select 1`)));
    expect(isDatabaseUnavailableError(error)).toBe(true);
    expect(performance.now() - started).toBeLessThan(timeouts.queryMs + 1_000);

    await proxy.up();
    expect(await rowsOf(db.execute(sql`select 2 as two`))).toEqual([{ two: 2 }]);
  });

  it('fails a transaction whose connection is reset midway as unavailable, and carries on', async () => {
    const { db } = await openThroughProxy();
    const error = await failure(
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await proxy.down();
        await new Promise((resolve) => setTimeout(resolve, 50));
        await tx.execute(sql`select 1`);
      }),
    );
    expect(isDatabaseUnavailableError(error)).toBe(true);

    await proxy.up();
    expect(await rowsOf(db.execute(sql`select 3 as three`))).toEqual([{ three: 3 }]);
  });

  it('fails a transaction whose link stalls midway within the limit, and carries on', async () => {
    const { db } = await openThroughProxy();
    const started = performance.now();
    const error = await failure(
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        proxy.hold();
        await tx.execute(sql`select 1`);
      }),
    );
    expect(isDatabaseUnavailableError(error)).toBe(true);
    // The statement and then the ROLLBACK behind it: one wait, not two.
    expect(performance.now() - started).toBeLessThan(timeouts.queryMs + 1_000);

    await proxy.up();
    expect(await rowsOf(db.execute(sql`select 4 as four`))).toEqual([{ four: 4 }]);
  });

  it('cancels a statement running past the statement limit, as unavailable, and runs shorter ones', async () => {
    const { db } = await openThroughProxy();
    const error = await failure(db.execute(sql`select pg_sleep(${(timeouts.statementMs + 500) / 1000})`));
    expect(isDatabaseUnavailableError(error)).toBe(true);
    expect(String((error as { cause?: unknown }).cause)).toMatch(/statement timeout/);
    await db.execute(sql`select pg_sleep(${timeouts.statementMs / 4000})`);
  });

  it('runs migrations under their own limit, longer than the statement limit of requests', async () => {
    // A migration folder whose one statement outlasts the requests' statement limit.
    const folder = mkdtempSync(join(tmpdir(), 'parla-slow-migration-'));
    try {
      mkdirSync(join(folder, 'meta'));
      const entry = { idx: 0, version: '7', when: Date.now() + 86_400_000, tag: '0000_slow', breakpoints: true };
      writeFileSync(
        join(folder, 'meta/_journal.json'),
        JSON.stringify({ version: '7', dialect: 'postgresql', entries: [entry] }),
      );
      writeFileSync(join(folder, '0000_slow.sql'), `select pg_sleep(${(timeouts.statementMs + 500) / 1000});`);
      const url = new URL(database.url ?? '');
      url.host = `127.0.0.1:${proxy.port}`;
      const open = (migrationMs: number) =>
        openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 1, timeouts: { ...timeouts, migrationMs } });

      handle = await open(timeouts.statementMs);
      const error = await failure(handle.migrate(folder));
      expect(String((error as { cause?: unknown }).cause)).toMatch(/statement timeout/);
      await handle.close();

      handle = await open(timeouts.statementMs * 4);
      await handle.migrate(folder);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('closes within a second even while the link is stalled', async () => {
    const opened = await openThroughProxy();
    proxy.hold();
    const started = performance.now();
    await opened.close();
    handle = undefined;
    expect(performance.now() - started).toBeLessThan(1_500);
  });
});
