import { AppError } from '@parla/shared/errors';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from './clock';

const ISSUER = 'parla';
const AUDIENCE = 'parla-api';
const ALGORITHM = 'HS256';
/** Verified tokens remembered (about 0.5 KB each); the oldest is forgotten first. */
const REMEMBERED_TOKENS = 10_000;

export interface AccessClaims {
  userId: string;
  /** The refresh-token family (one per sign-in) this access token belongs to. */
  familyId: string;
}

export function createTokenSigner({ secret, ttlSeconds, clock }: { secret: string; ttlSeconds: number; clock: Clock }) {
  // Imported once: given raw bytes, jose imports a WebCrypto key on every call (half its cost).
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  // A learner sends the same access token with every request of its 15 minutes, and a WebCrypto
  // HMAC check costs ~40 µs (a thread-pool round trip), as much as the rest of a simple read. So
  // a token that verified is remembered, keyed by the whole token (signature included), until it
  // expires; the only check that can change meanwhile is the expiry, repeated on every use.
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();

  function remember(token: string, claims: AccessClaims, expiresAt: number): void {
    if (verified.size >= REMEMBERED_TOKENS) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    verified.set(token, { claims, expiresAt });
  }

  return {
    ttlSeconds,
    /** Deterministic for the same inputs, so a retried refresh can hand back the very same token. */
    async sign(claims: AccessClaims & { tokenId: string; issuedAt: Date }): Promise<{ token: string; expiresAt: Date }> {
      const iat = Math.floor(claims.issuedAt.getTime() / 1000);
      const exp = iat + ttlSeconds;
      const token = await new SignJWT({ sid: claims.familyId, typ: 'access' })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(claims.userId)
        .setJti(claims.tokenId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(await key);
      return { token, expiresAt: new Date(exp * 1000) };
    },

    async verify(token: string): Promise<AccessClaims> {
      const known = verified.get(token);
      if (known) {
        // jose's rule: expired once the current second reaches `exp`.
        if (Math.floor(clock.now().getTime() / 1000) < known.expiresAt) return known.claims;
        verified.delete(token);
        throw new AppError('token_expired', 'The access token has expired.');
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: clock.now(),
          requiredClaims: ['sub', 'exp', 'iat', 'jti'],
        });
        if (payload.typ !== 'access' || typeof payload.sid !== 'string' || typeof payload.sub !== 'string') {
          throw new AppError('token_invalid', 'The access token is not valid.');
        }
        const claims = { userId: payload.sub, familyId: payload.sid };
        if (typeof payload.exp === 'number') remember(token, claims, payload.exp);
        return claims;
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof joseErrors.JWTExpired) throw new AppError('token_expired', 'The access token has expired.');
        throw new AppError('token_invalid', 'The access token is not valid.');
      }
    },
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
