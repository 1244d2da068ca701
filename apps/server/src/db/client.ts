import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type every repository takes: PGlite and node-postgres share it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolMax?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export interface DatabaseHandle {
  readonly kind: DatabaseTarget['kind'];
  readonly db: Database;
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
      close: () => pool.end(),
    };
  }

  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const client = target.loadDataDir
    ? await PGlite.create({ loadDataDir: target.loadDataDir })
    : await PGlite.create(target.dataDir ? { dataDir: target.dataDir } : {});
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
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}
