import type { AuditAction } from '../../../common/api/audit-actions.ts';
import type { Kysely, Transaction } from 'kysely';
import type { OpsStaff } from '../../../common/api/ops-people.ts';
import { opsMessages } from '../../../common/api/ops.ts';
import type { Database } from '../../db/schema.ts';
import { fieldError, notFound } from '../../http/http-error.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { revokeUserSessions } from '../auth/sessions.service.ts';
import { agencyState } from '../contacts/agencies.service.ts';
import type { ServiceDeps } from '../service-deps.ts';
import {
  findStaff,
  hasMoneyOrPending,
  listStaff,
  makeCustomer,
  type StaffFilters,
  type StaffRow,
  type UserRow,
} from '../users/back-office.service.ts';

/** Tellers, operators and auditors as the back-office shows them. */
export function presentStaff(row: StaffRow): OpsStaff {
  return {
    id: Number(row.id),
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone_number: row.phone_number,
    role: row.role,
    agency:
      row.agency_id === null
        ? null
        : { id: Number(row.agency_id), name: row.agency_name ?? '', disabled: row.agency_disabled_at !== null },
    created_at: row.created_at.toISOString(),
    last_sign_in: row.last_sign_in === null ? null : new Date(row.last_sign_in).toISOString(),
  };
}

/** What an audit line keeps of a person's access: their role and agency. */
export const accessOf = (row: { role: string; agency_id: string | null }) => ({
  role: row.role,
  agency: row.agency_id === null ? null : Number(row.agency_id),
});

export async function staffPage(
  deps: ServiceDeps,
  filters: StaffFilters,
  page: number,
  pageSize: number,
): Promise<{ count: number; results: OpsStaff[] }> {
  const { count, rows } = await listStaff(deps.db, filters, { limit: pageSize, offset: (page - 1) * pageSize });
  return { count, results: rows.map(presentStaff) };
}

export async function staffMember(db: Kysely<Database>, id: string): Promise<{ row: StaffRow; shown: OpsStaff }> {
  const row = await findStaff(db, id);
  if (!row) throw notFound();
  return { row, shown: presentStaff(row) };
}

/** How a request names the person it is about: their name and e-mail when it was asked. */
export async function personOf(db: Kysely<Database>, id: string): Promise<{ name: string; email: string | null }> {
  const { shown } = await staffMember(db, id);
  return { name: `${shown.first_name} ${shown.last_name}`.trim(), email: shown.email };
}

/** An agency's name, as a request shows it. */
export async function agencyName(db: Kysely<Database>, id: string): Promise<string | null> {
  const row = await db.selectFrom('contacts').select('first_name').where('id', '=', id).executeTakeFirst();
  return row?.first_name ?? null;
}

/** An agency a teller can be sent to: one that exists and is not disabled (the field says which). */
export async function requireOpenAgency(db: Kysely<Database>, id: string): Promise<void> {
  const state = await agencyState(db, id);
  if (state === undefined) throw fieldError('agency', opsMessages.unknownAgency);
  if (state === 'disabled') throw fieldError('agency', opsMessages.agencyDisabled);
}

/**
 * A customer becoming a teller or an operator must have nothing left in the service: staff cannot send, so a
 * balance or a transfer on its way would be stuck. Named after the e-mail field the operator typed.
 */
export async function refuseIfMoneyLeft(db: Kysely<Database>, existing: UserRow): Promise<void> {
  if (await hasMoneyOrPending(db, existing.id)) throw fieldError('email', opsMessages.hasMoney);
}

export interface AccessChange {
  action: AuditAction;
  id: string;
  reason: string;
  before: { role: string; agency_id: string | null } | null;
}

/** After a change of someone's role or agency: the audit line (before, after) and the person as they are now. */
export async function recordAccessChange(
  tx: Transaction<Database>,
  deps: ServiceDeps,
  actor: AuditActor,
  change: AccessChange,
  extra: Record<string, unknown> = {},
): Promise<OpsStaff> {
  const { row, shown } = await staffMember(tx, change.id);
  await recordAudit(
    tx,
    actor,
    {
      action: change.action,
      targetType: 'user',
      targetId: change.id,
      reason: change.reason,
      before: change.before ? accessOf(change.before) : null,
      after: { ...accessOf(row), ...extra },
    },
    deps.clock.now(),
  );
  return shown;
}

/**
 * A disabled teller or a removed operator: back to a plain account with no agency, and every session ended in
 * the same transaction, so a request with their old token is a 401 right after.
 */
export async function endAccess(
  tx: Transaction<Database>,
  deps: ServiceDeps,
  actor: AuditActor,
  change: AccessChange,
  extra: Record<string, unknown> = {},
): Promise<OpsStaff & { sessions_ended: number }> {
  await makeCustomer(tx, change.id);
  const ended = await revokeUserSessions(tx, change.id, deps.clock.now());
  const shown = await recordAccessChange(tx, deps, actor, change, { ...extra, sessions_ended: ended });
  return { ...shown, sessions_ended: ended };
}
