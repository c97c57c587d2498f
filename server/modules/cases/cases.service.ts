import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import {
  CASE_REOPEN_DAYS,
  caseMessageRequestSchema,
  caseMessages,
  createCaseRequestSchema,
  type Case,
  type CaseKind,
  type CaseMessage,
  type CaseMessageBody,
  type CaseState,
  type CaseSummary,
  type OpsCase,
  type OpsCaseMessageBody,
  type OpsCaseStateBody,
  type OpsCaseSummary,
} from '../../../common/api/cases.ts';
import type { FieldErrors } from '../../../common/api/errors.ts';
import type { Config } from '../../config.ts';
import { lockFor } from '../../db/advisory-lock.ts';
import type { Database, KycMediaType } from '../../db/schema.ts';
import { conflict, forbidden, HttpError, notFound, tooManyRequests } from '../../http/http-error.ts';
import { hashRequest, runIdempotent } from '../../ledger/idempotency.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { withinLimit, HOUR_SECONDS } from '../auth/sliding-window.ts';
import { documentKeyring } from '../kyc/document-crypto.ts';
import { checkDocumentFile } from '../kyc/file-type.ts';
import { MalformedMultipart, multipartBoundary, parseMultipart } from '../kyc/multipart.ts';
import { notify } from '../notifications/notify.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { cannedReplies } from './canned-replies.ts';
import {
  caseMessages as threadOf,
  casesCreatedSince,
  customerCasesPage,
  findAttachment,
  findCase,
  findTransfer,
  insertAttachment,
  insertCase,
  insertMessage,
  lockCase,
  messagesWrittenSince,
  queuePage,
  updateCase,
  type CaseRow,
  type MessageRow,
} from './cases.repository.ts';

/**
 * Help cases (ADR 025). A customer opens a case (about one of their transfers or their account) and writes in its
 * thread; operators answer, write internal notes the customer never sees, change the state with a reason and take
 * the case. Each operator answer is notified to the customer through the notifications module (in-app, and push,
 * e-mail or SMS per their settings). A customer message in a resolved case reopens it within 14 days of the
 * resolution; later it is refused (a new case is the way). Nothing here says why a transfer is held: the customer's
 * answer carries the transfer's id only, the operators' answer its status.
 */

const DAY_MS = 86_400_000;

interface Upload {
  mediaType: KycMediaType;
  data: Buffer;
}

/** A request body as the route received it: JSON (an object) or multipart (a buffer, with its content type). */
export interface CaseRequest {
  contentType: string | undefined;
  body: unknown;
}

/** The fields of a JSON or multipart body, checked with `schema`, and the one file a multipart body may carry. */
function readBody<S extends z.ZodType>(request: CaseRequest, schema: S): { fields: z.output<S>; file?: Upload } {
  const errors: FieldErrors = {};
  let raw: unknown = request.body;
  let file: Upload | undefined;
  let tooLarge = false;
  if (Buffer.isBuffer(request.body)) {
    const boundary = multipartBoundary(request.contentType);
    if (boundary === undefined) throw new HttpError(400, { detail: caseMessages.notMultipart });
    let parts;
    try {
      parts = parseMultipart(request.body, boundary);
    } catch (error) {
      if (error instanceof MalformedMultipart) throw new HttpError(400, { detail: caseMessages.notMultipart });
      throw error;
    }
    const fields: Record<string, string> = {};
    const files = parts.filter((p) => p.name === 'file' && (p.data.length > 0 || p.filename));
    for (const part of parts) if (part.name !== 'file') fields[part.name] = part.data.toString('utf8');
    if (files.length > 1) errors.file = [caseMessages.file];
    else if (files[0] !== undefined) {
      const checked = checkDocumentFile(files[0].data);
      if ('refused' in checked) {
        errors.file = [checked.refused];
        tooLarge = checked.tooLarge;
      } else file = { mediaType: checked.mediaType, data: files[0].data };
    }
    raw = fields;
  }
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'detail')] ??= [issue.message];
  if (Object.keys(errors).length > 0 || !parsed.success) throw new HttpError(tooLarge ? 413 : 400, errors);
  return { fields: parsed.data, ...(file && { file }) };
}

