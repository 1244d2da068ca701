import { fsyncSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite, type postgresMod } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg, { escapeLiteral } from 'pg';
import type { Env } from '../config/env';
import { isQueryReadTimeout } from './errors';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type every repository takes: PGlite and node-postgres share it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolMax?: number; timeouts?: Partial<DatabaseTimeouts> }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** How long PostgreSQL may take before the server gives up on it, in ms (DATABASE_*_TIMEOUT_MS). */
export interface DatabaseTimeouts {
  /** Opening a connection, and waiting for a free one when the pool is busy. */
  connectMs: number;
  /** The database cancels a statement that runs longer (slow but alive); 0: not sent, its own setting applies. */
  statementMs: number;
  /** The server stops waiting for an answer that does not come (a silent link); above statementMs. */
  queryMs: number;
  /** Each statement of the migrations at start-up, and the wait for another replica's; 0: no limit. */
  migrationMs: number;
}

/** The same defaults as config/env.ts, for callers that open a database without the environment (tests). */
export const DEFAULT_DATABASE_TIMEOUTS: Readonly<DatabaseTimeouts> = {
  connectMs: 3_000,
  statementMs: 4_000,
  queryMs: 5_000,
  migrationMs: 600_000,
};

// Probes an idle connection after this long, so one whose server vanished without a word (no RST) is
// found and dropped before a request picks it.
const KEEPALIVE_DELAY_MS = 10_000;
// Ending the pool says goodbye on every connection and waits for the server to hang up; on a silent
// link it would wait for ever, and the process is about to exit anyway.
const CLOSE_TIMEOUT_MS = 1_000;

/** A value bound to a prepared statement: text (UUIDs, ISO timestamps, …), a finite number or null. */
export type StatementValue = string | number | null;

/** Runs a prepared statement with its values and returns the rows as the database typed them. */
export type PreparedStatement<Row> = (values: readonly StatementValue[]) => Promise<Row[]>;

/** The server's database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/pglite. */
export function databaseTargetFromEnv(env: Env): DatabaseTarget {
  return env.DATABASE_URL
    ? {
        kind: 'postgres',
        url: env.DATABASE_URL,
        poolMax: env.DATABASE_POOL_MAX,
        timeouts: {
          connectMs: env.DATABASE_CONNECT_TIMEOUT_MS,
          statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
          queryMs: env.DATABASE_QUERY_TIMEOUT_MS,
          migrationMs: env.DATABASE_MIGRATION_TIMEOUT_MS,
        },
      }
    : { kind: 'pglite', dataDir: join(resolve(env.DATA_DIR), 'pglite') };
}

