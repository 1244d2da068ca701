import { Writable } from 'node:stream';
import { ErrorBodySchema } from '@parla/shared/errors';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from './test/build-test-app';

/** Collects the server's JSON log lines so a test can read what an operator would see. */
function captureLogs() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: pino({ level: 'info' }, stream) };
}

describe('the API skeleton', () => {
  let ctx: TestApp;
  const logs = captureLogs();

  beforeAll(async () => {
    ctx = await buildTestApp({ logger: logs.logger });
    // Routes that exist only in this test, to drive the shared error handling through HTTP.
    const EchoBodySchema = z.object({ email: z.email(), age: z.number().int().min(13) });
    ctx.app.post(
      '/api/v1/test-echo',
      { config: { public: true }, schema: { body: EchoBodySchema } },
      async (request) => request.body,
    );
    ctx.app.get('/api/v1/test-crash', { config: { public: true } }, async () => {
      throw new Error('secret internals: password=hunter2');
    });
  });
  afterAll(() => ctx.close());

  describe('errors', () => {
    it('answers an unknown /api route with 404 JSON', async () => {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/nope' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ detail: 'No route POST /api/v1/nope.', code: 'not_found' });
    });

    it('answers 404 JSON for /api paths outside v1 and for unknown methods', async () => {
      for (const [method, url] of [
        ['GET', '/api/v2/health'],
        ['DELETE', '/api/v1/health'],
        ['GET', '/api'],
      ] as const) {
        const response = await ctx.app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(ErrorBodySchema.parse(response.json()).code).toBe('not_found');
      }
    });

    it('answers a malformed JSON body with 400 invalid_json, not 500', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/test-echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "a@b.c", ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'The request body is not valid JSON.', code: 'invalid_json' });
    });

    it('answers an empty JSON body with 400', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/test-echo',
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_json' });
    });

    it('refuses prototype poisoning in JSON with 400', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/test-echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":"a@b.co","age":20,"__proto__":{"admin":true}}',
      });
      expect(response.statusCode).toBe(400);
      expect(ErrorBodySchema.safeParse(response.json()).success).toBe(true);
    });

    it('answers a 2 MB body with 413', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/nope',
        headers: { 'content-type': 'application/json' },
        payload: `"${'a'.repeat(2 * 1024 * 1024)}"`,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ detail: 'The request body is too large.', code: 'payload_too_large' });
    });

    it('answers an unsupported content type with 415', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/test-echo',
        headers: { 'content-type': 'application/xml' },
        payload: '<a/>',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ code: 'unsupported_media_type' });
    });

    it('answers invalid fields with 400 validation_error and one entry per field', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/test-echo',
        payload: { email: 'not-an-email', age: 7 },
      });
      expect(response.statusCode).toBe(400);
      const body = ErrorBodySchema.parse(response.json());
      expect(body.code).toBe('validation_error');
      expect(body.errors?.map((error) => error.path).sort()).toEqual(['body.age', 'body.email']);
      for (const error of body.errors ?? []) expect(error.message.length).toBeGreaterThan(0);
    });

    it('hides the cause of a 5xx and logs it with the request id', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/test-crash',
        headers: { 'x-request-id': 'crash-trace-1' },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ detail: 'Something went wrong on our side.', code: 'internal_error' });
      expect(response.body).not.toContain('hunter2');
      expect(response.body).not.toContain('at ');
      const logged = logs.lines.find((line) => line.request_id === 'crash-trace-1' && line.level === 50);
      expect(logged).toMatchObject({ msg: 'request failed' });
      expect(JSON.stringify(logged)).toContain('secret internals');
    });
  });

  describe('request ids', () => {
    it('echoes a sane X-Request-Id and logs one line per request with it', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/health',
        headers: { 'x-request-id': 'abc.DEF_123-x' },
      });
      expect(response.headers['x-request-id']).toBe('abc.DEF_123-x');
      const lines = logs.lines.filter((line) => line.request_id === 'abc.DEF_123-x');
      expect(lines).toEqual([expect.objectContaining({ method: 'GET', url: '/api/v1/health', status: 200, msg: 'request' })]);
    });

    it('replaces an unsafe or overlong X-Request-Id with a generated one', async () => {
      for (const offered of ['has space', 'x'.repeat(129), 'new\\nline', '<script>']) {
        const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': offered } });
        const echoed = response.headers['x-request-id'];
        expect(echoed).not.toBe(offered);
        expect(echoed).toMatch(/^[0-9a-f-]{36}$/);
      }
    });

    it('accepts exactly 128 characters', async () => {
      const offered = 'a'.repeat(128);
      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': offered } });
      expect(response.headers['x-request-id']).toBe(offered);
    });

    it('puts a request id on error responses too', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/nope' });
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('security headers', () => {
    it('sends a strict content security policy and the usual hardening headers', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-powered-by']).toBeUndefined();
    });
  });

  describe('OpenAPI', () => {
    it('publishes an OpenAPI 3 document generated from the route schemas', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(response.statusCode).toBe(200);
      const document = response.json();
      expect(document.openapi).toMatch(/^3\./);
      const health = document.paths['/api/v1/health'].get;
      expect(Object.keys(health.responses)).toEqual(expect.arrayContaining(['200', '503']));
      expect(health.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Health' });
      expect(Object.keys(document.components.schemas.Health.properties)).toEqual(['status', 'database', 'version']);
    });

    it('serves browsable docs at /api/docs', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('swagger');
    });
  });
});
