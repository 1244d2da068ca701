import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

export function hasBuiltWebApp(webDistDir: string | undefined): webDistDir is string {
  return webDistDir !== undefined && existsSync(join(webDistDir, 'index.html'));
}

/**
 * Serves the built single-page app: hashed files under /assets never change, so they are cached
 * for a year; index.html must be revalidated so a deploy is picked up on the next load.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDistDir,
    prefix: '/',
    wildcard: false,
    index: false,
    cacheControl: false,
    // The build writes .br and .gz beside each asset; clients that accept them get those.
    preCompressed: true,
    setHeaders(res, path) {
      const normalised = path.replaceAll('\\', '/');
      res.setHeader('Vary', 'Accept-Encoding');
      res.setHeader(
        'Cache-Control',
        normalised.includes('/assets/') ? IMMUTABLE : normalised.endsWith('.html') ? REVALIDATE : SHORT,
      );
    },
  });
}

export function sendWebAppIndex(reply: FastifyReply): FastifyReply {
  return reply.header('Cache-Control', REVALIDATE).type('text/html; charset=utf-8').sendFile('index.html');
}
