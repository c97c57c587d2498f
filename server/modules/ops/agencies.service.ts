import type { Kysely } from 'kysely';
import type { AgencyCreate, AgencyUpdate, OpsAgency } from '../../../common/api/ops-people.ts';
import { opsMessages } from '../../../common/api/ops.ts';
import type { Database } from '../../db/schema.ts';
import { fieldError, HttpError, notFound } from '../../http/http-error.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import {
  createAgency,
  findAgencyByName,
  findOpsAgency,
  listOpsAgencies,
  lockAgency,
  setAgencyDisabled,
  updateAgency,
  type AgencyChanges,
  type OpsAgencyFilters,
  type OpsAgencyRow,
} from '../contacts/agencies.service.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { confirmOperator } from './ops-access.ts';

export function presentAgency(row: OpsAgencyRow): OpsAgency {
  return {
    id: Number(row.id),
    name: row.first_name,
    address: row.address,
    zip_code: row.zip_code,
    city: row.city,
    latitude: row.latitude,
    longitude: row.longitude,
    phone_number: row.phone_number,
    email: row.email,
    disabled: row.disabled_at !== null,
    disabled_at: row.disabled_at === null ? null : row.disabled_at.toISOString(),
    created_at: row.created_at.toISOString(),
    tellers: Number(row.tellers),
    pending_withdrawals: Number(row.pending_withdrawals),
    pending_pickups: Number(row.pending_pickups),
  };
}

/** What an audit line keeps of an agency: its public fields and state, not the counts of the moment. */
const stateOf = (a: OpsAgency) => ({
  name: a.name,
  address: a.address,
  zip_code: a.zip_code,
  city: a.city,
  latitude: a.latitude,
  longitude: a.longitude,
  phone_number: a.phone_number,
  email: a.email,
  disabled: a.disabled,
});

export async function agenciesPage(
  deps: ServiceDeps,
  filters: OpsAgencyFilters,
  page: number,
  pageSize: number,
): Promise<{ count: number; results: OpsAgency[] }> {
  const { count, rows } = await listOpsAgencies(
    deps.db,
    filters,
    { limit: pageSize, offset: (page - 1) * pageSize },
    deps.clock.now(),
  );
  return { count, results: rows.map(presentAgency) };
}

export async function agencyDetail(deps: ServiceDeps, id: string): Promise<OpsAgency> {
  const row = await findOpsAgency(deps.db, id, deps.clock.now());
  if (!row) throw notFound();
  return presentAgency(row);
}

const changesOf = (body: AgencyUpdate): AgencyChanges => ({
  name: body.name,
  address: body.address,
  zipCode: body.zip_code,
  city: body.city,
  latitude: body.latitude,
  longitude: body.longitude,
  phone: body.phone_number,
  email: body.email,
});

/** Two agencies of one name would be one too many in a customer's list (and a retried create would make two). */
async function refuseTakenName(db: Kysely<Database>, name: string, self?: string): Promise<void> {
  const other = await findAgencyByName(db, name);
  if (other && other.id !== self) throw fieldError('name', opsMessages.agencyNameTaken);
}

/** `POST agencies/`: the agency and its cash account, with its audit line. */
export async function createOpsAgency(deps: ServiceDeps, actor: AuditActor, body: AgencyCreate): Promise<OpsAgency> {
  return withTransaction(deps.db, async (tx) => {
    await refuseTakenName(tx, body.name);
    const row = await createAgency(tx, {
      name: body.name,
      address: body.address,
      zipCode: body.zip_code,
      city: body.city,
      latitude: body.latitude,
      longitude: body.longitude,
      phone: body.phone_number ?? null,
      email: body.email ?? null,
    });
    const now = deps.clock.now();
    const created = await findOpsAgency(tx, row.id, now);
    if (!created) throw new Error(`agency ${row.id} vanished`);
    const after = presentAgency(created);
    await recordAudit(
      tx,
      actor,
      { action: 'agency.create', targetType: 'agency', targetId: row.id, after: stateOf(after) },
      now,
    );
    return after;
  });
}

/** `PATCH agencies/{id}/`: the fields sent change, the audit line keeps before and after. */
export async function updateOpsAgency(
  deps: ServiceDeps,
  actor: AuditActor,
  id: string,
  body: AgencyUpdate,
): Promise<OpsAgency> {
  return withTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    if (!(await lockAgency(tx, id))) throw notFound();
    const before = await findOpsAgency(tx, id, now);
    if (!before) throw notFound();
    if (body.name !== undefined) await refuseTakenName(tx, body.name, id);
    await updateAgency(tx, id, changesOf(body));
    const after = await findOpsAgency(tx, id, now);
    if (!after) throw notFound();
    const [was, is] = [presentAgency(before), presentAgency(after)];
    await recordAudit(
      tx,
      actor,
      { action: 'agency.update', targetType: 'agency', targetId: id, before: stateOf(was), after: stateOf(is) },
      now,
    );
    return is;
  });
}

/**
 * `agencies/{id}/disable/` and `enable/`: a disabled agency is offered to no customer, while what is pending there
 * stays payable by its tellers until it expires (the answer says how many are pending).
 */
export async function setOpsAgencyDisabled(
  deps: ServiceDeps,
  operator: AuthUser,
  actor: AuditActor,
  input: { id: string; reason: string; security_code: string; disabled: boolean },
): Promise<OpsAgency> {
  await confirmOperator(deps, operator, input.security_code);
  return withTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    if (!(await lockAgency(tx, input.id))) throw notFound();
    const before = await findOpsAgency(tx, input.id, now);
    if (!before) throw notFound();
    if (input.disabled && before.disabled_at !== null)
      throw new HttpError(409, { detail: opsMessages.agencyAlreadyDisabled });
    if (!input.disabled && before.disabled_at === null)
      throw new HttpError(409, { detail: opsMessages.agencyNotDisabled });
    await setAgencyDisabled(tx, input.id, input.disabled ? now : null);
    const after = await findOpsAgency(tx, input.id, now);
    if (!after) throw notFound();
    const [was, is] = [presentAgency(before), presentAgency(after)];
    await recordAudit(
      tx,
      actor,
      {
        action: input.disabled ? 'agency.disable' : 'agency.enable',
        targetType: 'agency',
        targetId: input.id,
        reason: input.reason,
        before: stateOf(was),
        after: { ...stateOf(is), pending_withdrawals: is.pending_withdrawals, pending_pickups: is.pending_pickups },
      },
      now,
    );
    return is;
  });
}
