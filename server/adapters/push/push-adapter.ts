import webpush from 'web-push';
import type { VapidConfig } from '../../config.ts';

/** A browser's push subscription as stored (the PushSubscription JSON the browser gave). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The push service no longer knows this subscription (404 or 410): it is deleted, never retried. */
export class PushSubscriptionGoneError extends Error {}

/** Any other refusal or failure: retried by the delivery worker with backoff. */
export class PushDeliveryError extends Error {}

export interface PushAdapter {
  /** The VAPID public key browsers subscribe with (`applicationServerKey`); null when Web Push is off. */
  readonly publicKey: string | null;
  /** Encrypts `payload` to the subscription (RFC 8291, aes128gcm) and posts it with a VAPID JWT (RFC 8292). */
  send(target: PushTarget, payload: string, options: { ttlSeconds: number; topic?: string }): Promise<void>;
}

/** How long one push service may take to answer before the attempt counts as failed (and is retried). */
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Web Push through the `web-push` package: it builds the request (the encrypted body, the VAPID Authorization
 * header, TTL, Topic); the request itself goes with fetch, so a development push service on http://localhost can
 * answer as well as a real one on https.
 */
export function createPushAdapter(vapid: VapidConfig | undefined): PushAdapter {
  if (!vapid) {
    return {
      publicKey: null,
      send() {
        return Promise.reject(
          new PushDeliveryError('Web Push is not configured (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY)'),
        );
      },
    };
  }
  return {
    publicKey: vapid.publicKey,
    async send(target, payload, options) {
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: vapid,
          TTL: options.ttlSeconds,
          contentEncoding: 'aes128gcm',
          ...(options.topic !== undefined && { topic: options.topic }),
        },
      );
      const headers = Object.fromEntries(
        Object.entries(details.headers).filter(([name]) => name.toLowerCase() !== 'content-length'),
      );
      let response: Response;
      try {
        response = await fetch(details.endpoint, {
          method: details.method,
          headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])),
          body: new Uint8Array(details.body),
          redirect: 'error',
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        });
      } catch (error) {
        throw new PushDeliveryError(
          `push service unreachable: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410) {
        throw new PushSubscriptionGoneError(`push service answered ${String(response.status)}: subscription gone`);
      }
      if (response.status < 200 || response.status > 299) {
        throw new PushDeliveryError(`push service answered ${String(response.status)}`);
      }
    },
  };
}
