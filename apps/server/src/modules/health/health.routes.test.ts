import { GetHealthResponseSchema } from '@parla/shared/health.schema';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { buildTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../test/build-test-app';
import { registerUser } from '../../test/factories';
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
describe.runIf(inject('testDatabase').kind === 'postgres')('the API across a PostgreSQL outage', () => {
  // Short limits keep the test quick. A request waits at most for a free connection, then for an
  // answer; the slack is for a busy test machine.
  const timeouts = { connectMs: 1_000, statementMs: 1_000, queryMs: 1_500 };
  const boundMs = timeouts.connectMs + timeouts.queryMs + 1_000;
  let database: TestDatabase;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let ctx: TestApp;
  let bearer: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const real = new URL(database.url ?? '');
    proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
    const viaProxy = new URL(real);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const handle = await openDatabase({ kind: 'postgres', url: viaProxy.toString(), poolMax: 2, timeouts });
    ctx = await buildTestApp({ database: { handle, dispose: () => handle.close() } });
    ({ bearer } = await registerUser(ctx.app));
    // Loading the content bank blocks for a moment: not while the short limits are counting.
    ctx.app.warmUp();
  });
  afterAll(async () => {
    await ctx.close();
    await proxy.close();
    await database.dispose();
  });

  const timed = async <T>(request: () => Promise<T>) => {
    const started = performance.now();
    const response = await request();
    return { response, ms: performance.now() - started };
  };
  const dashboard = () => timed(() => ctx.app.inject({ method: 'GET', url: '/api/v1/dashboard', headers: bearer }));
  const health = () => timed(() => ctx.app.inject({ method: 'GET', url: '/api/v1/health' }));

  it.each([
    ['reset (the database stopped)', () => proxy.down()],
    ['stalled: open, but nothing moves either way', () => proxy.hold()],
    ['a blackhole that swallows every byte', () => proxy.drop()],
  ])('answers 503 database_unavailable in time while the link is %s, and 200 again once it is back', async (_, cut) => {
    // Both pooled connections open first, so requests during the outage meet open connections
    // that stopped answering as well as new ones that never get through.
    for (const { response } of await Promise.all([dashboard(), dashboard(), health()])) expect(response.statusCode).toBe(200);

    await cut();
    const during = await Promise.all([dashboard(), dashboard(), dashboard(), health()]);
    for (const { response, ms } of during) {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ detail: expect.any(String), code: 'database_unavailable' });
      expect(ms).toBeLessThan(boundMs);
    }

    await proxy.up();
    const after = await Promise.all([dashboard(), health()]);
    for (const { response } of after) expect(response.statusCode).toBe(200);
    expect(after[1]?.response.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });
});
