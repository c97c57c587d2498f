import { z } from 'zod';
import { pagedResponseSchema, pageQuerySchema } from './pagination.ts';
import { idSchema } from './transactions.ts';

/**
 * Help cases (ADR 025): a customer writes to a person about a transfer or their account, and operators answer.
 * Customers: `POST /api/cases/` (JSON, or multipart with one `file`), `GET /api/cases/`, `GET /api/cases/{id}/`,
 * `POST /api/cases/{id}/messages/`, `GET /api/cases/{id}/attachments/{attachment}/`. Operators under
 * `/api/ops/cases/`: the queue (oldest first, late ones flagged), one case with its internal notes, a reply or a
 * note, a change of state with its reason, taking the case. Another customer's case is a 404; an internal note never
 * appears in a customer's answer.
 */

/** What is wrong, as the customer picks it; each has its own target time to a first answer. */
export const caseKinds = [
  'not_received',
  'wrong_details',
  'cannot_collect',
  'not_credited',
  'account',
  'other',
] as const;
export type CaseKind = (typeof caseKinds)[number];
export const caseStates = ['open', 'waiting_customer', 'answered', 'resolved'] as const;
export type CaseState = (typeof caseStates)[number];

/** A resolved case takes a customer's message (and opens again) this many days after it was resolved. */
export const CASE_REOPEN_DAYS = 14;
export const CASE_MESSAGE_MAX_LENGTH = 4000;

export const caseMessages = {
  kind: 'Choose what the problem is about.',
  message: 'Write your message (up to 4000 characters).',
  transaction: 'This transaction is not one of yours.',
  reason: 'Give the reason (up to 500 characters).',
  state: 'Choose open, waiting for the customer, answered or resolved.',
  sameState: 'The case is already in this state.',
  closed: 'This case was resolved more than 14 days ago: open a new one.',
  customersOnly: 'Help cases are written by customers.',
  file: 'Attach one picture or PDF only.',
  notMultipart: 'Send the form as multipart/form-data, or JSON without a file.',
} as const;

const messageField = z
  .string({ message: caseMessages.message })
  .trim()
  .min(1, caseMessages.message)
  .max(CASE_MESSAGE_MAX_LENGTH, caseMessages.message);

export const createCaseRequestSchema = z.object({
  kind: z.enum(caseKinds, { message: caseMessages.kind }),
  message: messageField,
  transaction: idSchema.optional(),
});
export type CreateCaseRequest = z.input<typeof createCaseRequestSchema>;
export type CreateCaseBody = z.output<typeof createCaseRequestSchema>;

export const caseMessageRequestSchema = z.object({ message: messageField });
export type CaseMessageBody = z.output<typeof caseMessageRequestSchema>;

export const opsCaseMessageRequestSchema = z.object({ message: messageField, internal: z.boolean().default(false) });
export type OpsCaseMessageBody = z.output<typeof opsCaseMessageRequestSchema>;

export const opsCaseStateRequestSchema = z.object({
  state: z.enum(caseStates, { message: caseMessages.state }),
  reason: z.string({ message: caseMessages.reason }).trim().min(1, caseMessages.reason).max(500, caseMessages.reason),
});
export type OpsCaseStateBody = z.output<typeof opsCaseStateRequestSchema>;

export const caseAttachmentSchema = z.object({
  id: z.number().int(),
  media_type: z.enum(['image/jpeg', 'image/png', 'application/pdf']),
  size: z.number().int(),
});

export const caseMessageSchema = z.object({
  id: z.number().int(),
  author: z.enum(['customer', 'operator']),
  body: z.string(),
  at: z.string(),
  attachment: caseAttachmentSchema.nullable(),
});
export type CaseMessage = z.infer<typeof caseMessageSchema>;

const caseFields = {
  id: z.number().int(),
  reference: z.string(),
  state: z.enum(caseStates),
  kind: z.enum(caseKinds),
  /** The transfer it is about, or null. */
  transaction: z.number().int().nullable(),
  created_at: z.string(),
  /** The newest message's time. */
  updated_at: z.string(),
  /** When it was resolved (a customer's message reopens it for CASE_REOPEN_DAYS after), or null. */
  resolved_at: z.string().nullable(),
  /** The newest message the customer can read, cut to 140 characters. */
  last_message: z.string().nullable(),
};

/** A customer's case: the thread without the operators' internal notes. */
export const caseSchema = z.object({ ...caseFields, messages: z.array(caseMessageSchema) });
export type Case = z.infer<typeof caseSchema>;
export const caseSummarySchema = z.object(caseFields);
export type CaseSummary = z.infer<typeof caseSummarySchema>;
export const casesPageSchema = pagedResponseSchema(caseSummarySchema);
export type CasesPage = z.infer<typeof casesPageSchema>;
export const casesQuerySchema = pageQuerySchema;
export const caseIdParamsSchema = z.object({ id: idSchema });
export const caseAttachmentParamsSchema = z.object({ id: idSchema, attachment: idSchema });

// Operators

const staffRef = z.object({ id: z.number().int(), name: z.string() }).nullable();

const opsCaseFields = {
  ...caseFields,
  customer: z.object({ id: z.number().int(), name: z.string(), language: z.string() }),
  assigned_to: staffRef,
  /** When a first answer is due (created_at + the kind's target), and whether it is late now. */
  due_at: z.string(),
  late: z.boolean(),
  first_answer_at: z.string().nullable(),
};
export const opsCaseSummarySchema = z.object(opsCaseFields);
export type OpsCaseSummary = z.infer<typeof opsCaseSummarySchema>;

export const opsCaseMessageSchema = caseMessageSchema.extend({
  internal: z.boolean(),
  author_name: z.string(),
});
export type OpsCaseMessage = z.infer<typeof opsCaseMessageSchema>;

/** One case for an operator: the whole thread with internal notes, and the transfer's facts the actions need. */
export const opsCaseSchema = z.object({
  ...opsCaseFields,
  messages: z.array(opsCaseMessageSchema),
  transfer: z
    .object({ id: z.number().int(), kind: z.string(), status: z.string(), amount: z.string(), currency: z.string() })
    .nullable(),
  /** Ready answers for this kind of case, in the customer's language; the operator edits one before sending. */
  canned_replies: z.array(z.object({ id: z.string(), text: z.string() })),
});
export type OpsCase = z.infer<typeof opsCaseSchema>;

export const opsCasesQuerySchema = pageQuerySchema.extend({
  state: z.enum(caseStates, { message: caseMessages.state }).optional(),
  kind: z.enum(caseKinds, { message: caseMessages.kind }).optional(),
});
export const opsCasesPageSchema = pagedResponseSchema(opsCaseSummarySchema);
export type OpsCasesPage = z.infer<typeof opsCasesPageSchema>;
