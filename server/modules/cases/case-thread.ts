import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { caseMessages, type Case, type CaseMessage, type CaseSummary } from '../../../common/api/cases.ts';
import type { FieldErrors } from '../../../common/api/errors.ts';
import type { Config } from '../../config.ts';
import { lockFor } from '../../db/advisory-lock.ts';
import type { Database, KycMediaType } from '../../db/schema.ts';
import { forbidden, HttpError, notFound, tooManyRequests } from '../../http/http-error.ts';
import { hashRequest, runIdempotent } from '../../ledger/idempotency.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { withinLimit, HOUR_SECONDS } from '../auth/sliding-window.ts';
import { documentKeyring } from '../kyc/document-crypto.ts';
import { checkDocumentFile } from '../kyc/file-type.ts';
import { MalformedMultipart, multipartBoundary, parseMultipart } from '../kyc/multipart.ts';
import type { ServiceDeps } from '../service-deps.ts';
import {
  caseMessages as threadOf,
  casesCreatedSince,
  findAttachment,
  findCase,
  insertAttachment,
  messagesWrittenSince,
  type CaseRow,
  type MessageRow,
} from './cases.repository.ts';

/** A case's thread as both sides share it: the uploads and their encryption, presenting, one write per key. */

export const DAY_MS = 86_400_000;

export interface Upload {
  mediaType: KycMediaType;
  data: Buffer;
}

/** A request body as the route received it: JSON (an object) or multipart (a buffer, with its content type). */
export interface CaseRequest {
  contentType: string | undefined;
  body: unknown;
}

/** The fields of a JSON or multipart body, checked with `schema`, and the one file a multipart body may carry. */
export function readBody<S extends z.ZodType>(request: CaseRequest, schema: S): { fields: z.output<S>; file?: Upload } {
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
export const attachmentContext = (messageId: string) => `case-attachment:${messageId}`;

export async function storeAttachment(tx: Transaction<Database>, config: Config, messageId: string, file: Upload) {
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
export async function takeCustomerLimits(
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

export function requireCustomer(user: AuthUser): void {
  if (user.role !== 'customer') throw forbidden(caseMessages.customersOnly);
}

export const presentMessage = (m: MessageRow): CaseMessage => ({
  id: Number(m.id),
  author: m.author,
  body: m.body,
  at: m.created_at.toISOString(),
  attachment:
    m.attachment_id === null || m.media_type === null
      ? null
      : { id: Number(m.attachment_id), media_type: m.media_type, size: m.size ?? 0 },
});

export const presentSummary = (row: CaseRow): CaseSummary => ({
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
export async function presentCase(db: Kysely<Database>, row: CaseRow): Promise<Case> {
  const messages = await threadOf(db, row.id, false);
  return { ...presentSummary(row), messages: messages.map(presentMessage) };
}

/**
 * A write a slow phone may send twice (a new case, a reply): with an Idempotency-Key the second answers as the first
 * and writes nothing; the same key with another body is a 409. The stored answer is the case's id.
 */
export function once(
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
