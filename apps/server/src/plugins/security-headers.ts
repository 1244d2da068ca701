import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

// The built web app loads only its own hashed scripts and stylesheets; toasts and dialogs set
// inline styles at run time, hence 'unsafe-inline' for styles only.
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
    // Self-hosters often serve plain HTTP on a LAN; HSTS is for the TLS-terminating proxy to set.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
}
