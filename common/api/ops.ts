import { z } from 'zod';
import { roleSchema, sixDigitsSchema } from './auth.ts';
import { pagedResponseSchema, pageQuerySchema } from './pagination.ts';
import { dateQuery, idSchema, transactionSchema } from './transactions.ts';
import { accountFrozenMessage, securityCodeErrors } from './users.ts';

/**
 * The back-office API (`/api/ops/`, issue 15): operators act, auditors read. The screens translate these
 * messages by their exact text.
 */
export const opsMessages = {
  staffOnly: 'Only operators can do this.',
  auditorReadOnly: 'Auditors can read but not change anything.',
  reasonRequired: 'Give a reason (at least 3 characters).',
  alreadyFrozen: 'This account is already frozen.',
  notFrozen: 'This account is not frozen.',
  notACustomer: 'This action applies to customer accounts only.',
  accountFrozen: accountFrozenMessage,
} as const;

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
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  request_id: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export const auditPageSchema = pagedResponseSchema(auditEntrySchema);

const auditFilters = {
  actor: idSchema.optional(),
  action: z
    .string()
    .regex(/^[a-z_.]{1,64}$/)
    .optional(),
  target_type: z.string().max(40).optional(),
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
  security_code_set: z.boolean(),
  security_code_locked_until: z.string().nullable(),
});
export const opsCustomersPageSchema = pagedResponseSchema(opsCustomerSchema);
export const opsCustomersQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
});
export type OpsCustomer = z.infer<typeof opsCustomerSchema>;

export const opsSessionSchema = z.object({
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
});

/** `customers/{id}/`: the profile, with recent transactions, sign-ins and the audit lines about this user. */
export const opsCustomerDetailSchema = opsCustomerSchema.extend({
  security_code_failures: z.number().int(),
  recent_transactions: z.array(transactionSchema),
  sessions: z.array(opsSessionSchema),
  events: z.array(auditEntrySchema),
});
export type OpsCustomerDetail = z.infer<typeof opsCustomerDetailSchema>;

export const logoutAllResponseSchema = z.object({ revoked: z.number().int() });
