import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from './audit-actions.ts';
import { amountSchema } from '../money/amount-schema.ts';
import { roleSchema, sixDigitsSchema } from './auth.ts';
import { pagedResponseSchema, pageQuerySchema } from './pagination.ts';
import { KYC_DOCUMENT_TYPES, KYC_PARTS } from './kyc.ts';
import { dateQuery, idSchema, transactionSchema, transactionStatuses } from './transactions.ts';
import { opsMessages, opsTransactionKinds } from './messages.ts';
import { securityCodeErrors, userLimitSchema } from './users.ts';

/** The back-office API (`/api/ops/`): operators act, auditors read. Its messages live in messages.ts
 * (zod-free, for the screens) and are re-exported here for the server. */
export { opsMessages };

/** Why an operator does something: kept in the audit line. */
export const reasonSchema = z
  .string({ message: opsMessages.reasonRequired })
  .trim()
  .min(3, opsMessages.reasonRequired)
  .max(1000);

/** Every action that moves money or changes access carries the operator's own security code again. */
export const opsSecurityCodeSchema = sixDigitsSchema(securityCodeErrors.invalid);

export const opsActionRequestSchema = z.object({ reason: reasonSchema, security_code: opsSecurityCodeSchema });
export type OpsActionRequest = z.input<typeof opsActionRequestSchema>;

/**
 * The same action taken from a help case's page (a refund, an action on the customer's access): `case` names the
 * case in the audit line (`after.case`, its reference) and the case's thread gets an internal note of it. The case
 * must be about that transfer or customer (400 on `case`). The action's own rules are unchanged.
 */
export const opsCaseActionRequestSchema = opsActionRequestSchema.extend({ case: idSchema.optional() });
export type OpsCaseActionRequest = z.input<typeof opsCaseActionRequestSchema>;

export const opsIdParamsSchema = z.object({ id: idSchema });

// Audit

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.number().int().nullable(),
  actor_role: z.string(),
  actor_name: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  /** The target's name when it is a person (a customer, an operator or a teller). */
  target_name: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  request_id: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export const auditPageSchema = pagedResponseSchema(auditEntrySchema);

const auditFilters = {
  actor: z
    .string({ message: opsMessages.auditPersonId })
    .regex(/^[1-9]\d{0,14}$/, opsMessages.auditPersonId)
    .optional(),
  /** Who acted, by part of their name or e-mail address. */
  person: z.string().trim().min(2, opsMessages.auditPerson).max(100, opsMessages.auditPerson).optional(),
  action: z.enum(AUDIT_ACTIONS, { message: opsMessages.auditAction }).optional(),
  target_type: z.enum(AUDIT_TARGET_TYPES, { message: opsMessages.auditTarget }).optional(),
  target_id: z.string().max(100).optional(),
  /** Calendar days in UTC: start inclusive, end inclusive. */
  start_date: dateQuery.optional(),
  end_date: dateQuery.optional(),
};
export const auditQuerySchema = pageQuerySchema.extend(auditFilters);
export const auditExportQuerySchema = z.object(auditFilters);
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export type AuditFilters = z.output<typeof auditExportQuerySchema>;

// Customers

export const opsCustomerSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  role: roleSchema,
  account_id: z.string(),
  country: z.string().nullable(),
  language: z.string(),
  created_at: z.string(),
  /** MAD balance of the wallet, "150.00". */
  balance: z.string(),
  frozen: z.boolean(),
  frozen_at: z.string().nullable(),
  frozen_reason: z.string().nullable(),
  /** The compliance review (open, or confirmed) whose freeze this is: an operator cannot lift it, only its decision. */
  frozen_by_review: z.number().int().nullable(),
  security_code_set: z.boolean(),
  security_code_locked_until: z.string().nullable(),
});
export const opsCustomersPageSchema = pagedResponseSchema(opsCustomerSchema);
export const opsCustomersQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  /** Only the users of this role (the customers apart from the staff); all of them without it. */
  role: roleSchema.optional(),
});
export type OpsCustomer = z.infer<typeof opsCustomerSchema>;

export const opsSessionSchema = z.object({
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
});

/** `customers/{id}/`: the profile, with recent transactions, sign-ins and the audit lines about this user. */
/** One identity-document submission of a customer, as the back-office keeps it: its files and the decision on it. */
export const opsCustomerDocumentSchema = z.object({
  id: z.number().int(),
  document_type: z.enum(KYC_DOCUMENT_TYPES),
  state: z.enum(['pending', 'approved', 'rejected']),
  created_at: z.string(),
  /** The review item it was decided in (null for none). */
  review: z.number().int().nullable(),
  decided_at: z.string().nullable(),
  decided_by: z.number().int().nullable(),
  decided_by_name: z.string().nullable(),
  /** The deciding operator's reason. */
  reason: z.string().nullable(),
  files: z.array(z.object({ id: z.number().int(), part: z.enum(KYC_PARTS), media_type: z.string() })),
});
export type OpsCustomerDocument = z.infer<typeof opsCustomerDocumentSchema>;

