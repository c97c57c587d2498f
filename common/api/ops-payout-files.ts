import { z } from 'zod';
import { pagedResponseSchema, pageQuerySchema } from './pagination.ts';

/**
 * `/api/ops/payout-files/`: the payment files (ISO 20022 pain.001) `npm run admin -- payouts:export` wrote, and
 * what the bank's status reports (`payouts:import`) made of each transfer in them. Read-only: operators and auditors.
 */

/** A deposit in a file: sent to the bank, credited to the recipient's account, or returned to the sender. */
export const payoutFileTransferStates = ['submitted', 'credited', 'returned'] as const;
export type PayoutFileTransferState = (typeof payoutFileTransferStates)[number];

export const payoutFileSchema = z.object({
  id: z.number().int(),
  /** The file's message id (its group header's MsgId), which the bank's reports quote back. */
  message_id: z.string(),
  created_at: z.string(),
  /** The number of transfers the file carries. */
  transfers: z.number().int(),
  /** The file's control sum: the sum of its amounts, in MAD ("1250.00"). */
  control_sum: z.string(),
  currency: z.literal('MAD'),
  /** How many of its transfers are in each state now. */
  states: z.object({ submitted: z.number().int(), credited: z.number().int(), returned: z.number().int() }),
});
export type PayoutFile = z.infer<typeof payoutFileSchema>;

export const payoutFilesPageSchema = pagedResponseSchema(payoutFileSchema);
export const payoutFilesQuerySchema = pageQuerySchema;

export const payoutFileTransferSchema = z.object({
  /** The transfer (transaction) id: `/api/ops/transactions/{id}/`. */
  id: z.number().int(),
  /** As the file and the bank's report carry it: SILA-<id>. */
  end_to_end_id: z.string(),
  amount: z.string(),
  currency: z.literal('MAD'),
  sender: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The creditor's name and account as the file carries them. */
  holder_name: z.string(),
  rib: z.string().nullable(),
  state: z.enum(payoutFileTransferStates),
  /** The bank's reason code for a returned transfer (AC01, AC04…). */
  reason: z.string().nullable(),
});
export type PayoutFileTransfer = z.infer<typeof payoutFileTransferSchema>;

export const payoutFileDetailSchema = payoutFileSchema.extend({ lines: z.array(payoutFileTransferSchema) });
export type PayoutFileDetail = z.infer<typeof payoutFileDetailSchema>;
