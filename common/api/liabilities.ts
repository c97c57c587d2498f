import { z } from 'zod';

/**
 * `GET /api/liabilities/proof/` (ADR 012): the customer's leaves in a snapshot's Merkle sum tree, each with its
 * sibling path, the secret that ties them to the customer's wallet address, and the published root. The same JSON, downloaded, is what `npm run verify-proof -- FILE` checks. Amounts
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

const address = z.string().regex(/^0x[0-9a-f]{40}$/);

/** One part of the customer's balance: its leaf's position and the siblings up to the root's children. */
export const liabilityProofLeafSchema = z.object({
  /** The leaf's position; its bits say on which side each sibling is. */
  index: z.number().int().min(0),
  /** The part's number, hashed into the leaf: 0, 1, 2… */
  part: z.number().int().min(0).max(63),
  amount: minorUnits,
  path: z.array(z.object({ hash: hex32, sum: minorUnits })).max(64),
});

export const liabilityProofSchema = z.object({
  version: z.literal(2),
  snapshot_id: z.string(),
  /** When the ledger was read (ISO 8601). */
  taken_at: z.string(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  root: hex32,
  /** The root's sum: everything owed to customers in this currency. */
  total: minorUnits,
  /** Leaves in the tree, padding included (a power of two: the size class, not the number of customers). */
  leaf_count: z.number().int().min(1),
  /** What names the owner of the leaves: the wallet address on the profile, and this snapshot's secret. */
  owner: z.object({ address, secret: hex32 }),
  /** What this snapshot owes the customer: the sum of the amounts of their leaves. */
  balance: minorUnits,
  leaves: z.array(liabilityProofLeafSchema).min(1).max(64),
  /** How the balance is made of (not hashed: the leaves commit to the balance only). */
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
