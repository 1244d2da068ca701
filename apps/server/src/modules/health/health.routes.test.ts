import { GetHealthResponseSchema } from '@parla/shared/health.schema';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { buildTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../test/build-test-app';
import { startTcpProxy } from '../../test/tcp-proxy';

describe('GET /api/v1/health', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('says the API and the database are up, with the version', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = GetHealthResponseSchema.parse(response.json());
    expect(body).toEqual({ status: 'ok', database: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });

  it('answers HEAD too, for uptime monitors', async () => {
    const response = await ctx.app.inject({ method: 'HEAD', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
  });
});

describe('GET /api/v1/health when the database is gone', () => {
  it('answers 503 database_unavailable once the database is closed', async () => {
    const ctx = await buildTestApp();
    try {
      await ctx.database.handle.close();
      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ detail: expect.any(String), code: 'database_unavailable' });
    } finally {
      await ctx.close();
    }
  });
});

// Cutting a real PostgreSQL connection needs a server; PGlite lives inside the process.
describe.runIf(inject('testDatabase').kind === 'postgres')('health across a PostgreSQL outage', () => {
  let database: TestDatabase;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let ctx: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    const real = new URL(database.url ?? '');
    proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
    const viaProxy = new URL(real);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const handle = await openDatabase({ kind: 'postgres', url: viaProxy.toString(), poolMax: 2 });
    ctx = await buildTestApp({ database: { handle, dispose: () => handle.close() } });
  });
  afterAll(async () => {
    await ctx.close();
    await proxy.close();
    await database.dispose();
  });

  it('goes 503 while the database is unreachable and back to 200 without a restart', async () => {
    const before = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(before.statusCode).toBe(200);

    await proxy.down();
    const during = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(during.statusCode).toBe(503);
    expect(during.json()).toMatchObject({ code: 'database_unavailable' });

    await proxy.up();
    const after = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });
});
