import type { FastifyRequest } from 'fastify';
import { type Limit, type RateLimiter, spendOrThrow } from '../lib/rate-limit';

/**
 * A preHandler that spends one attempt of `limit` per caller before the route's work. It runs
 * after authentication and validation, so only well-formed requests count.
 */
export function routeLimit(limiter: RateLimiter, name: string, limit: Limit, keyOf: (request: FastifyRequest) => string) {
  return async function limitRoute(request: FastifyRequest): Promise<void> {
    await spendOrThrow(limiter, `${name}:${keyOf(request)}`, limit);
  };
}
