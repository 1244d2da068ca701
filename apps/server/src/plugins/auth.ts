import { AppError } from '@parla/shared/errors';
import type { FastifyRequest } from 'fastify';
import type { AccessClaims, TokenSigner } from '../lib/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AccessClaims | null;
  }
}

/** Reads `Authorization: Bearer <access token>`; undefined when the header is absent. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token)
    throw new AppError('token_invalid', 'Send the access token as "Authorization: Bearer <token>".');
  return token;
}

/**
 * An onRequest hook for routes that need a signed-in learner. An access token of a session that
 * has ended (sign-out everywhere, a password change, a reused refresh token) stops working at
 * once, checked in memory: no query on this path.
 */
export function createRequireAuth(signer: TokenSigner, isRevoked: (familyId: string) => boolean) {
  return async function requireAuth(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw new AppError('unauthorized', 'Sign in to continue.');
    const claims = await signer.verify(token);
    if (isRevoked(claims.familyId)) throw new AppError('token_invalid', 'This session has ended. Please sign in again.');
    request.auth = claims;
  };
}

/** The caller of a route guarded by requireAuth. */
export function callerOf(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw new AppError('unauthorized', 'Sign in to continue.');
  return request.auth;
}
