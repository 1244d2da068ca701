import { ECDH } from 'node:crypto';
import { AppError } from '@parla/shared/errors';
import type {
  DeletePushSubscriptionBody,
  DeletePushSubscriptionResponse,
  PushPublicKeyResponse,
  PushSubscription,
  PushSubscriptionBody,
} from '@parla/shared/push.schema';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Clock } from '../../lib/clock';
import type { PushRepository, PushSubscriptionRow } from './push.repository';
import { endpointOrigin, pushEndpointProblem } from './push-endpoint';
import type { VapidDetails } from './vapid';

/** What a push shows: the notification's title and text, the page a tap opens, and its tag. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path of this app (e.g. `/app`); the service worker opens only same-origin pages. */
  url: string;
  /** A newer push with the same tag replaces the older one, on the device and (as the Topic) at the push service. */
  tag: string;
}

/** What one `sendPush` did, per device. */
export interface PushResult {
  delivered: number;
  /** Subscriptions the push service called gone (404/410), now deleted. */
  pruned: number;
  /** Other failures (5xx, 429, a time-out, no answer): the subscription is kept for the next push. */
  failed: number;
}

export type SendPush = (userId: string, payload: PushPayload) => Promise<PushResult>;

/** A learner's devices beyond this many: the oldest subscription is dropped when another arrives. */
export const MAX_SUBSCRIPTIONS_PER_LEARNER = 10;
/** A push's encrypted record holds at most 3,993 bytes of message (RFC 8291 §4, 4,096-byte records). */
const MAX_PAYLOAD_BYTES = 3_000;

function ownId(requested: string, callerId: string): string {
  if (requested !== 'me' && requested !== callerId) {
    throw new AppError('forbidden', 'You can only change your own push subscriptions.');
  }
  return callerId;
}

function unavailable(): AppError {
  return new AppError('not_found', 'Push notifications are not set up on this server.');
}

