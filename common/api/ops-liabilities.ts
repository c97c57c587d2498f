import { z } from 'zod';
import { pagedResponseSchema, pageQuerySchema } from './pagination.ts';

/**
 * `GET /api/ops/liabilities/`: the proof-of-liabilities snapshots for operators and auditors, one row per tree (a
 * snapshot has one per currency), newest first. Amounts as decimal text in the tree's currency ("1250.00").
 */
export const opsLiabilityTreeSchema = z.object({
  snapshot_id: z.number().int(),
  taken_at: z.string(),
  currency: z.string(),
  /** Customer accounts in the tree (padding included: the size class). */
  accounts: z.number().int(),
  /** The tree's total: what we owe customers, as published. */
  total: z.string(),
  /** What the ledger's journal owed customers at the snapshot's time, and total minus it (zero when they agree). */
  ledger: z.string(),
  ledger_difference: z.string(),
  /** The safeguarding account's balance entered for this snapshot (liabilities:safeguarding), or null. */
  safeguarded: z.string().nullable(),
  safeguarded_at: z.string().nullable(),
  /** Safeguarded minus total: below zero is a shortfall; null until entered. */
  safeguarding_difference: z.string().nullable(),
  /** The Merkle sum tree's root (SHA-256, hex). */
  root: z.string(),
  /** The public ledger's record of the root, once published, and its page. */
  record_id: z.string().nullable(),
  record_url: z.string().nullable(),
  /** The last error of publishing while it is retried. */
  anchor_error: z.string().nullable(),
});
export type OpsLiabilityTree = z.infer<typeof opsLiabilityTreeSchema>;

export const opsLiabilitiesPageSchema = pagedResponseSchema(opsLiabilityTreeSchema);
export const opsLiabilitiesQuerySchema = pageQuerySchema;
