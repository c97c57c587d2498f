import {
  CASE_REOPEN_DAYS,
  caseMessageRequestSchema,
  caseMessages,
  createCaseRequestSchema,
  type Case,
  type CaseMessageBody,
  type CaseSummary,
} from '../../../common/api/cases.ts';
import { conflict, HttpError, notFound } from '../../http/http-error.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import type { ServiceDeps } from '../service-deps.ts';
import {
  customerCasesPage,
  findCase,
  findTransfer,
  insertCase,
  insertMessage,
  lockCase,
  updateCase,
} from './cases.repository.ts';
import {
  DAY_MS,
  once,
  presentCase,
  presentSummary,
  readBody,
  requireCustomer,
  storeAttachment,
  takeCustomerLimits,
  type CaseRequest,
} from './case-thread.ts';

/**
 * Help cases (ADR 025). A customer opens a case (about one of their transfers or their account) and writes in its
 * thread; operators answer, write internal notes the customer never sees, change the state with a reason and take
 * the case. Each operator answer is notified to the customer through the notifications module (in-app, and push,
 * e-mail or SMS per their settings). A customer message in a resolved case reopens it within 14 days of the
 * resolution; later it is refused (a new case is the way). Nothing here says why a transfer is held: the customer's
 * answer carries the transfer's id only, the operators' answer its status.
 */

/** `POST /api/cases/`: the case, its first message (and file), the audit line; 201 with the case. */
export async function openCase(
  deps: ServiceDeps,
  user: AuthUser,
  actor: AuditActor,
  request: CaseRequest,
  idempotencyKey?: string,
): Promise<Case> {
  requireCustomer(user);
  const { fields, file } = readBody(request, createCaseRequestSchema);
  if (fields.transaction !== undefined) {
    const transfer = await findTransfer(deps.db, fields.transaction);
    // Another customer's transaction reads as none: the field says so without telling whether it exists.
    if (transfer === undefined || (transfer.sender !== user.id && transfer.recipient !== user.id))
      throw new HttpError(400, { transaction: [caseMessages.transaction] });
  }
  const now = deps.clock.now();
  const id = await withTransaction(deps.db, (tx) =>
    once(tx, idempotencyKey, `cases:${user.id}`, { fields, file }, async () => {
      await takeCustomerLimits(tx, deps.config, user.id, now, true);
      const caseId = await insertCase(tx, {
        userId: user.id,
        kind: fields.kind,
        transactionId: fields.transaction ?? null,
        at: now,
      });
      const messageId = await insertMessage(tx, {
        caseId,
        author: 'customer',
        userId: user.id,
        body: fields.message,
        internal: false,
        at: now,
      });
      if (file) await storeAttachment(tx, deps.config, messageId, file);
      await recordAudit(
        tx,
        actor,
        {
          action: 'case.open',
          targetType: 'case',
          targetId: caseId,
          after: { kind: fields.kind, transaction: fields.transaction ?? null, attachment: file !== undefined },
        },
        now,
      );
      return caseId;
    }),
  );
  return customerCase(deps, user, id);
}

export async function customerCases(
  deps: ServiceDeps,
  user: AuthUser,
  page: number,
  pageSize: number,
): Promise<{ count: number; results: CaseSummary[] }> {
  requireCustomer(user);
  const { count, rows } = await customerCasesPage(deps.db, user.id, { limit: pageSize, offset: (page - 1) * pageSize });
  return { count, results: rows.map(presentSummary) };
}

/** `GET /api/cases/{id}/`: the caller's own case; another customer's is a 404. */
export async function customerCase(deps: ServiceDeps, user: AuthUser, id: string): Promise<Case> {
  requireCustomer(user);
  const row = await findCase(deps.db, id, user.id);
  if (!row) throw notFound();
  return presentCase(deps.db, row);
}

/**
 * `POST /api/cases/{id}/messages/`: the customer's reply. It puts the case back to `open` (an operator's turn); in a
 * resolved case it reopens it within CASE_REOPEN_DAYS of the resolution, and is refused (409) after.
 */
export async function addCustomerMessage(
  deps: ServiceDeps,
  user: AuthUser,
  id: string,
  request: CaseRequest,
  idempotencyKey?: string,
): Promise<Case> {
  requireCustomer(user);
  const { fields, file } = readBody(request, caseMessageRequestSchema);
  const body: CaseMessageBody = fields;
  const now = deps.clock.now();
  await withTransaction(deps.db, (tx) =>
    once(tx, idempotencyKey, `cases:${user.id}:${id}:messages`, { fields, file }, async () => {
      await takeCustomerLimits(tx, deps.config, user.id, now, false);
      await lockCase(tx, id);
      const row = await findCase(tx, id, user.id);
      if (!row) throw notFound();
      if (row.state === 'resolved' && row.resolved_at !== null) {
        if (now.getTime() - row.resolved_at.getTime() > CASE_REOPEN_DAYS * DAY_MS) throw conflict(caseMessages.closed);
      }
      const messageId = await insertMessage(tx, {
        caseId: id,
        author: 'customer',
        userId: user.id,
        body: body.message,
        internal: false,
        at: now,
      });
      if (file) await storeAttachment(tx, deps.config, messageId, file);
      if (row.state !== 'open') await updateCase(tx, id, { state: 'open', resolved_at: null });
      return id;
    }),
  );
  return customerCase(deps, user, id);
}
