import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages.ts';

/**
 * Web Push (Channels). `GET /api/push/key/` (public): the VAPID public key browsers subscribe with, null
 * when the server has no Web Push. `POST /api/push/subscriptions/` stores the browser's PushSubscription (its
 * JSON, as `subscription.toJSON()` gives it) for the signed-in user; `DELETE /api/push/subscriptions/` with
 * `{"endpoint"}` removes the caller's own (another user's endpoint is answered as an unknown one).
 * `GET`/`PUT /api/notifications/preferences/`: the channels a user wants besides the in-app list.
 */

export const pushMessages = {
  endpoint: 'A push service address (https) is expected.',
  p256dh: 'A P-256 public key (65 bytes, base64url) is expected.',
  auth: 'An authentication secret (16 bytes, base64url) is expected.',
  notConfigured: 'Web Push is not available on this server.',
  tooMany: 'Too many browsers receive notifications for this account; remove one first.',
} as const;

/** Browsers a user may have subscribed at once (each push is one request per browser). */
export const MAX_PUSH_SUBSCRIPTIONS = 10;
export const MAX_ENDPOINT_LENGTH = 2048;

const base64url = /^[A-Za-z0-9_-]+={0,2}$/;

/** The decoded length of a base64url string (padding allowed, as some browsers send it), or -1 when it is not one. */
export function base64urlLength(value: string): number {
  if (!base64url.test(value)) return -1;
  const bare = value.replace(/=+$/, '');
  if (bare.length % 4 === 1) return -1;
  return Math.floor((bare.length * 3) / 4);
}

/** First character of an uncompressed P-256 point (0x04) in base64url: 'B' (000001 = the top six bits of 0x04). */
const isUncompressedPoint = (value: string) => value.startsWith('B');

/** Scheme and host (without port, lower case) of an absolute http(s) URL without credentials or fragment. */
export function endpointParts(value: string): { scheme: 'http' | 'https'; host: string } | undefined {
  const match = /^(https?):\/\/([^/?#\s@]+)(?:[/?][^\s#]*)?$/i.exec(value);
  if (!match?.[1] || !match[2]) return undefined;
  const authority = match[2].toLowerCase();
  const host = authority.startsWith('[') ? authority.slice(0, authority.indexOf(']') + 1) : authority.split(':')[0];
  if (!host || host === '[]') return undefined;
  return { scheme: match[1].toLowerCase() as 'http' | 'https', host };
}

/** http is allowed for loopback hosts only (a development push service); the server refuses it in production. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

const endpointSchema = z
  .string({ message: pushMessages.endpoint })
  .max(MAX_ENDPOINT_LENGTH, pushMessages.endpoint)
  .refine((value) => {
    const parts = endpointParts(value);
    return parts !== undefined && (parts.scheme === 'https' || isLoopbackHost(parts.host));
  }, pushMessages.endpoint);

export const pushSubscriptionRequestSchema = z.object({
  endpoint: endpointSchema,
  /** What the browser reports; not used (a subscription that expired answers 404/410 and is deleted then). */
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z
        .string({ message: pushMessages.p256dh })
        .refine((v) => base64urlLength(v) === 65 && isUncompressedPoint(v), pushMessages.p256dh),
      auth: z.string({ message: pushMessages.auth }).refine((v) => base64urlLength(v) === 16, pushMessages.auth),
    },
    { message: pushMessages.p256dh },
  ),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

export const pushSubscriptionResponseSchema = z.object({
  id: z.number().int(),
  endpoint: z.string(),
  created_at: z.string(),
});

/**
 * `POST /api/push/subscriptions/renew/` (public): the service worker's `pushsubscriptionchange` handler, which has
 * no session (the token lives in the page), moves a subscription the push service replaced to its new endpoint.
 * The old endpoint with its 16-byte auth secret, which only this browser and the server know, is the proof.
 */
export const renewPushSubscriptionRequestSchema = z
  .object({
    old_endpoint: endpointSchema,
    old_auth: z.string({ message: pushMessages.auth }).refine((v) => base64urlLength(v) === 16, pushMessages.auth),
    subscription: pushSubscriptionRequestSchema,
  })
  .strict();
export type RenewPushSubscriptionRequest = z.infer<typeof renewPushSubscriptionRequestSchema>;

export const deletePushSubscriptionRequestSchema = z.object({ endpoint: endpointSchema }).strict();

export const pushKeyResponseSchema = z.object({ public_key: z.string().nullable() });

export const notificationPreferencesSchema = z
  .object({
    /** The in-app list: always on (a user cannot lose their notifications). */
    in_app: z.literal(true),
    email: z.boolean(),
    sms: z.boolean(),
    push: z.boolean(),
  })
  .strict();
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const updateNotificationPreferencesSchema = z
  .object({
    email: z.boolean().optional(),
    sms: z.boolean().optional(),
    push: z.boolean().optional(),
  })
  .strict();
export type UpdateNotificationPreferences = z.infer<typeof updateNotificationPreferencesSchema>;

/** What the service worker receives in a push (encrypted to the browser): shown as a system notification. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The page a click opens (the transaction, else the notifications list), with the user's language. */
  url: z.string(),
  /** A later push with the same tag replaces the one shown (one per notification). */
  tag: z.string(),
  lang: z.enum(LANGUAGES),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
