import { z } from 'zod';

/**
 * `GET /api/liabilities/proof/` (ADR 012): the customer's leaf in a snapshot's Merkle sum tree, the sibling
 * path and the published root. The same JSON, downloaded, is what `npm run verify-proof -- FILE` checks. Amounts
 * in minor units as decimal strings (exact, any size), hashes and nonces in lowercase hex.
 */

const hex32 = z.string().regex(/^[0-9a-f]{64}$/);
const minorUnits = z.string().regex(/^(0|[1-9]\d{0,18})$/);

export const liabilityAnchorSchema = z.object({
  /** 'published' once the chain answered with a tx_id; 'pending' while the outbox retries. */
  status: z.enum(['pending', 'published']),
  tx_id: z.string().nullable(),
  /** The explorer page of the record (local ledger or the network's explorer); null while pending. */
  url: z.string().nullable(),
});

export const liabilityProofSchema = z.object({
  version: z.literal(1),
  snapshot_id: z.string(),
  /** When the ledger was read (ISO 8601). */
  taken_at: z.string(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  root: hex32,
  /** The root's sum: everything owed to customers in this currency. */
  total: minorUnits,
  leaf_count: z.number().int().min(1),
  leaf: z.object({
    index: z.number().int().min(0),
    account_id: z.string().regex(/^[1-9]\d{0,18}$/),
    nonce: hex32,
    balance: minorUnits,
  }),
  /** Siblings from the leaf's up to the root's children; the leaf index's bits say which side each is on. */
  path: z.array(z.object({ hash: hex32, sum: minorUnits })).max(64),
  /** How the balance is made of (not hashed: the leaf commits to the balance only). */
  breakdown: z.object({ wallet: minorUnits, withdrawals_pending: minorUnits, unclaimed_transfers: minorUnits }),
  anchor: liabilityAnchorSchema,
});
export type LiabilityProof = z.infer<typeof liabilityProofSchema>;

export const liabilityProofQuerySchema = z.object({
  snapshot: z
    .string()
    .regex(/^[1-9]\d{0,18}$/, 'Invalid snapshot')
    .optional(),
});

/** `GET /api/liabilities/proof/`: one proof per currency the customer holds (today MAD only). */
export const liabilityProofResponseSchema = z.object({ proofs: z.array(liabilityProofSchema) });
export type LiabilityProofResponse = z.infer<typeof liabilityProofResponseSchema>;
