import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';

/** Every route the app under test declared, as the onRoute hooks saw it (schemas and config included). */
const declared: RouteOptions[] = [];

/**
 * For `vi.mock('fastify', …)`: the real module whose factory adds, first thing, an onRoute hook
 * recording each route. buildApp keeps its route table to itself; this reads it without a test
 * hook in production code, so a route added to buildApp is in the suites without anyone listing it.
 */
export function recordingFastify<Module extends { default: unknown }>(actual: Module): Module {
  const create = actual.default as (...args: unknown[]) => FastifyInstance;
  const recording = (...args: unknown[]) => {
    const app = create(...args);
    app.addHook('onRoute', (route) => {
      declared.push(route);
    });
    return app;
  };
  return { ...actual, default: recording, fastify: recording };
}

type RouteSchema = { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType };

export interface ApiRoute {
  method: string;
  /** The route's path with its `:param` placeholders, e.g. /api/v1/lessons/:id/start. */
  url: string;
  public: boolean;
  schema: RouteSchema;
  /** `GET /api/v1/lessons/:id` */
  name: string;
}

/** The routes under /api/v1 declared so far (not Fastify's automatic HEAD twins of GET routes). */
export function apiRoutes(): ApiRoute[] {
  if (declared.length === 0) throw new Error('No routes recorded: the test file must vi.mock fastify with recordingFastify.');
  return declared
    .filter((route) => /^\/api\/v1\//.test(route.url))
    .flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => method !== 'HEAD')
        .map((method) => ({
          method,
          url: route.url,
          public: route.config?.public === true,
          schema: (route.schema ?? {}) as RouteSchema,
          name: `${method} ${route.url}`,
        })),
    );
}

/** The route's URL with each `:param` replaced by its value, percent-encoded unless `raw`. */
export function fillPath(url: string, params: Record<string, string>, raw = false): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${url}`);
    return raw ? value : encodeURIComponent(value);
  });
}

export function pathParamNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string);
}
