import type { z } from 'zod';
import { type Database, type DatabaseHandle, executeText, type PreparedStatement, type StatementValue } from './client';

/**
 * A hand-written SQL statement (the hot paths drizzle's builder cannot express in one round trip):
 * its text with $1, $2, …, the SQL types of those parameters, and the zod schema of one row it
 * returns. Each lives in its own `*.sql.ts` file beside the repository that runs it.
 *
 * The schema is the row's type (`z.infer`), and it is checked against what the real database
 * returns whenever the server runs under the test runner (or with DATABASE_CHECK_ROWS=1): every API
 * test on PGlite and on PostgreSQL then validates every row of every statement it reaches, and
 * db/statements.test.ts makes sure each defined statement is reached. In production the rows are
 * trusted (no parsing on the hot path).
 */
export interface StatementDefinition<Row> {
  /** Unique in the process: the name it is prepared under. */
  readonly name: string;
  readonly text: string;
  readonly params: readonly string[];
  readonly row: z.ZodType<Row>;
}

const defined = new Map<string, StatementDefinition<unknown>>();
const checked = new Set<string>();

const CHECK_ROWS = process.env.VITEST === 'true' || process.env.DATABASE_CHECK_ROWS === '1';

export function defineStatement<Row>(definition: StatementDefinition<Row>): StatementDefinition<Row> {
  const known = defined.get(definition.name);
  if (known && known.text !== definition.text) throw new Error(`Two statements are named ${definition.name}`);
  defined.set(definition.name, definition as StatementDefinition<unknown>);
  return definition;
}

/** The rows as the statement's schema types them; under test, parsed (a mismatch names the statement and the column). */
export function checkRows<Row>(definition: StatementDefinition<Row>, rows: readonly unknown[]): Row[] {
  if (!CHECK_ROWS) return rows as Row[];
  checked.add(definition.name);
  return rows.map((row, index) => {
    const parsed = definition.row.safeParse(row);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(row)'}: ${issue.message}`).join('; ');
      throw new Error(`Statement ${definition.name} returned a row its schema refuses (row ${index}): ${issues}`);
    }
    return parsed.data;
  });
}

/** Runs a statement inside a transaction (unprepared; the values are bound). */
export async function runStatement<Row>(
  executor: Database,
  definition: StatementDefinition<Row>,
  values: readonly StatementValue[],
): Promise<Row[]> {
  return checkRows(definition, await executeText<unknown>(executor, definition.text, values));
}

/** Every statement defined so far, and the names of those whose rows have been checked (tests). */
export function statementCoverage(): { defined: string[]; checked: string[] } {
  return { defined: [...defined.keys()].sort(), checked: [...checked].sort() };
}

/** A statement prepared once per connection (DatabaseHandle.prepare) whose rows are typed, and checked under test. */
export function prepareStatement<Row>(database: DatabaseHandle, definition: StatementDefinition<Row>): PreparedStatement<Row> {
  const run = database.prepare<unknown>(definition.name, definition.text, definition.params);
  return async (values) => checkRows(definition, await run(values));
}
