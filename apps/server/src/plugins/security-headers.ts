import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

// The built web app loads only its own hashed scripts and stylesheets; toasts and dialogs set
// inline styles at run time, hence 'unsafe-inline' for styles only.
const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      mediaSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      scriptSrcAttr: ["'none'"],
    },
  },
  // The same rule as frame-ancestors 'none', for browsers that predate it (SAMEORIGIN contradicted it).
  xFrameOptions: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
} satisfies HelmetOptions;

// Only when PUBLIC_URL says the site is served over TLS: self-hosters often serve plain HTTP on a
// LAN, where the header would do nothing useful.
const HSTS = { maxAge: 31_536_000, includeSubDomains: true } as const;

export type SecurityHeaders = Readonly<Record<string, string>>;

/**
 * Helmet's headers, worked out once by running helmet on a throwaway response. `https`: the site
 * is served over TLS (PUBLIC_URL), which adds Strict-Transport-Security.
 */
export function securityHeaders({ https }: { https: boolean }): SecurityHeaders {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet({ ...HELMET_OPTIONS, strictTransportSecurity: https ? HSTS : false })(request, response, () => {});
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
}

// The same headers on every response; Fastify's own early errors, which run no hooks, set them in
// the error handler. (@fastify/helmet rebuilt helmet's middleware on every request: ~20 µs each,
// a tenth of a simple authenticated read.)
export async function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): Promise<void> {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
