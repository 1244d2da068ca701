import { createHash, createHmac, randomBytes } from 'node:crypto';

/** 256 bits of randomness, URL-safe: refresh tokens, reset tokens, OAuth state. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored only as this hash, so a database leak does not hand out sessions. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A keyed derivation, separated by purpose so one secret can serve several uses. */
export function deriveToken(secret: string, purpose: string, input: string): string {
  return createHmac('sha256', secret).update(`${purpose}\0${input}`).digest('base64url');
}
