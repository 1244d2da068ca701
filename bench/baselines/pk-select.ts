// Baseline: a bare Fastify route doing one primary-key select, on PGlite or PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

const ROWS = 10_000;
type Query = (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

let query: Query;
let close: () => Promise<void>;
const url = process.env.BENCH_DATABASE_URL;
if (url) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  query = (text, params) => pool.query(text, params);
  close = () => pool.end();
} else {
  const dir = mkdtempSync(join(tmpdir(), 'parla-bench-pk-'));
  const db = await PGlite.create({ dataDir: dir });
  query = (text, params) => db.query(text, params);
  close = async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  };
}

await query('drop table if exists bench_items');
await query('create table bench_items (id integer primary key, name text not null, xp integer not null)');
await query(`insert into bench_items select i, 'item ' || i, i % 1000 from generate_series(1, ${ROWS}) as i`);

const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>('/items/:id', async (request) => {
  const { rows } = await query('select id, name, xp from bench_items where id = $1', [Number(request.params.id)]);
  return rows[0];
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', async () => {
  await app.close();
  if (url) await query('drop table if exists bench_items');
  await close();
  process.exit(0);
});