/** A point on P-256, as browsers send it: what the payload is encrypted to. */
function isP256Point(base64url: string): boolean {
  const bytes = Buffer.from(base64url.replace(/=+$/, ''), 'base64url');
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    ECDH.convertKey(bytes, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/**
 * Web Push (RFC 8030 delivery, RFC 8291 encryption and RFC 8292 VAPID, through `web-push`): the
 * devices' subscriptions, and `sendPush` for the features with something to say (reminders).
 */
export function createPushService({
  repo,
  vapid,
  clock,
  logger,
  allowLocalEndpoints = false,
  timeoutMs = 10_000,
  ttlSeconds = 12 * 3600,
}: {
  repo: PushRepository;
  /** Undefined when Web Push is off: no routes but 404, and `sendPush` sends nothing. */
  vapid: VapidDetails | undefined;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Tests only: also accept http://127.0.0.1 endpoints, where a test's push service listens. */
  allowLocalEndpoints?: boolean;
  /** Each device's push service must answer within this. */
  timeoutMs?: number;
  /** How long a push service keeps a push for a device that is offline (a reminder is stale after the day). */
  ttlSeconds?: number;
}) {
  function checkEndpoint(endpoint: string): void {
    const problem = pushEndpointProblem(endpoint, { allowLocal: allowLocalEndpoints });
    if (problem)
      throw new AppError('validation_error', 'This is not a push subscription the server can use.', [
        { path: 'body.endpoint', message: problem },
      ]);
  }

  async function deliver(
    row: PushSubscriptionRow,
    message: string,
    details: VapidDetails,
    topic: string | undefined,
  ): Promise<'delivered' | 'gone' | 'failed'> {
    const log = { subscription: row.id, push_service: endpointOrigin(row.endpoint) };
    if (pushEndpointProblem(row.endpoint, { allowLocal: allowLocalEndpoints })) {
      logger.warn(log, 'push skipped: the endpoint is not one the server may call');
      return 'failed';
    }
    try {
      const request = webpush.generateRequestDetails(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        message,
        {
          vapidDetails: details,
          TTL: ttlSeconds,
          urgency: 'normal',
          contentEncoding: 'aes128gcm',
          ...(topic ? { topic } : {}),
        },
      );
      const headers: Record<string, string> = {};
      // fetch sets Content-Length from the body itself.
      for (const [name, value] of Object.entries(request.headers as Record<string, unknown>)) {
        if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
      }
      const response = await fetch(request.endpoint, {
        method: 'POST',
        headers,
        body: request.body ?? null,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel().catch(() => {});
      if (response.status >= 200 && response.status < 300) return 'delivered';
      if (response.status === 404 || response.status === 410) return 'gone';
      logger.warn({ ...log, status: response.status }, 'push not delivered; the subscription is kept');
      return 'failed';
    } catch (error) {
      // Never the error itself: its message or cause may quote the endpoint.
      const reason = error instanceof Error ? error.name : 'unknown';
      logger.warn({ ...log, reason }, 'push not delivered; the subscription is kept');
      return 'failed';
    }
  }

  const sendPush: SendPush = async (userId, payload) => {
    const result: PushResult = { delivered: 0, pruned: 0, failed: 0 };
    if (!vapid) return result;
    const message = JSON.stringify({ title: payload.title, body: payload.body, url: payload.url, tag: payload.tag });
    if (Buffer.byteLength(message) > MAX_PAYLOAD_BYTES) {
      throw new Error(`A push message holds at most ${MAX_PAYLOAD_BYTES} bytes (this one: ${Buffer.byteLength(message)}).`);
    }
    const topic = /^[A-Za-z0-9_-]{1,32}$/.test(payload.tag) ? payload.tag : undefined;
    const rows = await repo.findByUser(userId);
    if (rows.length === 0) return result;
    const outcomes = await Promise.all(rows.map((row) => deliver(row, message, vapid, topic)));
    const delivered = rows.filter((_, index) => outcomes[index] === 'delivered').map((row) => row.id);
    const gone = rows.filter((_, index) => outcomes[index] === 'gone').map((row) => row.id);
    await repo.prune(gone);
    await repo.markDelivered(delivered, clock.now());
    result.delivered = delivered.length;
    result.pruned = gone.length;
    result.failed = rows.length - delivered.length - gone.length;
    return result;
  };

  return {
    /** Whether the server can send pushes (VAPID keys): the push setting shows it. */
    available: (): boolean => vapid !== undefined,

    getPublicKey(): PushPublicKeyResponse {
      if (!vapid) throw unavailable();
      return { public_key: vapid.publicKey };
    },

    async subscribe(
      requestedId: string,
      callerId: string,
      body: PushSubscriptionBody,
      userAgent: string | undefined,
    ): Promise<PushSubscription> {
      const userId = ownId(requestedId, callerId);
      if (!vapid) throw unavailable();
      checkEndpoint(body.endpoint);
      if (!isP256Point(body.keys.p256dh)) {
        throw new AppError('validation_error', 'This is not a push subscription the server can use.', [
          { path: 'body.keys.p256dh', message: 'Must be a point on the P-256 curve.' },
        ]);
      }
      const row = await repo.upsert(
        {
          userId,
          endpoint: body.endpoint,
          p256dh: body.keys.p256dh.replace(/=+$/, ''),
          auth: body.keys.auth.replace(/=+$/, ''),
          userAgent: userAgent?.replaceAll('\u0000', '').slice(0, 512) || null,
        },
        clock.now(),
      );
      await repo.keepNewest(userId, MAX_SUBSCRIPTIONS_PER_LEARNER);
      return {
        endpoint: row.endpoint,
        created_at: row.createdAt.toISOString(),
        last_success_at: row.lastSuccessAt?.toISOString() ?? null,
      };
    },

    async unsubscribe(
      requestedId: string,
      callerId: string,
      body: DeletePushSubscriptionBody,
    ): Promise<DeletePushSubscriptionResponse> {
      const userId = ownId(requestedId, callerId);
      return { removed: await repo.remove(userId, body.endpoint) };
    },

    sendPush,
  };
}

export type PushService = ReturnType<typeof createPushService>;
