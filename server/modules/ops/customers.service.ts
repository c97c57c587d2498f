import type { AuditAction } from '../../../common/api/audit-actions.ts';
import type { Role } from '../../../common/api/auth.ts';
import type { Transaction } from 'kysely';
import { opsMessages, type OpsCustomer, type OpsCustomerDetail } from '../../../common/api/ops.ts';
import { formatAmount } from '../../../common/money/money.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { auditEntries, recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { recentSessions, revokeUserSessions } from '../auth/sessions.service.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { caseOfAction, noteCaseAction, type CaseAction } from '../cases/case-actions.ts';
import { limitsOf } from '../compliance/limits.ts';
import { customerDocuments } from '../kyc/customer-documents.ts';
import { recentTransactionsOf } from '../transfers/transactions.service.ts';
import {
  clearSecurityCodeLock,
  findAdminUser,
  lockAdminUser,
  searchUsers,
  setFrozen,
  type AdminUserRow,
} from '../users/back-office.service.ts';
import { confirmOperator } from './ops-access.ts';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export function presentCustomer(row: AdminUserRow): OpsCustomer {
  return {
    id: Number(row.id),
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone_number: row.phone_number,
    role: row.role,
    account_id: row.account_id,
    country: row.country,
    language: row.language,
    created_at: row.created_at.toISOString(),
    balance: formatAmount({ currency: 'MAD', minor: BigInt(row.balance ?? '0') }),
    frozen: row.frozen_at !== null,
    frozen_at: iso(row.frozen_at),
    frozen_reason: row.frozen_reason,
    frozen_by_review: row.frozen_by_review === null ? null : Number(row.frozen_by_review),
    security_code_set: row.security_code_set,
    security_code_locked_until: iso(row.security_code_locked_until),
  };
}

/** What an audit line keeps of a user's state: the fields an action changes, nothing personal. */
const stateOf = (row: AdminUserRow) => ({
  frozen: row.frozen_at !== null,
  frozen_reason: row.frozen_reason,
  security_code_failures: row.security_code_failures,
  security_code_locked_until: iso(row.security_code_locked_until),
});

export async function customersPage(
  deps: ServiceDeps,
  search: string | undefined,
  page: number,
  pageSize: number,
  role?: Role,
): Promise<{ count: number; results: OpsCustomer[] }> {
  const { count, rows } = await searchUsers(deps.db, search, { limit: pageSize, offset: (page - 1) * pageSize }, role);
  return { count, results: rows.map(presentCustomer) };
}

export async function customerDetail(deps: ServiceDeps, id: string): Promise<OpsCustomerDetail> {
  const row = await findAdminUser(deps.db, id);
  if (!row) throw notFound();
  const [transactions, sessions, events, limits, documents] = await Promise.all([
    recentTransactionsOf(deps, id, 20),
    recentSessions(deps.db, id, 20),
    auditEntries(deps.db, { target_type: 'user', target_id: id }, { limit: 50, offset: 0 }),
    limitsOf(deps.db, deps.config, id, row.kyc_level, deps.clock.now()),
    customerDocuments(deps.db, id),
  ]);
  return {
    ...presentCustomer(row),
    security_code_failures: row.security_code_failures,
    level: row.kyc_level === 2 ? 2 : 1,
    limits,
    recent_transactions: transactions,
    sessions: sessions.map((s) => ({
      created_at: s.created_at.toISOString(),
      expires_at: s.expires_at.toISOString(),
      revoked_at: iso(s.revoked_at),
    })),
    events: events.entries,
    documents,
  };
}

type Change = (tx: Transaction<Database>, row: AdminUserRow) => Promise<void>;

/**
 * One operator action on a user: the operator's security code first (outside the transaction, so a wrong one is
 * counted even though nothing else happens), then the row locked, the change and its audit line in one
 * transaction. Answers the user as they are now.
 */