/** The additional data an attachment's ciphertext is bound to: the same bytes on another message do not decrypt. */
const attachmentContext = (messageId: string) => `case-attachment:${messageId}`;

async function storeAttachment(tx: Transaction<Database>, config: Config, messageId: string, file: Upload) {
  await insertAttachment(tx, {
    messageId,
    mediaType: file.mediaType,
    size: file.data.length,
    sealed: documentKeyring(config).seal(file.data, attachmentContext(messageId)),
  });
}

/**
 * A customer's rate limits, counted on their own rows under their lock (so concurrent requests count exactly):
 * CASES_MAX_PER_DAY new cases in any 24 hours, CASE_MESSAGES_MAX_PER_HOUR messages in any hour. A 429 with
 * Retry-After otherwise.
 */
async function takeCustomerLimits(
  tx: Transaction<Database>,
  config: Config,
  userId: string,
  now: Date,
  newCase: boolean,
) {
  await lockFor(tx, `cases:${userId}`);
  if (newCase) {
    const day = 24 * HOUR_SECONDS;
    const cases = await casesCreatedSince(tx, userId, new Date(now.getTime() - day * 1000));
    const decision = withinLimit(cases, now, day, config.CASES_MAX_PER_DAY);
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
  }
  const messages = await messagesWrittenSince(tx, userId, new Date(now.getTime() - HOUR_SECONDS * 1000));
  const decision = withinLimit(messages, now, HOUR_SECONDS, config.CASE_MESSAGES_MAX_PER_HOUR);
  if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
}

function requireCustomer(user: AuthUser): void {
  if (user.role !== 'customer') throw forbidden(caseMessages.customersOnly);
}

const presentMessage = (m: MessageRow): CaseMessage => ({
  id: Number(m.id),
  author: m.author,
  body: m.body,
  at: m.created_at.toISOString(),
  attachment:
    m.attachment_id === null || m.media_type === null
      ? null
      : { id: Number(m.attachment_id), media_type: m.media_type, size: m.size ?? 0 },
});

const presentSummary = (row: CaseRow): CaseSummary => ({
  id: Number(row.id),
  reference: row.reference,
  state: row.state,
  kind: row.kind,
  transaction: row.transaction_id === null ? null : Number(row.transaction_id),
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
  resolved_at: row.resolved_at?.toISOString() ?? null,
  last_message: row.last_message,
});

/** The customer's view: never an internal note (left out by the query itself). */
async function presentCase(db: Kysely<Database>, row: CaseRow): Promise<Case> {
  const messages = await threadOf(db, row.id, false);
  return { ...presentSummary(row), messages: messages.map(presentMessage) };
}

/**
 * A write a slow phone may send twice (a new case, a reply): with an Idempotency-Key the second answers as the first
 * and writes nothing; the same key with another body is a 409. The stored answer is the case's id.
 */
function once(
  tx: Transaction<Database>,
  key: string | undefined,
  scope: string,
  request: { fields: unknown; file?: Upload },
  work: () => Promise<string>,
): Promise<string> {
  if (key === undefined) return work();
  const requestHash = hashRequest({
    fields: request.fields,
    file: request.file ? createHash('sha256').update(request.file.data).digest('hex') : null,
  });
  return runIdempotent(tx, { scope, key, requestHash }, async () => ({ status: 201, body: { id: await work() } })).then(
    (result) => result.body.id,
  );
}

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

const extensions = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' } as const;

/** The headers of an attachment's answer: never cached, shown inline under a name that says what it is. */
export const attachmentHeaders = (id: string, mediaType: KycMediaType) => ({
  'cache-control': 'no-store',
  'content-disposition': `inline; filename="case-attachment-${id}.${extensions[mediaType]}"`,
  'content-type': mediaType,
});

