import { z } from 'zod';
import { userText } from './user-text.schema';

// Web Push (RFC 8030/8291/8292): the browser subscribes with the server's VAPID public key and
// hands the server what `PushSubscription.toJSON()` gives; the server posts encrypted messages to
// the endpoint.

/** Longest endpoint accepted (push services' URLs are a few hundred characters). */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

export const PushPublicKeyResponseSchema = z
  .object({
    public_key: z.string().describe('The VAPID public key (base64url): the `applicationServerKey` to subscribe with'),
  })
  .meta({ id: 'PushPublicKey' });
export type PushPublicKeyResponse = z.infer<typeof PushPublicKeyResponseSchema>;

const PushEndpointSchema = userText({ error: 'Must be the subscription’s endpoint URL.' })
  .max(PUSH_ENDPOINT_MAX_LENGTH, `Must be at most ${PUSH_ENDPOINT_MAX_LENGTH} characters.`)
  // The shape only (the server parses it and decides which hosts it may call).
  .regex(/^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/, 'Must be an https:// URL.')
  .describe('The push service URL of this browser’s subscription (https)');

export const PushSubscriptionBodySchema = z
  .object({
    endpoint: PushEndpointSchema,
    keys: z.object({
      p256dh: userText({ error: 'Must be the subscription’s p256dh key.' })
        .regex(/^[A-Za-z0-9_-]{87}=?$/, 'Must be a P-256 public key: 65 bytes in base64url.')
        .describe('The browser’s P-256 public key (base64url)'),
      auth: userText({ error: 'Must be the subscription’s auth secret.' })
        .regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'Must be 16 bytes in base64url.')
        .describe('The browser’s authentication secret (base64url)'),
    }),
    // What `toJSON()` also carries; accepted and ignored.
    expirationTime: z.number().nullable().optional(),
  })
  .meta({ id: 'PushSubscriptionBody' });
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

export const DeletePushSubscriptionBodySchema = z
  .object({ endpoint: PushEndpointSchema })
  .meta({ id: 'DeletePushSubscriptionBody' });
export type DeletePushSubscriptionBody = z.infer<typeof DeletePushSubscriptionBodySchema>;

export const PushSubscriptionSchema = z
  .object({
    endpoint: z.string(),
    created_at: z.iso.datetime(),
    last_success_at: z.iso.datetime().nullable().describe('When a push last reached this device; null until one has'),
  })
  .meta({ id: 'PushSubscription' });
export type PushSubscription = z.infer<typeof PushSubscriptionSchema>;

export const DeletePushSubscriptionResponseSchema = z
  .object({ removed: z.boolean().describe('False when this learner had no such subscription (already removed)') })
  .meta({ id: 'DeletePushSubscriptionResponse' });
export type DeletePushSubscriptionResponse = z.infer<typeof DeletePushSubscriptionResponseSchema>;
