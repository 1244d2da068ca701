import {
  DeletePushSubscriptionResponseSchema,
  PushPublicKeyResponseSchema,
  PushSubscriptionSchema,
} from '@parla/shared/push.schema';
import { apiRequest } from './api-client';

/**
 * Web Push on this device: the browser's permission, the service worker (`/sw.js`, registered only
 * when the learner turns push on) and its push subscription, which the server stores per device.
 */

/** Why push cannot be turned on here: no push in this browser, or notifications blocked for the site. */
export type PushProblem = 'unsupported' | 'denied';

export class PushUnavailableError extends Error {
  constructor(readonly reason: PushProblem) {
    super(reason === 'denied' ? 'Notifications are blocked for this site.' : 'This browser has no Web Push.');
    this.name = 'PushUnavailableError';
  }
}

const WORKER_URL = '/sw.js';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** What the browser says before anything is asked: unsupported, blocked, or worth a click. */
export function pushProblem(): PushProblem | undefined {
  if (!pushSupported()) return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : undefined;
}

/** The base64url VAPID key as the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Whether this browser holds a push subscription of Parla's (it may belong to another key or account). */
export async function hasPushSubscription(): Promise<boolean> {
  return (await currentSubscription().catch(() => null)) !== null;
}

async function storeOnServer(subscription: PushSubscription): Promise<void> {
  const { endpoint, keys } = subscription.toJSON();
  await apiRequest('/users/me/push-subscriptions', {
    method: 'POST',
    body: { endpoint, keys: { p256dh: keys?.p256dh, auth: keys?.auth } },
    schema: PushSubscriptionSchema,
  });
}

/**
 * Whether this device receives pushes, told to the server again: the browser may have replaced its
 * subscription since (no worker can tell the server, it has no session), or the server may have
 * forgotten it. A subscription made with a key the server no longer signs with is dropped (false:
 * the learner turns push on again). Asks nothing of the learner.
 */
export async function refreshPushSubscription(): Promise<boolean> {
  const subscription = await currentSubscription();
  if (!subscription) return false;
  const { public_key } = await apiRequest('/push/public-key', { schema: PushPublicKeyResponseSchema });
  if (!sameKey(subscription, keyBytes(public_key))) {
    await subscription.unsubscribe();
    return false;
  }
  await storeOnServer(subscription);
  return true;
}

/**
 * Turns push on for this device, after the learner's click: asks for the permission (the browser's
 * own prompt), registers the worker, subscribes with the server's key and stores the subscription
 * on the server. Throws PushUnavailableError when the browser cannot or the learner said no.
 */
export async function subscribeToPush(): Promise<void> {
  if (!pushSupported()) throw new PushUnavailableError('unsupported');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushUnavailableError('denied');
  await navigator.serviceWorker.register(WORKER_URL, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const { public_key } = await apiRequest('/push/public-key', { schema: PushPublicKeyResponseSchema });
  const key = keyBytes(public_key);
  let subscription = await registration.pushManager.getSubscription();
  // One made with another key (the server's keys changed) would have every push refused.
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await storeOnServer(subscription);
}

/**
 * Turns push off for this device: the browser forgets the subscription (so nothing more can
 * arrive) and the server is told to forget it too. A server that did not hear would prune it
 * at the next push, when the push service answers 410.
 */
export async function unsubscribeFromPush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  await apiRequest('/users/me/push-subscriptions', {
    method: 'DELETE',
    body: { endpoint },
    schema: DeletePushSubscriptionResponseSchema,
  }).catch(() => undefined);
}
