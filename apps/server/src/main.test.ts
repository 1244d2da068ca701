import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test/build-test-app';
import { startTcpProxy } from './test/tcp-proxy';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// The process itself, from its sources, on PostgreSQL behind a proxy that can go silent: what a
// SIGTERM does while requests wait on a database that stopped answering.
describe.runIf(inject('testDatabase').kind === 'postgres')('the server process on a PostgreSQL that stops answering', () => {
  let child: ChildProcess | undefined;
  let cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    if (child?.exitCode === null) child.kill('SIGKILL');
    child = undefined;
    for (const cleanup of cleanups.reverse()) await cleanup();
    cleanups = [];
  });

  it('answers the request in flight 503 and exits 0 within SHUTDOWN_TIMEOUT_MS on SIGTERM', { timeout: 60_000 }, async () => {
    const database: TestDatabase = await createTestDatabase();
    cleanups.push(() => database.dispose());
    const real = new URL(database.url ?? '');
    const proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
    cleanups.push(() => proxy.close());
    const viaProxy = new URL(real);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'parla-main-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;

    // Every database and shutdown limit at its default: they must fit together.
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: viaProxy.toString(),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = server;
    let output = '';
    server.stdout?.on('data', (chunk) => (output += chunk));
    server.stderr?.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));

    const deadline = Date.now() + 40_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`The server exited during start-up:\n${output}`);
      const health = await fetch(`${url}/api/v1/health`).catch(() => undefined);
      if (health?.ok) break;
      if (Date.now() > deadline) throw new Error(`The server did not become healthy:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const register = await fetch(`${url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'silent-db@example.com', password: 'violet-harbour-42', full_name: 'Ana García' }),
    });
    expect(register.status).toBe(201);
    const { access_token: token } = (await register.json()) as { access_token: string };
    const dashboard = () => fetch(`${url}/api/v1/dashboard`, { headers: { authorization: `Bearer ${token}` } });
    expect((await dashboard()).status).toBe(200);

    proxy.hold();
    const inFlight = dashboard();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalled = performance.now();
    server.kill('SIGTERM');

    const response = await inFlight;
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ detail: expect.any(String), code: 'database_unavailable' });
    expect(await exited).toBe(0);
    expect(performance.now() - signalled).toBeLessThan(10_000);
    expect(output).toContain('shut down cleanly');
  });
});
