import { z } from 'zod';
import { opsMessages } from './messages.ts';
import { opsActionRequestSchema } from './ops.ts';
import { pagedResponseSchema, pageQuerySchema } from './pagination.ts';

/**
 * `/api/ops/reviews/`: the queue of items waiting for a human decision. Other modules open items
 * (compliance: `sanctions_hit`, `kyc_document`, `monitoring`); an operator approves or rejects each one once.
 */

export const reviewStates = ['open', 'approved', 'rejected'] as const;
export type ReviewState = (typeof reviewStates)[number];

/** The server's exact messages; the screens translate them by this text (web/features/ops/i18n: `errors.review*`). */
export const reviewMessages = { decided: opsMessages.reviewDecided, ownItem: opsMessages.reviewOwnItem } as const;

export const reviewSchema = z.object({
  id: z.number().int(),
  /** What kind of decision: `sanctions_hit`, `kyc_document`, `monitoring`, ... (lowercase letters and _). */
  kind: z.string(),
  /** What it is about, as the opening module names it: "user:42", "transaction:17". */
  subject: z.string(),
  /** Whatever the kind needs the operator to see (the hit, the document, the alert). */
  payload: z.record(z.string(), z.unknown()),
  state: z.enum(reviewStates),
  /** The operator who opened it by hand, or null when a module did. */
  opened_by: z.number().int().nullable(),
  created_at: z.string(),
  decided_by: z.number().int().nullable(),
  decided_by_name: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** The deciding operator's reason. */
  reason: z.string().nullable(),
  /** Who the item is about, by name (a customer, a recipient), when the subject is a person. */
  subject_name: z.string().nullable(),
  /**
   * The people the payload names by id, by name, keyed by the payload's field (`sender_user_id`, `owner_user_id`,
   * `user_id`, `contact_id`); a field whose person has no name is left out.
   */
  payload_names: z.record(z.string(), z.string()),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewsPageSchema = pagedResponseSchema(reviewSchema);
export type ReviewsPage = z.infer<typeof reviewsPageSchema>;

export const reviewsQuerySchema = pageQuerySchema.extend({
  state: z.enum(reviewStates).optional(),
  kind: z
    .string()
    .regex(/^[a-z_]{1,40}$/)
    .optional(),
  /** Exact subject, e.g. "user:42": every item about one customer. */
  subject: z.string().max(200).optional(),
  /**
   * Free text: the name of the customer or recipient an item is about (or of a held send's sender), its
   * transaction's number or reference, or its exact subject.
   */
  search: z.string().max(200).optional(),
});
export type ReviewsQuery = z.input<typeof reviewsQuerySchema>;

/** `POST reviews/{id}/approve/` and `reject/`: `{reason, security_code}`. */
export const reviewDecisionRequestSchema = opsActionRequestSchema;
export type ReviewDecisionRequest = z.input<typeof reviewDecisionRequestSchema>;

/** The decided item, and what the kind's handler did (its own words, e.g. `{ unfrozen: true }`), if anything. */
export const reviewDecisionResponseSchema = z.object({
  review: reviewSchema,
  outcome: z.record(z.string(), z.unknown()).nullable(),
});
export type ReviewDecisionResponse = z.infer<typeof reviewDecisionResponseSchema>;
