import { AppError } from '@parla/shared/errors';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../lib/clock';

const ISSUER = 'parla';
const AUDIENCE = 'parla-api';
const ALGORITHM = 'HS256';

export interface AccessClaims {
  userId: string;
  /** The refresh-token family (one per sign-in) this access token belongs to. */
  familyId: string;
}

export function createTokenSigner({ secret, ttlSeconds, clock }: { secret: string; ttlSeconds: number; clock: Clock }) {
  const key = new TextEncoder().encode(secret);

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
        .sign(key);
      return { token, expiresAt: new Date(exp * 1000) };
    },

    async verify(token: string): Promise<AccessClaims> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: clock.now(),
          requiredClaims: ['sub', 'exp', 'iat', 'jti'],
        });
        if (payload.typ !== 'access' || typeof payload.sid !== 'string' || typeof payload.sub !== 'string') {
          throw new AppError('token_invalid', 'The access token is not valid.');
        }
        return { userId: payload.sub, familyId: payload.sid };
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof joseErrors.JWTExpired) throw new AppError('token_expired', 'The access token has expired.');
        throw new AppError('token_invalid', 'The access token is not valid.');
      }
    },
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