export const opsCustomerDetailSchema = opsCustomerSchema.extend({
  security_code_failures: z.number().int(),
  /** The customer's level (1 or 2) and what remains of each limit, as the customer reads them on GET /api/users/. */
  level: z.union([z.literal(1), z.literal(2)]),
  limits: z.array(userLimitSchema),
  recent_transactions: z.array(transactionSchema),
  sessions: z.array(opsSessionSchema),
  events: z.array(auditEntrySchema),
  /** Their identity documents, newest first, each with the decision taken on it. */
  documents: z.array(opsCustomerDocumentSchema),
});
export type OpsCustomerDetail = z.infer<typeof opsCustomerDetailSchema>;

export const logoutAllResponseSchema = z.object({ revoked: z.number().int() });

// Transactions

export { opsTransactionKinds };
/** The statuses of common/api/transactions.ts: what happened to the money. */
export const opsTransactionStatuses = transactionStatuses;

const party = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const opsTransactionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(opsTransactionKinds),
  status: z.enum(opsTransactionStatuses),
  amount: z.string(),
  currency: z.literal('MAD'),
  sender: party,
  recipient: party,
  /** The name of a recipient without an account (a cash pickup's), as the sender gave it. */
  recipient_name: z.string().nullable(),
  /** Who an unclaimed transfer waits for, as the sender typed it. */
  recipient_phone_number: z.string().nullable(),
  recipient_email: z.string().nullable(),
  agency: party,
  reference: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Still waiting for someone: an operator may refund it. */
  refundable: z.boolean(),
});
export const opsTransactionsPageSchema = pagedResponseSchema(opsTransactionSchema);

export const opsTransactionsQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  kind: z.enum(opsTransactionKinds).optional(),
  status: z.enum(opsTransactionStatuses).optional(),
  start_date: dateQuery.optional(),
  end_date: dateQuery.optional(),
  amount_gte: amountSchema('MAD').optional(),
  amount_lte: amountSchema('MAD').optional(),
  agency: idSchema.optional(),
  /** Sent or received by this customer. */
  customer: idSchema.optional(),
});
export type OpsTransactionsQuery = z.output<typeof opsTransactionsQuerySchema>;

export const opsPostingSchema = z.object({
  account: z.number().int(),
  account_kind: z.string(),
  owner: z.number().int().nullable(),
  /** The holder of the account by name (null: a platform account, or a person without a name yet). */
  owner_name: z.string().nullable(),
  agency: z.number().int().nullable(),
  currency: z.string(),
  /** Signed, "-150.00" for a debit. */
  amount: z.string(),
});
export const opsEntrySchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  created_at: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  postings: z.array(opsPostingSchema),
});
export const opsTimelineEventSchema = z.object({
  at: z.string(),
  event: z.string(),
  by: z.number().int().nullable(),
  /** Who, by name (null: the system, or a person without a name yet). */
  by_name: z.string().nullable(),
});

/** A compliance review of the transaction (a sanctions hit, a monitoring rule): where its decision is. */
export const opsTransactionReviewSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  state: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by_name: z.string().nullable(),
  reason: z.string().nullable(),
});

export const opsTransactionDetailSchema = opsTransactionSchema.extend({
  entries: z.array(opsEntrySchema),
  timeline: z.array(opsTimelineEventSchema),
  events: z.array(auditEntrySchema),
  reviews: z.array(opsTransactionReviewSchema),
  /** A refund asked above the four-eyes amount and waiting for a second operator: another cannot be asked. */
  pending_refund: z
    .object({
      approval: z.number().int(),
      requested_by: z.number().int(),
      requested_by_name: z.string().nullable(),
      requested_at: z.string(),
      expires_at: z.string(),
    })
    .nullable(),
});
export type OpsTransaction = z.infer<typeof opsTransactionSchema>;
export type OpsTransactionDetail = z.infer<typeof opsTransactionDetailSchema>;

// Four eyes

export const approvalStates = ['pending', 'approved', 'rejected', 'expired'] as const;
export const approvalSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  subject_type: z.string(),
  subject_id: z.string(),
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
  reason: z.string(),
  requested_by: z.number().int(),
  requested_by_name: z.string().nullable(),
  requested_at: z.string(),
  expires_at: z.string(),
  state: z.enum(approvalStates),
  decided_by: z.number().int().nullable(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
});
export const approvalsPageSchema = pagedResponseSchema(approvalSchema);
export const approvalsQuerySchema = pageQuerySchema.extend({
  state: z.enum(approvalStates).optional(),
  kind: z.string().max(40).optional(),
});
export type Approval = z.infer<typeof approvalSchema>;

/** A refund is done (200, the transaction) or waits for a second operator (202, the request). */
export const refundResponseSchema = z.union([
  z.object({ refunded: z.literal(true), transaction: opsTransactionSchema }),
  z.object({ refunded: z.literal(false), approval: approvalSchema }),
]);
/** An operator's cancel for the customer: the transaction as it stands after (cancelled, or expired if past due). */
export const cancelResponseSchema = z.object({ transaction: opsTransactionSchema });

/** The pickup SMS sent again to its recipient: optionally from a help case about that pickup (named, noted). */
export const resendPickupSmsRequestSchema = z.object({ case: idSchema.optional() });
export type ResendPickupSmsRequest = z.input<typeof resendPickupSmsRequestSchema>;
/** `remaining`: how many more times it may be sent again within the rolling 24 hours. */
export const resendPickupSmsResponseSchema = z.object({ sent: z.literal(true), remaining: z.number().int() });

export const approvalDecisionResponseSchema = z.object({
  approval: approvalSchema,
  transaction: opsTransactionSchema.nullable(),
});
