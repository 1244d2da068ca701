import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';

describe('serving the built web app', () => {
  let ctx: TestApp;
  let dist: string;

  beforeAll(async () => {
    // A miniature of what `vite build` writes.
    dist = mkdtempSync(join(tmpdir(), 'parla-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Parla</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-AbC123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    ctx = await buildTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / and asks the browser to revalidate it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it('caches hashed assets for a year as immutable', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('caches other public files briefly', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('falls back to index.html for client routes, with or without a query', async () => {
    for (const url of ['/app/lesson/42', '/privacy', '/login?next=%2Fapp']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('never answers /api/* with the page', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });

  it('answers a missing file and a non-GET page request with 404 JSON', async () => {
    for (const [method, url] of [
      ['GET', '/assets/index-Missing.js'],
      ['GET', '/robots.txt'],
      ['POST', '/login'],
    ] as const) {
      const response = await ctx.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
  });
});