export interface DatabaseHandle {
  readonly kind: DatabaseTarget['kind'];
  readonly db: Database;
  /**
   * A statement parsed and planned once per connection, then only executed: for hot reads whose
   * planning costs more than running them (a many-subquery select plans in ~0.3 ms and runs in
   * ~0.1 ms). `paramTypes` are the SQL types of $1, $2, …; `name` must be unique in the process.
   */
  prepare<Row>(name: string, text: string, paramTypes: readonly string[]): PreparedStatement<Row>;
  /** Resolves when the database answers a trivial query within the time limit. */
  ping(timeoutMs: number): Promise<void>;
  migrate(migrationsFolder: string): Promise<void>;
  /** PGlite only: the data directory as a tarball (used to clone a migrated test database). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * Runs a statement written with $1, $2, … on `executor` (a transaction's handle): for the text of a
 * prepared statement that must, this once, join a transaction. The values are bound, not inlined.
 */
export async function executeText<Row>(executor: Database, text: string, values: readonly StatementValue[]): Promise<Row[]> {
  const chunks = text.split(/\$(\d+)/).map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`));
  const result = await executor.execute(sql.join(chunks));
  return (result as unknown as { rows: Row[] }).rows;
}

// Replicas may start together; the lock makes them apply migrations one at a time.
const MIGRATION_LOCK_KEY = 7_306_142_019;

function withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * node-postgres trusts whoever checks a client out with connect() to release it, and listens to
 * nothing on it meanwhile. Two ways that goes wrong when the link fails: drizzle's transaction()
 * never releases a client whose BEGIN failed (the pool loses a connection for good: enough of those
 * and every request waits for one in vain), and a lent client's connection dying emits an 'error'
 * nobody listens to (which crashes the process). So a lent client whose link failed (its
 * connection errored, or a query got no answer in time and the connection is stuck behind it) goes
 * back to the pool as broken at once, to be closed and replaced; the borrower's own release() then
 * does nothing. pool.query() checks out with a callback and releases on every outcome itself.
 */
class GuardedPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(
    callback?: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | undefined {
    if (!callback) return super.connect().then(guardLentClient);
    super.connect(callback);
    return undefined;
  }
}

function guardLentClient(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  const query = client.query;
  let released = false;
  const giveBack = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('error', giveBack);
    client.query = query;
    release(error);
  };
  client.on('error', giveBack);
  client.query = ((...args: Parameters<typeof query>) => {
    const result = (query as (...a: unknown[]) => unknown).apply(client, args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (isQueryReadTimeout(error)) giveBack(error as Error);
      });
    }
    return result;
  }) as typeof query;
  client.release = giveBack;
  return client;
}

function sqlLiteral(value: StatementValue): string {
  if (value === null) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  return escapeLiteral(value);
}

/**
 * A file-backed PGlite whose acknowledged commits survive an OS crash or power loss, not only a
 * killed process (ADR 015). PGlite starts PostgreSQL with fsync off (`-F`), and its Emscripten file
 * system on Node never reaches fsync(2) anyway: fdatasync() is a no-op and NODEFS has no fsync.
 * Commits already reach the kernel before they are acknowledged (enough for kill -9), so: fsync on;
 * WAL files opened O_DSYNC (open_datasync, passed through to Node as O_SYNC), so a commit is on disk
 * before it is acknowledged; and an fsync for NODEFS, for what checkpoints and new WAL segments sync
 * (data files, pg_control, directories). A later `-c` wins over `-F`.
 */
const DURABLE_PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['-c', 'fsync=on', '-c', 'synchronous_commit=on', '-c', 'full_page_writes=on'],
  ...['-c', 'wal_sync_method=open_datasync'],
];

/** Emscripten's NODEFS, as far as the fsync below needs it (not part of PGlite's typed API). */
interface NodefsInternals {
  stream_ops?: { fsync?: (stream: { nfd: number }) => number };
  tryFSOperation<T>(operation: () => T): T;
}

class SyncingNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>) {
    const { emscriptenOpts } = await super.init(...args);
    const addFsync = (mod: postgresMod.PostgresMod) => {
      const nodefs = mod.NODEFS as unknown as NodefsInternals;
      // Fail loudly rather than run an upgraded PGlite without the guarantee.
      if (!nodefs.stream_ops) throw new Error('PGlite: NODEFS has no stream_ops to give an fsync to');
      // tryFSOperation turns a failed fsync into an errno, so PostgreSQL sees it (and stops, as it should).
      nodefs.stream_ops.fsync ??= (stream) =>
        nodefs.tryFSOperation(() => {
          fsyncSync(stream.nfd);
          return 0;
        });
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), addFsync] } };
  }
}

export async function openDatabase(
  target: DatabaseTarget,
  onPoolError: (error: Error) => void = () => {},
): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const timeouts = { ...DEFAULT_DATABASE_TIMEOUTS, ...target.timeouts };
    const connection = {
      connectionString: target.url,
      connectionTimeoutMillis: timeouts.connectMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    };
    const pool = new GuardedPool({
      ...connection,
      max: target.poolMax ?? 10,
      idleTimeoutMillis: 10_000,
      // Sent with the connection's start-up message: no extra round trip, on any query.
      statement_timeout: timeouts.statementMs || false,
      // Every statement here reads or writes a few rows by key, yet a batch planned inside a
      // transaction can be estimated dear enough for PostgreSQL to JIT-compile it: ~13 ms of
      // compiling for well under one of work. Off for the connection, in the start-up message.
      // (Behind PgBouncer: `ignore_startup_parameters = options`, or `ALTER DATABASE … SET jit = off`.)
      options: '-c jit=off',
      query_timeout: timeouts.queryMs,
    });
    // An idle client losing its server emits here; unhandled, it would crash the process.
    pool.on('error', onPoolError);
    const db = drizzlePostgres(pool, { schema, casing: 'snake_case' }) as unknown as Database;
    return {
      kind: 'postgres',
      db,
      ping: (timeoutMs) =>
        withTimeout(
          pool.query('select 1').then(() => undefined),
          timeoutMs,
          'database ping',
        ),
      // A connection of their own, outside the pool's limits: a migration may rewrite a large table,
      // and a replica starting beside another waits for its migrations on the lock.
      async migrate(migrationsFolder) {
        const client = new pg.Client({
          ...connection,
          statement_timeout: timeouts.migrationMs || false,
          ...(timeouts.migrationMs && { query_timeout: timeouts.migrationMs + timeouts.queryMs }),
        });
        // Its connection failing rejects the running query; unheard, the 'error' event would crash the process.
        client.on('error', () => {});
        await client.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePostgres(drizzlePostgres(client, { schema, casing: 'snake_case' }), { migrationsFolder });
        } finally {
          // Ending the session releases the lock; no unlock first, which would wait behind a statement
          // that got no answer (end() drops such a connection at once).
          await withTimeout(client.end(), CLOSE_TIMEOUT_MS, 'closing the migration connection').catch(() => {});
        }
      },
      // node-postgres prepares a named statement on each pooled connection the first time it runs there.
      prepare: <Row>(name: string, text: string) => {
        return async (values: readonly StatementValue[]) => (await pool.query({ name, text, values: [...values] })).rows as Row[];
      },
      // Connections still open after the time limit go with the process.
      close: () => withTimeout(pool.end(), CLOSE_TIMEOUT_MS, 'closing the database pool').catch(() => {}),
    };
  }

  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  // Both given: the dump is unpacked into the (new) data directory. In memory (tests) nothing is synced.
  const client = await PGlite.create({
    // Search (modules/search) compares texts with pg_trgm after unaccent; the migrations create both.
    extensions: { pg_trgm, unaccent },
    ...(target.dataDir && {
      dataDir: target.dataDir,
      fs: new SyncingNodeFS(target.dataDir),
      startParams: DURABLE_PGLITE_START_PARAMS,
    }),
    ...(target.loadDataDir && { loadDataDir: target.loadDataDir }),
  });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    ping: (timeoutMs) =>
      withTimeout(
        db.execute(sql`select 1`).then(() => undefined),
        timeoutMs,
        'database ping',
      ),
    migrate: (migrationsFolder) => migratePglite(drizzlePglite(client, { schema, casing: 'snake_case' }), { migrationsFolder }),
    // PGlite has no named statements in its query API, and EXECUTE takes no $n parameters, so the
    // values go in as quoted literals (pg's escapeLiteral) of the statement's declared types.
    prepare: <Row>(name: string, text: string, paramTypes: readonly string[]) => {
      let prepared: Promise<unknown> | undefined;
      return async (values: readonly StatementValue[]) => {
        prepared ??= client.exec(`prepare ${name} (${paramTypes.join(', ')}) as ${text}`).catch((error: unknown) => {
          prepared = undefined;
          throw error;
        });
        await prepared;
        const [result] = await client.exec(`execute ${name} (${values.map(sqlLiteral).join(', ')})`);
        return (result?.rows ?? []) as Row[];
      };
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}
