import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Stripe's webhook signature scheme (`Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`),
 * used for Stripe's events and for the sandbox's own: one verification for both. The timestamp bounds replays of
 * a captured request to the tolerance window; the event-id deduplication makes replays inside it harmless.
 */
export const signatureHeader = 'stripe-signature';
export const defaultToleranceSeconds = 300;

export class InvalidSignatureError extends Error {}

function mac(secret: string, timestamp: number, payload: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(payload).digest('hex');
}

export function signPayload(payload: string, secret: string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${mac(secret, timestamp, payload)}`;
}

/** Throws InvalidSignatureError unless one v1 signature matches and the timestamp is within the tolerance. */
export function verifySignature(
  payload: Buffer,
  header: string | undefined,
  secret: string,
  now: Date,
  toleranceSeconds = defaultToleranceSeconds,
): void {
  if (!header || header.length > 2048) throw new InvalidSignatureError('missing signature');
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.split('=', 2);
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) throw new InvalidSignatureError('malformed signature');
  const expected = Buffer.from(mac(secret, timestamp, payload), 'hex');
  if (!signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected))) {
    throw new InvalidSignatureError('no matching signature');
  }
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) throw new InvalidSignatureError('too old');
}
