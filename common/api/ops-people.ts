import { z } from 'zod';
import { emailSchema, phoneSchema } from './auth.ts';
import { opsMessages } from './messages.ts';
import { approvalSchema, opsActionRequestSchema, reasonSchema, opsSecurityCodeSchema } from './ops.ts';
import { pagedResponseSchema, pageQuerySchema } from './pagination.ts';
import { idSchema } from './transactions.ts';

/**
 * `/api/ops/agencies/`, `tellers/` and `operators/`: the places and the people of the service. An
 * agency's fields each have their own message, so a form marks the field that is wrong.
 */

const text = (max: number, message: string) => z.string({ message }).trim().min(1, message).max(max, message);

const coordinate = (limit: number, message: string) =>
  z
    .union([z.string(), z.number()], { message })
    .transform((v) => String(v).trim())
    .pipe(z.string().refine((v) => /^-?\d{1,3}(\.\d{1,6})?$/.test(v) && Math.abs(Number(v)) <= limit, message));

/** Optional contact details: "" or null clears them. */
const blankAsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const agencyFields = {
  name: text(100, opsMessages.agencyName),
  address: text(200, opsMessages.agencyAddress),
  zip_code: text(20, opsMessages.agencyZip),
  city: text(100, opsMessages.agencyCity),
  latitude: coordinate(90, opsMessages.agencyLatitude),
  longitude: coordinate(180, opsMessages.agencyLongitude),
  /** Optional; null or "" clears it. */
  phone_number: z.preprocess(blankAsNull, phoneSchema.nullable()).optional(),
  email: z.preprocess(blankAsNull, emailSchema.nullable()).optional(),
};

export const agencyCreateSchema = z.object(agencyFields);
export type AgencyCreateRequest = z.input<typeof agencyCreateSchema>;
export type AgencyCreate = z.output<typeof agencyCreateSchema>;

/** PATCH: only the fields sent change; at least one. */
export const agencyUpdateSchema = z
  .object(agencyFields)
  .partial()
  .refine((body) => Object.values(body).some((v) => v !== undefined), { message: opsMessages.agencyNoChange });
export type AgencyUpdate = z.output<typeof agencyUpdateSchema>;

export const opsAgencySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  zip_code: z.string().nullable(),
  city: z.string().nullable(),
  latitude: z.string().nullable(),
  longitude: z.string().nullable(),
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
  disabled: z.boolean(),
  disabled_at: z.string().nullable(),
  created_at: z.string(),
  /** Tellers working there now. */
  tellers: z.number().int(),
  /** Withdrawals and cash pickups waiting there, not expired: still payable by its tellers after a disable. */
  pending_withdrawals: z.number().int(),
  pending_pickups: z.number().int(),
});
export type OpsAgency = z.infer<typeof opsAgencySchema>;
export const opsAgenciesPageSchema = pagedResponseSchema(opsAgencySchema);
export const agencyStates = ['active', 'disabled'] as const;
export const opsAgenciesQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  state: z.enum(agencyStates).optional(),
});

// Tellers and operators: a person of the service, as the back-office lists them.

export const opsStaffSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  role: z.enum(['customer', 'BANKER', 'OPERATOR', 'AUDITOR']),
  agency: z.object({ id: z.number().int(), name: z.string(), disabled: z.boolean() }).nullable(),
  created_at: z.string(),
  /** When they last signed in, or null. */
  last_sign_in: z.string().nullable(),
});
export type OpsStaff = z.infer<typeof opsStaffSchema>;
export const opsStaffPageSchema = pagedResponseSchema(opsStaffSchema);

export const opsTellersQuerySchema = pageQuerySchema.extend({
  agency: idSchema.optional(),
  search: z.string().trim().max(100).optional(),
});

const person = {
  email: emailSchema,
  first_name: z.string().trim().max(100).optional(),
  last_name: z.string().trim().max(100).optional(),
  reason: reasonSchema,
  security_code: opsSecurityCodeSchema,
};

export const tellerAddSchema = z.object({ ...person, agency: idSchema });
export type TellerAddRequest = z.input<typeof tellerAddSchema>;
export const tellerMoveSchema = opsActionRequestSchema.extend({ agency: idSchema });
export type TellerMoveRequest = z.input<typeof tellerMoveSchema>;

export const staffRoles = ['OPERATOR', 'AUDITOR'] as const;
export const operatorAddSchema = z.object({ ...person, role: z.enum(staffRoles) });
export type OperatorAddRequest = z.input<typeof operatorAddSchema>;
export const opsOperatorsQuerySchema = pageQuerySchema.extend({ role: z.enum(staffRoles).optional() });

/** `tellers/{id}/disable/` and `operators/{id}/remove/`: how many sessions ended with it. */
export const staffRevokedSchema = opsStaffSchema.extend({ sessions_ended: z.number().int() });

/**
 * Adding or removing an operator or auditor and moving a teller wait for a second operator (202): the request, as
 * the approvals queue lists it.
 */
export const staffRequestSchema = z.object({ approval: approvalSchema });
export type StaffRequestAnswer = z.infer<typeof staffRequestSchema>;
