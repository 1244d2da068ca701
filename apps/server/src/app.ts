import { AppError } from '@parla/shared/errors';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import pino from 'pino';
import rootPackage from '../../../package.json' with { type: 'json' };
import type { Env } from './config/env';
import type { DatabaseHandle } from './db/client';
import type { Clock } from './lib/clock';
import { healthRoutes } from './modules/health/health.routes';
import { createHealthService } from './modules/health/health.service';
import { registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { generateRequestId } from './plugins/request-id';
import { RequestLogController } from './plugins/request-logging';
import { registerSecurityHeaders } from './plugins/security-headers';
import { hasBuiltWebApp, registerWebApp, sendWebAppIndex } from './plugins/web-app';

export const APP_VERSION: string = rootPackage.version;

export interface BuildAppOptions {
  env: Env;
  database: DatabaseHandle;
  /** Modules that need "now" (streaks, expiries, limits) take it from here, never from Date. */
  clock: Clock;
  /** The built web app (apps/web/dist); without it only the API is served. */
  webDistDir?: string | undefined;
  logger?: FastifyBaseLogger;
}

export type App = FastifyInstance;

export async function buildApp({ env, database, webDistDir, logger }: BuildAppOptions): Promise<App> {
  const app = Fastify({
    loggerInstance: logger ?? pino({ level: env.LOG_LEVEL }),
    logController: new RequestLogController(),
    genReqId: generateRequestId,
    requestIdHeader: false,
    trustProxy: env.TRUST_PROXY,
    bodyLimit: env.BODY_LIMIT_BYTES,
    return503OnClosing: false,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  // Requests arriving while the server drains (on a kept-alive connection) are turned away so a
  // load balancer retries them elsewhere; the ones already running finish.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    if (closing) {
      throw new AppError('service_unavailable', 'The server is restarting. Please try again in a moment.');
    }
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });
  // A keep-alive connection whose request finished during the drain would otherwise hold the
  // shutdown open until its idle timeout.
  app.addHook('onResponse', async () => {
    if (closing) app.server.closeIdleConnections();
  });

  await registerSecurityHeaders(app);
  await registerOpenApi(app, APP_VERSION);

  const healthService = createHealthService({ database, version: APP_VERSION });
  await app.register(healthRoutes({ healthService }), { prefix: '/api/v1' });

  const serveWebApp = hasBuiltWebApp(webDistDir);
  if (serveWebApp) await registerWebApp(app, webDistDir);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // Client routes have no file extension; a missing /assets/x.js must be a 404, not the page.
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      path !== '/api' &&
      !/\.[A-Za-z0-9]+$/.test(path);
    if (serveWebApp && isPageRequest) return sendWebAppIndex(reply);
    throw new AppError('not_found', `No route ${request.method} ${path}.`);
  });

  return app;
}
