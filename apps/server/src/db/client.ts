import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg, { escapeLiteral } from 'pg';
import type { Env } from '../config/env';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type every repository takes: PGlite and node-postgres share it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolMax?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** A value bound to a prepared statement: text (UUIDs, ISO timestamps, …), a finite number or null. */
export type StatementValue = string | number | null;

/** Runs a prepared statement with its values and returns the rows as the database typed them. */
export type PreparedStatement<Row> = (values: readonly StatementValue[]) => Promise<Row[]>;

/** The server's database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/pglite. */
export function databaseTargetFromEnv(env: Env): DatabaseTarget {
  return env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX }
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

// Replicas may start together; the lock makes them apply migrations one at a time.
const MIGRATION_LOCK_KEY = 7_306_142_019;

function withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function sqlLiteral(value: StatementValue): string {
  if (value === null) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  return escapeLiteral(value);
}

export async function openDatabase(
  target: DatabaseTarget,
  onPoolError: (error: Error) => void = () => {},
): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolMax ?? 10,
      connectionTimeoutMillis: 3_000,
      idleTimeoutMillis: 10_000,
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
      async migrate(migrationsFolder) {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePostgres(drizzlePostgres(client, { schema, casing: 'snake_case' }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
          client.release();
        }
      },
      // node-postgres prepares a named statement on each pooled connection the first time it runs there.
      prepare: <Row>(name: string, text: string) => {
        return async (values: readonly StatementValue[]) => (await pool.query({ name, text, values: [...values] })).rows as Row[];
      },
      close: () => pool.end(),
    };
  }

  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  // Both given: the dump is unpacked into the (new) data directory.
  const client = await PGlite.create({
    ...(target.dataDir && { dataDir: target.dataDir }),
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
