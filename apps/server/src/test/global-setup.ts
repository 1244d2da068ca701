import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { MIGRATIONS_FOLDER } from '../db/migrations-folder';
import { databaseUrlWithName } from './postgres-url';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; adminUrl: string; template: string };
  }
}

/**
 * Migrates one database per run and lets every test file copy it: a PGlite data-directory dump,
 * or a PostgreSQL template database. Creating a PGlite from scratch costs seconds; a copy does not.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = project.config.env?.PARLA_TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';

  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    await database.migrate(MIGRATIONS_FOLDER);
    const dump = await database.dumpDataDir?.();
    await database.close();
    if (!dump) throw new Error('PGlite could not dump its data directory');
    const dumpFile = join(tmpdir(), `parla-test-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
    writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
    project.provide('testDatabase', { kind, dumpFile });
    return async () => rmSync(dumpFile, { force: true });
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test suite');
  const template = `parla_tpl_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrlWithName(adminUrl, template), poolMax: 1 });
  await database.migrate(MIGRATIONS_FOLDER);
  await database.close();
  project.provide('testDatabase', { kind, adminUrl, template });

  return async () => {
    // Test files drop their own copies; this catches any a crashed file left behind.
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [
      `${template}%`,
    ]);
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
  };
}
