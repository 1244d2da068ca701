import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, type RunningServer, SERVER_ENTRY, startServer } from './support/server';

/** Sends the head and half the body of a request, and the rest when asked: a slow client. */
function slowRequest(url: string) {
  const { hostname, port } = new URL(url);
  const body = JSON.stringify({ message: 'a slow upload' });
  const half = Math.floor(body.length / 2);
  const socket = net.connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(
    `POST /api/v1/nope HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, half)}`,
  );
  return {
    finish: () => socket.write(body.slice(half)),
    /** Sends the rest of the body and, on the same connection, one more request right behind it. */
    finishThenAsk: (path: string) => socket.write(`${body.slice(half)}GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`),
    response: async () => {
      await closed;
      return received;
    },
  };
}

describe('the server process', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.stop('SIGKILL');
    server = undefined;
  });

  it('on SIGTERM lets an in-flight request finish, refuses new ones with 503, then exits 0', async () => {
    server = await startServer();
    const request = slowRequest(server.url);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const exitCode = server.stop('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.process.exitCode).toBeNull();
    request.finishThenAsk('/api/v1/health');

    // The running request gets its real answer; the one that arrived during the drain gets 503.
    const responses = (await request.response()).split(/(?=HTTP\/1\.1 )/);
    expect(responses).toHaveLength(2);
    expect(responses[0]).toMatch(/^HTTP\/1\.1 404/);
    expect(responses[0]).toContain('"code":"not_found"');
    expect(responses[1]).toMatch(/^HTTP\/1\.1 503/);
    expect(responses[1]).toContain('"code":"service_unavailable"');
    expect(await exitCode).toBe(0);
    expect(server.output()).toContain('shut down cleanly');
  });

  it('answers a request on a kept-alive connection after SIGTERM with 503 and Connection: close, then exits 0', async () => {
    server = await startServer({ SHUTDOWN_DRAIN_MS: '1000' });
    const running = server;
    const { hostname, port } = new URL(running.url);
    const socket = net.connect(Number(port), hostname);
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const ask = () => socket.write(`GET /api/v1/health HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
    const until = async (done: () => boolean) => {
      for (let waited = 0; !done(); waited += 20) {
        if (waited > 10_000) throw new Error(`gave up waiting; received:\n${received}\nserver:\n${running.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    ask();
    await until(() => received.includes('"database":"ok"'));
    const exitCode = running.stop('SIGTERM');
    await until(() => running.output().includes('shutting down'));
    // The same connection, idle since its first answer, is used again the way a client's pool would.
    ask();
    await closed;

    const [first, second, ...rest] = received.split(/(?=HTTP\/1\.1 )/);
    expect(rest).toEqual([]);
    expect(first).toMatch(/^HTTP\/1\.1 200/);
    expect(first).toMatch(/\r\nconnection: keep-alive\r\n/i);
    expect(second).toMatch(/^HTTP\/1\.1 503/);
    expect(second).toMatch(/\r\nconnection: close\r\n/i);
    expect(second).toContain('"code":"service_unavailable"');
    expect(await exitCode).toBe(0);
    expect(running.output()).toContain('shut down cleanly');
  });

  it('refuses to start with a wrong setting and names the variable', async () => {
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', PORT: 'eighty', DATABASE_URL: 'mysql://nope' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration');
    expect(output).toMatch(/PORT: /);
    expect(output).toMatch(/DATABASE_URL: must be a postgres/);
  });

  it('serves accounts and lessons from the built bundle (content bank included)', async () => {
    server = await startServer();
    const register = await fetch(`${server.url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bundle@example.com', password: 'violet-harbour-42', full_name: 'Bundle Test' }),
    });
    expect(register.status).toBe(201);
    const { access_token: token } = (await register.json()) as { access_token: string };
    const start = await fetch(`${server.url}/api/v1/lessons/greetings-1/start`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(start.status).toBe(200);
    const { exercises } = (await start.json()) as { exercises: { type: string }[] };
    const count = (type: string) => exercises.filter((exercise) => exercise.type === type).length;
    // 3 multiple choice, 2 fill-in-the-blank, 2 word order, plus one listening and one speaking item.
    expect(exercises).toHaveLength(9);
    expect([count('multiple-choice'), count('fill-blank'), count('drag-drop'), count('listening'), count('speaking')]).toEqual([
      3, 2, 2, 1, 1,
    ]);
  });

  it('starts again on the same embedded data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'parla-restart-'));
    try {
      const first = await startServer({}, { dataDir });
      expect(await first.stop('SIGTERM')).toBe(0);
      server = await startServer({}, { dataDir });
      const health = await fetch(`${server.url}/api/v1/health`);
      expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });
      expect(await server.stop('SIGTERM')).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
