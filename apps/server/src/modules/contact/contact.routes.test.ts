import { ErrorBodySchema } from '@parla/shared/errors';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, newsletterSubscriptions } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

const post = (url: string, payload: unknown, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, remoteAddress });
const rows = async (table: typeof contactMessages | typeof newsletterSubscriptions) =>
  (await ctx.database.handle.db.select({ n: count() }).from(table))[0]?.n;

describe('POST /contact', () => {
  it('stores the message', async () => {
    const before = await rows(contactMessages);
    const response = await post(
      '/contact',
      { name: ' Lucía ', email: 'Lucia@Example.com', message: '¿Tenéis curso de catalán?' },
      '10.2.0.1',
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ status: 'received' });
    expect(await rows(contactMessages)).toBe(Number(before) + 1);
  });

  it('answers 400 for an invalid e-mail or an empty message, storing nothing', async () => {
    const before = await rows(contactMessages);
    const badEmail = await post('/contact', { name: 'Lucía', email: 'lucia-at-example', message: 'Hola' }, '10.2.0.2');
    expect(badEmail.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(badEmail.json()).errors?.[0]?.path).toBe('body.email');
    const empty = await post('/contact', { name: 'Lucía', email: 'lucia@example.com', message: '   ' }, '10.2.0.2');
    expect(ErrorBodySchema.parse(empty.json()).errors?.[0]?.path).toBe('body.message');
    expect(await rows(contactMessages)).toBe(before);
  });

  it('allows 5 messages an hour per address, then 429 with Retry-After', async () => {
    for (let i = 0; i < 5; i++)
      expect((await post('/contact', { name: 'N', email: 'n@example.com', message: `m${i}` }, '10.2.0.3')).statusCode).toBe(201);
    const blocked = await post('/contact', { name: 'N', email: 'n@example.com', message: 'again' }, '10.2.0.3');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /newsletter', () => {
  it('subscribes an address, and subscribing again is not an error', async () => {
    const before = await rows(newsletterSubscriptions);
    for (const email of ['reader@example.com', ' READER@example.com ']) {
      const response = await post('/newsletter', { email }, '10.3.0.1');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'subscribed' });
    }
    expect(await rows(newsletterSubscriptions)).toBe(Number(before) + 1);
  });

  it('answers 400 for an invalid e-mail and 429 past the limit', async () => {
    expect((await post('/newsletter', { email: 'nope' }, '10.3.0.2')).statusCode).toBe(400);
    for (let i = 0; i < 10; i++) await post('/newsletter', { email: `r${i}@example.com` }, '10.3.0.3');
    expect((await post('/newsletter', { email: 'late@example.com' }, '10.3.0.3')).statusCode).toBe(429);
  });
});