/** A file of a case, decrypted: for its customer (never an internal note's), or for staff (the view audited). */
export async function caseAttachment(
  deps: ServiceDeps,
  reader: { user: AuthUser; actor: AuditActor; staff: boolean },
  caseId: string,
  attachmentId: string,
): Promise<{ mediaType: KycMediaType; bytes: Buffer }> {
  if (!reader.staff) requireCustomer(reader.user);
  const row = await findCase(deps.db, caseId, reader.staff ? undefined : reader.user.id);
  if (!row) throw notFound();
  const file = await findAttachment(deps.db, caseId, attachmentId);
  if (!file || (file.internal && !reader.staff)) throw notFound();
  const bytes = documentKeyring(deps.config).open(
    { keyId: file.key_id, iv: file.iv, tag: file.tag, ciphertext: file.ciphertext },
    attachmentContext(file.message_id),
  );
  if (reader.staff)
    await recordAudit(
      deps.db,
      reader.actor,
      { action: 'case.attachment.view', targetType: 'case', targetId: caseId, after: { attachment: Number(file.id) } },
      deps.clock.now(),
    );
  return { mediaType: file.media_type, bytes };
}

// Operators

/** The target time to a first answer of a kind of case (CASE_TARGET_HOURS_*). */
export function targetHours(config: Config, kind: CaseKind): number {
  const targets: Record<CaseKind, number> = {
    not_received: config.CASE_TARGET_HOURS_NOT_RECEIVED,
    wrong_details: config.CASE_TARGET_HOURS_WRONG_DETAILS,
    cannot_collect: config.CASE_TARGET_HOURS_CANNOT_COLLECT,
    not_credited: config.CASE_TARGET_HOURS_NOT_CREDITED,
    account: config.CASE_TARGET_HOURS_ACCOUNT,
    other: config.CASE_TARGET_HOURS_OTHER,
  };
  return targets[kind];
}

/**
 * Late: no operator answer yet and past the kind's target. An answered case is never late; a case the customer
 * wrote in again after the first answer is not measured again (the target is to a first answer).
 */
export function lateness(
  config: Config,
  row: Pick<CaseRow, 'kind' | 'created_at' | 'first_answer_at' | 'state'>,
  now: Date,
) {
  const due = new Date(row.created_at.getTime() + targetHours(config, row.kind) * HOUR_SECONDS * 1000);
  const late = row.first_answer_at === null && row.state !== 'resolved' && now.getTime() > due.getTime();
  return { due_at: due.toISOString(), late };
}

function presentOpsSummary(config: Config, row: CaseRow, now: Date): OpsCaseSummary {
  return {
    ...presentSummary(row),
    customer: { id: Number(row.user_id), name: row.customer_name, language: row.customer_language },
    assigned_to: row.assigned_to === null ? null : { id: Number(row.assigned_to), name: row.assigned_name ?? '' },
    first_answer_at: row.first_answer_at?.toISOString() ?? null,
    ...lateness(config, row, now),
  };
}

/** `GET /api/ops/cases/`: the queue, oldest first, filtered by state and kind. */
export async function casesQueue(
  deps: ServiceDeps,
  filters: { state?: CaseState | undefined; kind?: CaseKind | undefined },
  page: number,
  pageSize: number,
): Promise<{ count: number; results: OpsCaseSummary[] }> {
  const { count, rows } = await queuePage(deps.db, filters, { limit: pageSize, offset: (page - 1) * pageSize });
  const now = deps.clock.now();
  return { count, results: rows.map((row) => presentOpsSummary(deps.config, row, now)) };
}

