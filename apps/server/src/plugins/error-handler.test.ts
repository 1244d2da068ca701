import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { ErrorBodySchema } from '@parla/shared/errors';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../lib/logger';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { newAccount, registerUser } from '../test/factories';

const logLines: Record<string, unknown>[] = [];
const logger = pino(
  loggerOptions({ level: 'info' }),
  new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  }),
);

let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp({ logger });
});
afterAll(() => ctx.close());

const longParam = 'a'.repeat(600);

describe('errors Fastify meets itself', () => {
  it.each([
    { what: 'a path that is not valid percent-encoding', method: 'GET', url: '/api/v1/users/%ZZ/profile', status: 400 },
    { what: 'a path parameter over maxParamLength', method: 'GET', url: `/api/v1/lessons/${longParam}`, status: 400 },
    {
      what: 'a content type no parser can read',
      method: 'POST',
      url: '/api/v1/contact',
      headers: { 'content-type': '/' },
      payload: '{}',
      status: 415,
    },
    {
      what: 'broken JSON',
      method: 'POST',
      url: '/api/v1/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
      status: 400,
    },
    {
      what: 'a body shorter than its Content-Length',
      method: 'POST',
      url: '/api/v1/contact',
      headers: { 'content-type': 'application/json', 'content-length': '100' },
      payload: '{}',
      status: 400,
    },
  ] as const)('answers $what in the error model, with the usual headers', async (example) => {
    const requestId = `framework-${randomUUID()}`;
    const response = await ctx.app.inject({
      method: example.method,
      url: example.url,
      headers: { ...('headers' in example ? example.headers : {}), 'x-request-id': requestId },
      ...('payload' in example ? { payload: example.payload } : {}),
    });
    expect(response.statusCode).toBe(example.status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['code', 'detail']);
    expect(ErrorBodySchema.parse(body).code).not.toMatch(/^FST_/);
    // The client's own path is not repeated back to it.
    expect(response.body).not.toContain('%ZZ');
    expect(response.body).not.toContain(longParam);
    expect(response.headers['x-request-id']).toBe(requestId);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    // …and the one request line is written, with the same id.
    expect(logLines.filter((line) => line.request_id === requestId)).toEqual([
      expect.objectContaining({ msg: 'request', status: example.status }),
    ]);
  });
});

describe('text PostgreSQL cannot store', () => {
  const NULS = ['\u0000', 'a\u0000b'];

  const expectRefused = (response: { statusCode: number; json(): unknown }, path: string) => {
    expect(response.statusCode).toBe(400);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.code).toBe('validation_error');
    expect(body.errors?.map((error) => error.path)).toContain(path);
  };

  it('refuses a NUL character in a name at sign-up, and creates no account', async () => {
    for (const nul of NULS) {
      const account = newAccount({ full_name: `Ana${nul}` });
      expectRefused(await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: account }), 'body.full_name');
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: account.username, password: account.password },
      });
      expect(login.statusCode).toBe(401);
    }
  });

  it('refuses a NUL character in a contact message’s name and text', async () => {
    for (const nul of NULS) {
      const message = { name: 'Ana', email: 'ana@example.com', message: 'Hello there' };
      expectRefused(
        await ctx.app.inject({ method: 'POST', url: '/api/v1/contact', payload: { ...message, name: nul } }),
        'body.name',
      );
      expectRefused(
        await ctx.app.inject({ method: 'POST', url: '/api/v1/contact', payload: { ...message, message: `Hi${nul}` } }),
        'body.message',
      );
    }
  });

  it('refuses a NUL character in an answer, a search and a text to explain', async () => {
    const account = await registerUser(ctx.app);
    for (const nul of NULS) {
      for (const answer of [nul, ['hola', nul]]) {
        expectRefused(
          await ctx.app.inject({
            method: 'POST',
            url: '/api/v1/lessons/greetings-1/exercises/e1/complete',
            headers: account.bearer,
            payload: { session_id: randomUUID(), answer },
          }),
          typeof answer === 'string' ? 'body.answer' : 'body.answer.1',
        );
      }
      expectRefused(
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/lessons/search?q=${encodeURIComponent(`ho${nul}la`)}`,
          headers: account.bearer,
        }),
        'querystring.q',
      );
      expectRefused(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/enhanced-lessons/adapt-explanation',
          headers: account.bearer,
          payload: { text: `Explain${nul}` },
        }),
        'body.text',
      );
    }
  });
});
