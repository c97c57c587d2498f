import { randomBytes } from 'node:crypto';
import { makePickupReference } from '../../../../../common/pickups/reference.ts';
import { deriveKey, hmac } from '../../../../security/keys.ts';
import { openToken, sealToken } from '../agency-withdrawal/withdrawal-token.ts';

/**
 * A pickup reference at rest, like the withdrawal token: an HMAC for the lookup and an AES-256-GCM box
 * so its sender can show it again, never in clear. The ID document number seen at payout is sealed with a key of
 * its own (identity document numbers are encrypted at rest). Every key derives from SECRET_KEY, not stored in
 * the database.
 */
export interface PickupKeys {
  lookup: Buffer;
  seal: Buffer;
  idDocument: Buffer;
}

export function pickupKeys(secretKey: string): PickupKeys {
  return {
    lookup: deriveKey(secretKey, 'pickup-reference-lookup'),
    seal: deriveKey(secretKey, 'pickup-reference-seal'),
    idDocument: deriveKey(secretKey, 'pickup-id-document-seal'),
  };
}

export const newPickupReference = (): string => makePickupReference((n) => randomBytes(n));

export const referenceHash = (keys: PickupKeys, reference: string): Buffer =>
  hmac(keys.lookup, 'pickup-reference', reference);

export const sealReference = (keys: PickupKeys, reference: string): Buffer =>
  sealToken({ lookup: keys.lookup, seal: keys.seal }, reference);

export const openReference = (keys: PickupKeys, sealed: Buffer): string | null =>
  openToken({ lookup: keys.lookup, seal: keys.seal }, sealed);

export const sealIdDocument = (keys: PickupKeys, number: string): Buffer =>
  sealToken({ lookup: keys.lookup, seal: keys.idDocument }, number);

export const openIdDocument = (keys: PickupKeys, sealed: Buffer): string | null =>
  openToken({ lookup: keys.lookup, seal: keys.idDocument }, sealed);