async function actOnUser(
  deps: ServiceDeps,
  operator: AuthUser,
  actor: AuditActor,
  input: { id: string; securityCode: string; reason: string; action: AuditAction; fromCase: string | undefined },
  change: Change,
): Promise<OpsCustomer> {
  await confirmOperator(deps, operator, input.securityCode);
  const now = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const before = await lockAdminUser(tx, input.id);
    if (!before) throw notFound();
    const fromCase =
      input.fromCase === undefined
        ? undefined
        : await caseOfAction(tx, input.fromCase, { userId: input.id }, operator.id);
    await change(tx, before);
    const after = await findAdminUser(tx, input.id);
    if (!after) throw notFound();
    await recordAudit(
      tx,
      actor,
      {
        action: input.action,
        targetType: 'user',
        targetId: input.id,
        reason: input.reason,
        before: stateOf(before),
        after: { ...stateOf(after), ...(fromCase && { case: fromCase.reference }) },
      },
      now,
    );
    if (fromCase)
      await noteCaseAction(tx, fromCase, operator.id, { ...noteOf(input.action), reason: input.reason }, now);
    return presentCustomer(after);
  });
}

const noteOf = (action: string): CaseAction =>
  action === 'customer.freeze'
    ? { action: 'freeze' }
    : action === 'customer.unfreeze'
      ? { action: 'unfreeze' }
      : action === 'customer.logout_all'
        ? { action: 'logout_all' }
        : { action: 'unlock_security_code' };

export interface ActionInput {
  id: string;
  reason: string;
  security_code: string;
  /** The help case it is taken from, if any (named in the audit line, noted in the case). */
  case?: string | undefined;
}

const conflictOf = (detail: string) => new HttpError(409, { detail });

/** `customers/{id}/freeze/`: a customer's money stops moving; they still sign in and read their history. */
export function freezeCustomer(deps: ServiceDeps, operator: AuthUser, actor: AuditActor, input: ActionInput) {
  const at = deps.clock.now();
  return actOnUser(
    deps,
    operator,
    actor,
    {
      id: input.id,
      securityCode: input.security_code,
      reason: input.reason,
      fromCase: input.case,
      action: 'customer.freeze',
    },
    async (tx, row) => {
      if (row.role !== 'customer') throw new HttpError(400, { detail: opsMessages.notACustomer });
      if (row.frozen_at !== null) throw conflictOf(opsMessages.alreadyFrozen);
      await setFrozen(tx, input.id, { at, reason: input.reason, by: operator.id });
    },
  );
}

/**
 * `customers/{id}/unfreeze/`: lifts an operator's freeze. A freeze that a compliance review placed (a sanctions
 * hit under review, or confirmed) is that review's: one operator alone may not end it while the review is open or
 * after it confirmed the hit; only the review's decision lifts it (409).
 */
export function unfreezeCustomer(deps: ServiceDeps, operator: AuthUser, actor: AuditActor, input: ActionInput) {
  return actOnUser(
    deps,
    operator,
    actor,
    {
      id: input.id,
      securityCode: input.security_code,
      reason: input.reason,
      fromCase: input.case,
      action: 'customer.unfreeze',
    },
    async (tx, row) => {
      if (row.frozen_at === null) throw conflictOf(opsMessages.notFrozen);
      if (row.frozen_by_review !== null) throw conflictOf(opsMessages.frozenByReview);
      await setFrozen(tx, input.id, null);
    },
  );
}

/** `customers/{id}/unlock-security-code/`: ends a security-code lock (after the caller proved who they are). */
export function unlockSecurityCode(deps: ServiceDeps, operator: AuthUser, actor: AuditActor, input: ActionInput) {
  return actOnUser(
    deps,
    operator,
    actor,
    {
      id: input.id,
      securityCode: input.security_code,
      reason: input.reason,
      fromCase: input.case,
      action: 'customer.unlock_security_code',
    },
    async (tx) => clearSecurityCodeLock(tx, input.id),
  );
}

/** `customers/{id}/logout-all/`: every session of the user ends now (a stolen phone). */
export async function logoutAll(
  deps: ServiceDeps,
  operator: AuthUser,
  actor: AuditActor,
  input: ActionInput,
): Promise<{ revoked: number }> {
  let revoked = 0;
  await actOnUser(
    deps,
    operator,
    actor,
    {
      id: input.id,
      securityCode: input.security_code,
      reason: input.reason,
      fromCase: input.case,
      action: 'customer.logout_all',
    },
    async (tx) => {
      revoked = await revokeUserSessions(tx, input.id, deps.clock.now());
    },
  );
  return { revoked };
}
