import webpush from 'web-push';
import type { Env } from '../../config/env';
import { loadOrCreateSecret } from '../../lib/secrets';

/** What signs this server's pushes (RFC 8292): the key pair and a contact for the push services. */
export interface VapidDetails {
  /** base64url, 65 bytes uncompressed: the browser's `applicationServerKey`. */
  publicKey: string;
  /** base64url, 32 bytes. Never logged, never sent. */
  privateKey: string;
  /** mailto: or https: — who a push service may contact about these pushes. */
  subject: string;
}

const KEY_FILE = 'vapid-keys.json';

/**
 * The VAPID details for this server, or undefined when Web Push is turned off (`WEB_PUSH=false`).
 * The key pair comes from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or is made once into
 * DATA_DIR/secrets like the token-signing secret: a new pair would orphan every stored subscription
 * (a browser subscribed with one public key refuses pushes signed by another).
 */
export function resolveVapidDetails(env: Env, publicUrl: string): VapidDetails | undefined {
  if (!env.WEB_PUSH) return undefined;
  const keys =
    env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
      ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
      : readKeyFile(loadOrCreateSecret(env.DATA_DIR, KEY_FILE, () => JSON.stringify(webpush.generateVAPIDKeys())));
  return { ...keys, subject: env.VAPID_SUBJECT ?? defaultSubject(publicUrl, env.MAIL_FROM) };
}

function readKeyFile(text: string): { publicKey: string; privateKey: string } {
  try {
    const parsed = JSON.parse(text) as { publicKey?: unknown; privateKey?: unknown };
    if (
      typeof parsed.publicKey === 'string' &&
      /^[A-Za-z0-9_-]{87}$/.test(parsed.publicKey) &&
      typeof parsed.privateKey === 'string' &&
      /^[A-Za-z0-9_-]{43}$/.test(parsed.privateKey)
    ) {
      return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
    }
  } catch {
    // Reported below, without the file's content.
  }
  throw new Error(
    `DATA_DIR/secrets/${KEY_FILE} is not a VAPID key pair: restore it, or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.`,
  );
}

/** The public address when it is https (what push services accept), else the sender's e-mail address. */
function defaultSubject(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}
