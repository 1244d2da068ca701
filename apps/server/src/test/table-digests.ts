import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** The column naming the learner a row belongs to, where it is not `user_id`. */
const OWNER_COLUMNS: Record<string, string> = { users: 'id', follows: 'follower_id', blocks: 'blocker_id' };

export interface DigestOptions {
  /**
   * Only this learner's rows: `users` by id, every table with a user_id column by it, and the
   * follows and blocks the learner made; others are left out.
   */
  userId?: string;
  /** Tables to leave out, e.g. rate_limits, which counts attempts whether or not they succeed. */
  except?: readonly string[];
  /**
   * Fingerprint row versions (count and the sum of xmin) instead of hashing contents: any insert,
   * update or delete shows, even one that writes the same values, and no row is read out of
   * TOAST, so a snapshot costs about a millisecond however large the jsonb columns grow.
   */
  versions?: boolean;
}

/**
 * An md5 of every table's rows, all tables in one statement: two equal digests mean no row was
 * added, removed or changed in between. Cheap while the test database is small.
 */
export async function tableDigests(db: Database, options: DigestOptions = {}): Promise<Record<string, string>> {
  return (await tableDigester(db, options))();
}

/** Reads the table list once and returns a function that digests them (for many snapshots in a row). */
export async function tableDigester(db: Database, options: DigestOptions = {}): Promise<() => Promise<Record<string, string>>> {
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`),
  );
  const tables = new Map<string, Set<string>>();
  for (const { table_name, column_name } of columns) {
    if (options.except?.includes(table_name)) continue;
    tables.set(table_name, (tables.get(table_name) ?? new Set()).add(column_name));
  }

  const parts: ReturnType<typeof sql>[] = [];
  for (const [table, names] of tables) {
    let where = sql``;
    if (options.userId !== undefined) {
      const column = OWNER_COLUMNS[table] ?? (names.has('user_id') ? 'user_id' : undefined);
      if (!column) continue;
      where = sql` where ${sql.identifier(column)} = ${options.userId}`;
    }
    const fingerprint = options.versions
      ? sql`count(*)::text || ':' || coalesce(sum(t.xmin::text::bigint), 0)::text`
      : sql`md5(coalesce(string_agg(t::text, E'\n' order by t::text), ''))`;
    parts.push(sql`select ${table}::text as name, (select ${fingerprint} from ${sql.identifier(table)} t${where}) as digest`);
  }
  const statement = sql.join(parts, sql` union all `);
  return async () => {
    if (parts.length === 0) return {};
    const digests = rowsOf<{ name: string; digest: string }>(await db.execute(statement));
    return Object.fromEntries(digests.map(({ name, digest }) => [name, digest]));
  };
}