/** `GET /api/ops/cases/{id}/`: the whole thread, internal notes included, and the transfer's status. */
export async function opsCase(deps: ServiceDeps, id: string): Promise<OpsCase> {
  const row = await findCase(deps.db, id);
  if (!row) throw notFound();
  const [messages, transfer] = await Promise.all([
    threadOf(deps.db, id, true),
    row.transaction_id === null ? undefined : findTransfer(deps.db, row.transaction_id),
  ]);
  return {
    ...presentOpsSummary(deps.config, row, deps.clock.now()),
    messages: messages.map((m) => ({ ...presentMessage(m), internal: m.internal, author_name: m.author_name })),
    transfer: transfer
      ? {
          id: Number(transfer.id),
          kind: transfer.kind,
          status: transfer.status,
          amount: transfer.amount,
          currency: transfer.currency,
        }
      : null,
    canned_replies: cannedReplies(row.kind, row.customer_language),
  };
}

/**
 * `POST /api/ops/cases/{id}/messages/`: an operator's answer or internal note. An answer makes the case `answered`
 * (the first one stops the clock of the target time), takes an unassigned case for its author, and notifies the
 * customer; a note changes nothing the customer can see.
 */
export async function addOperatorMessage(
  deps: ServiceDeps,
  operator: AuthUser,
  actor: AuditActor,
  id: string,
  body: OpsCaseMessageBody,
): Promise<OpsCase> {
  const now = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    await lockCase(tx, id);
    const row = await findCase(tx, id);
    if (!row) throw notFound();
    await insertMessage(tx, {
      caseId: id,
      author: 'operator',
      userId: operator.id,
      body: body.message,
      internal: body.internal,
      at: now,
    });
    if (!body.internal) {
      await updateCase(tx, id, {
        state: 'answered',
        resolved_at: null,
        ...(row.first_answer_at === null && { first_answer_at: now }),
        ...(row.assigned_to === null && { assigned_to: operator.id }),
      });
      await notify(tx, {
        userId: row.user_id,
        kind: 'case_answered',
        transactionId: null,
        params: { reference: row.reference },
      });
    }
    await recordAudit(
      tx,
      actor,
      {
        action: body.internal ? 'case.note' : 'case.answer',
        targetType: 'case',
        targetId: id,
        after: { internal: body.internal, state: body.internal ? row.state : 'answered' },
      },
      now,
    );
  });
  return opsCase(deps, id);
}

/** `POST /api/ops/cases/{id}/state/`: any state but the one it is in, with the reason in the audit. */
export async function changeCaseState(
  deps: ServiceDeps,
  actor: AuditActor,
  id: string,
  body: OpsCaseStateBody,
): Promise<OpsCase> {
  const now = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    await lockCase(tx, id);
    const row = await findCase(tx, id);
    if (!row) throw notFound();
    if (row.state === body.state) throw conflict(caseMessages.sameState);
    await updateCase(tx, id, { state: body.state, resolved_at: body.state === 'resolved' ? now : null });
    await recordAudit(
      tx,
      actor,
      {
        action: 'case.state',
        targetType: 'case',
        targetId: id,
        reason: body.reason,
        before: { state: row.state },
        after: { state: body.state },
      },
      now,
    );
  });
  return opsCase(deps, id);
}

/** `POST /api/ops/cases/{id}/assign/`: the calling operator takes the case (from no one or from a colleague). */
export async function takeCase(deps: ServiceDeps, operator: AuthUser, actor: AuditActor, id: string): Promise<OpsCase> {
  const now = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    await lockCase(tx, id);
    const row = await findCase(tx, id);
    if (!row) throw notFound();
    await updateCase(tx, id, { assigned_to: operator.id });
    await recordAudit(
      tx,
      actor,
      {
        action: 'case.assign',
        targetType: 'case',
        targetId: id,
        before: { assigned_to: row.assigned_to === null ? null : Number(row.assigned_to) },
        after: { assigned_to: Number(operator.id) },
      },
      now,
    );
  });
  return opsCase(deps, id);
}
