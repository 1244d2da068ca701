import { timingSafeEqual } from 'node:crypto';
import { deriveToken } from '../../lib/crypto';

const PURPOSE = 'email-unsubscribe';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The one-click unsubscribe token of a learner's reminder e-mails: their id and an HMAC of it under
 * the server's signing secret, separated by purpose (lib/crypto deriveToken). It does not expire
 * (an old e-mail's link must still work) and reveals nothing but the id; it only ever turns the
 * e-mail channel off. Never logged: the URL that carries it is written only into the e-mail.
 */
export function unsubscribeToken(secret: string, userId: string): string {
  return `${userId}.${deriveToken(secret, PURPOSE, userId)}`;
}

/** The learner id a token was made for; undefined for a malformed or forged one. */
export function verifyUnsubscribeToken(secret: string, token: string): string | undefined {
  const dot = token.indexOf('.');
  if (dot < 0) return undefined;
  const userId = token.slice(0, dot);
  if (!UUID.test(userId)) return undefined;
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(deriveToken(secret, PURPOSE, userId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : undefined;
}
