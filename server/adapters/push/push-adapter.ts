import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import webpush from 'web-push';
import type { VapidConfig } from '../../config.ts';
import type { PushServices } from '../../security/push-services.ts';
import { NOT_PUBLIC, publicOnlyLookup, pushDestination } from './push-destination.ts';

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
 * The endpoint is one the server must not post to (see push-destination.ts): the subscription is deleted like a
 * gone one, since no later attempt can be allowed.
 */
export class PushEndpointRefusedError extends PushSubscriptionGoneError {}

export interface PushAdapterOptions {
  /** How names are resolved before the address check (tests resolve a name to 127.0.0.1 without DNS). */
  resolve?: LookupFunction;
}

/** Keep-alive agents: one pair whose every new connection goes through publicOnlyLookup, one for trusted origins. */
function pushAgents(lookup?: LookupFunction) {
  return { 'http:': new HttpAgent({ keepAlive: true, lookup }), 'https:': new HttpsAgent({ keepAlive: true, lookup }) };
}

/** Posts the request web-push built; resolves to the status, or rejects with the connection's error. */
function post(
  agent: HttpAgent,
  url: URL,
  details: { method: string; headers: Record<string, string | number>; body: Buffer },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, {
      agent,
      method: details.method,
      headers: details.headers,
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    request.once('error', reject);
    request.once('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.end(details.body);
  });
}

/**
 * Web Push through the `web-push` package: it builds the request (the encrypted body, the VAPID Authorization
 * header, TTL, Topic); the request itself goes through Node's http/https with our agents, so a development push
 * service on http://127.0.0.1 can answer as well as a real one on https, and every connection to a push service
 * that is not trusted is checked on the address it resolves to. Redirects are not followed.
 */
export function createPushAdapter(
  vapid: VapidConfig | undefined,
  services: PushServices,
  options: PushAdapterOptions = {},
): PushAdapter {
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
  const guarded = pushAgents(publicOnlyLookup(options.resolve));
  const trusted = pushAgents();
  return {
    publicKey: vapid.publicKey,
    async send(target, payload, sendOptions) {
      const destination = pushDestination(services, target.endpoint);
      if (destination.kind === 'refused')
        throw new PushEndpointRefusedError(`push endpoint refused: ${destination.why}`);
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: vapid,
          TTL: sendOptions.ttlSeconds,
          contentEncoding: 'aes128gcm',
          ...(sendOptions.topic !== undefined && { topic: sendOptions.topic }),
        },
      );
      const url = new URL(details.endpoint);
      const agents = destination.kind === 'trusted' ? trusted : guarded;
      let status: number;
      try {
        status = await post(url.protocol === 'https:' ? agents['https:'] : agents['http:'], url, {
          method: details.method,
          headers: details.headers,
          body: details.body,
        });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === NOT_PUBLIC) {
          throw new PushEndpointRefusedError(`push endpoint refused: ${(error as Error).message}`);
        }
        throw new PushDeliveryError(
          `push service unreachable: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      if (status === 404 || status === 410) {
        throw new PushSubscriptionGoneError(`push service answered ${String(status)}: subscription gone`);
      }
      if (status < 200 || status > 299) {
        throw new PushDeliveryError(`push service answered ${String(status)}`);
      }
    },
  };
}
