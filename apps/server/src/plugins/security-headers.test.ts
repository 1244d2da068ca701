import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, type TestApp, type TestDatabase, testEnv } from '../test/build-test-app';
import { newAccount } from '../test/factories';

const refreshCookieOf = (setCookie: string | string[] | number | undefined) =>
  ([] as string[])
    .concat((setCookie as string | string[] | undefined) ?? [])
    .find((cookie) => cookie.startsWith('parla_refresh='));

// One database, two servers in front of it: reached over plain HTTP, and over HTTPS.
let database: TestDatabase;
let plain: TestApp;
let tls: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  plain = await buildTestApp({ database, env: testEnv({ PUBLIC_URL: 'http://parla.test' }) });
  tls = await buildTestApp({ database, env: testEnv({ PUBLIC_URL: 'https://parla.example' }) });
});
afterAll(async () => {
  for (const server of [plain, tls]) {
    await server.app.close();
    rmSync(server.env.DATA_DIR, { recursive: true, force: true });
  }
  await database.dispose();
});

let ipCounter = 0;
const register = (app: TestApp) =>
  app.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: newAccount(),
    remoteAddress: `10.8.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`,
  });

describe('framing', () => {
  it('forbids framing in both headers, consistently', async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describe('a site served over HTTPS (PUBLIC_URL https://…)', () => {
  it('sends Strict-Transport-Security on every response, Fastify’s own errors included', async () => {
    for (const url of ['/api/v1/health', '/api/v1/nope', '/api/v1/users/%ZZ/profile']) {
      const response = await tls.app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('sets the refresh cookie Secure, though the request reached the server as plain HTTP', async () => {
    const response = await register(tls);
    expect(response.statusCode).toBe(201);
    const cookie = refreshCookieOf(response.headers['set-cookie']);
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*Secure(;|$)/i);
    expect(cookie).toMatch(/;\s*HttpOnly(;|$)/i);
  });
});

describe('a site served over plain HTTP (PUBLIC_URL http://…)', () => {
  it('sends no Strict-Transport-Security', async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sets the refresh cookie without Secure, so a browser on http keeps it', async () => {
    const response = await register(plain);
    expect(response.statusCode).toBe(201);
    const cookie = refreshCookieOf(response.headers['set-cookie']);
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/;\s*Secure(;|$)/i);
  });
});
