import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { recoveryMessages, type RecoveryStatus } from '../../../common/api/recovery.ts';
import { KYC_DOCUMENT_TYPES } from '../../../common/api/kyc.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../common/i18n/languages.ts';
import { lockFor } from '../../db/advisory-lock.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, fieldError, notFound, tooManyRequests } from '../../http/http-error.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { authMessages } from '../../../common/api/messages.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { notify } from '../notifications/notify.ts';
import { signed } from '../../../common/i18n/service-name.ts';
import { loginCodeTexts } from '../auth/message-templates.ts';
import { checkCode, issueCode, takeRateSlot } from '../auth/one-time-codes.ts';
import { revokeUserSessions } from '../auth/sessions.service.ts';
import { HOUR_SECONDS } from '../auth/sliding-window.ts';
import {
  checkRecoveryDocuments,
  documentTypeOnFile,
  linkSubmissionReview,
  storeRecoveryDocuments,
} from '../kyc/kyc.service.ts';
import { openReview } from '../reviews/reviews.service.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { findSignInUser, getUser, identifierLock, type SignInIdentifier } from '../users/users.service.ts';
import { recoveryTexts } from './recovery-texts.ts';
import {
  findRecovery,
  holdsMoney,
  insertRecovery,
  lockRecovery,
  lockUserIdentity,
  replaceSignIn,
  setRecoveryPending,
  updateRecovery,
  type RecoveryRow,
} from './recovery.repository.ts';

/**
 * Getting back into an account whose sign-in phone or e-mail is lost (ADR 026). The requester is not signed in:
 * the request's random id is their handle. Steps: the request (the same answer whoever it names), the two codes
 * (the identifier still held, the new one), for a verified customer or one holding money the identity check an
 * operator decides in the reviews queue, then the change (replaceSignIn and what goes with it, applyRecovery).
 */
export const RECOVERY_REVIEW_KIND = 'account_recovery';

const ANONYMOUS = 'anonymous';
const codeKey = (id: string, which: 'known' | 'new') => `recovery:${id}:${which}`;
const languageOf = (row: { language: string }): Language =>
  isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE;

type Actor = Omit<AuditActor, 'userId' | 'role'>;
const anonymous = (actor: Actor): AuditActor => ({ ...actor, userId: null, role: ANONYMOUS });

/** What the requester reads of their request; a lapsed one reads `expired`. */
function present(row: RecoveryRow, now: Date): RecoveryStatus {
  const lapsed = (row.state === 'codes' || row.state === 'documents') && row.expires_at <= now;
  return {
    id: row.id,
    state: lapsed ? 'expired' : row.state,
    new_identifier: row.new_identifier,
    document_type: KYC_DOCUMENT_TYPES.find((type) => type === row.document_type) ?? null,
  };
}

/** A message to an identifier, after the commit: a failed delivery is not the request's (nothing to roll back). */
async function deliver(
  deps: ServiceDeps,
  to: SignInIdentifier,
  message: { subject: string; text: string; sms?: string; code?: string },
): Promise<void> {
  try {
    if (to.kind === 'email')
      await deps.mail.send({
        to: to.value,
        subject: message.subject,
        text: message.text,
        ...(message.code !== undefined && { code: message.code }),
      });
    else
      await deps.sms.send({
        to: to.value,
        body: message.sms ?? message.text,
        ...(message.code !== undefined && { code: message.code }),
      });
  } catch {
    // Best effort: the requester can ask again (within the limits); the answer must not depend on delivery.
  }
}

const identifierOf = (value: string): SignInIdentifier =>
  value.includes('@') ? { kind: 'email', value } : { kind: 'phone', value };

/**
 * `POST /api/auth/recovery/`: answered 202 with a new request id whether or not the known identifier is a
 * customer's, after the same work (the limits, a row, a code to the new identifier); only a customer's known
 * identifier gets its own code. Limits (429): per client network and per identifier (known and new) over
 * RECOVERY_WINDOW_SECONDS.
 */
export async function startRecovery(
  deps: ServiceDeps,
  input: { known: SignInIdentifier; fresh: SignInIdentifier; language: Language },
  actor: Actor & { ip: string },
): Promise<RecoveryStatus> {
  const { config } = deps;
  const { known, fresh, language } = input;
  if (known.kind === fresh.kind) throw fieldError('new_identifier', recoveryMessages.notSame);
  const now = deps.clock.now();
  const id = randomUUID();
  const issued = await withTransaction(deps.db, async (tx) => {
    for (const value of [known.value, fresh.value].sort()) await lockFor(tx, identifierLock(value));
    const window = { now, windowSeconds: config.RECOVERY_WINDOW_SECONDS };
    await takeRateSlot(tx, { ...window, bucket: 'recovery_ip', key: actor.ip, limit: config.RECOVERY_REQUESTS_PER_IP });
    for (const key of [known.value, fresh.value])
      await takeRateSlot(tx, {
        ...window,
        bucket: 'recovery_identifier',
        key,
        limit: config.RECOVERY_REQUESTS_PER_IDENTIFIER,
      });
    const user = await findSignInUser(tx, known);
    await insertRecovery(tx, {
      id,
      user_id: user?.id ?? null,
      known_identifier: known.value,
      new_identifier: fresh.value,
      new_kind: fresh.kind,
      language,
      created_at: now,
      expires_at: new Date(now.getTime() + config.RECOVERY_TTL_SECONDS * 1000),
    });
    const purpose = 'account-recovery' as const;
    const newCode = await issueCode(tx, deps, { purpose, key: codeKey(id, 'new'), language, now });
    const knownCode = user ? await issueCode(tx, deps, { purpose, key: codeKey(id, 'known'), language, now }) : null;
    await recordAudit(
      tx,
      anonymous(actor),
      {
        action: 'recovery.request',
        targetType: 'account_recovery',
        targetId: id,
        after: { user_id: user ? Number(user.id) : null, new_kind: fresh.kind },
      },
      now,
    );
    return { newCode, knownCode };
  });
  const texts = loginCodeTexts[language];
  const minutes = Math.ceil(config.LOGIN_CODE_TTL_SECONDS / 60);
  const codeMessage = (code: string, to: SignInIdentifier) => ({
    subject: texts.subject,
    text: to.kind === 'email' ? texts.mail(code, minutes) : texts.sms(code, minutes),
    code,
  });
  await deliver(deps, fresh, codeMessage(issued.newCode, fresh));
  if (issued.knownCode !== null) await deliver(deps, known, codeMessage(issued.knownCode, known));
  return {
    id,
    state: 'codes',
    new_identifier: fresh.value,
    document_type: null,
    detail: recoveryMessages.started,
  };
}

/** `GET /api/auth/recovery/{id}/`: where the request stands. */
export async function recoveryStatus(deps: ServiceDeps, id: string): Promise<RecoveryStatus> {
  const row = await findRecovery(deps.db, id);
  if (!row) throw notFound();
  return present(row, deps.clock.now());
}

/** The request under its lock, waiting for `step` and not lapsed (409 otherwise; 404 when there is none). */
async function waitingFor(tx: Transaction<Database>, id: string, step: 'codes' | 'documents', now: Date) {
  const row = await lockRecovery(tx, id);
  if (!row) throw notFound();
  if (present(row, now).state !== step) throw conflict(recoveryMessages.notWaiting);
  return row;
}

type Proof =
  | { kind: 'ok'; status: RecoveryStatus; notices: (() => Promise<void>)[] }
  | { kind: 'wrong' }
  | { kind: 'locked'; retryAfterSeconds: number };

/**
 * `POST /api/auth/recovery/{id}/codes/`: both codes, each counted as a sign-in code is (wrong tries per key, per
 * client network). Proved, a customer who is verified or holds money goes on to the identity check, and from now
 * until it is decided no money leaves the account (recovery_pending_until); anyone else's change is made at once.
 */
export async function proveRecoveryCodes(
  deps: ServiceDeps,
  id: string,
  codes: { known_code: string; new_code: string },
  actor: Actor & { ip: string },
): Promise<RecoveryStatus> {
  const { config } = deps;
  const now = deps.clock.now();
  const proof = await withTransaction(deps.db, async (tx): Promise<Proof> => {
    const row = await waitingFor(tx, id, 'codes', now);
    await takeRateSlot(tx, {
      bucket: 'verify_ip',
      key: actor.ip,
      now,
      windowSeconds: HOUR_SECONDS,
      limit: config.LOGIN_VERIFICATIONS_PER_IP_PER_HOUR,
    });
    const purpose = 'account-recovery' as const;
    const fresh = await checkCode(tx, deps, { purpose, key: codeKey(id, 'new'), code: codes.new_code, now });
    const known = await checkCode(tx, deps, { purpose, key: codeKey(id, 'known'), code: codes.known_code, now });
    for (const check of [fresh, known]) if (check.kind === 'locked') return check;
    if (fresh.kind !== 'ok' || known.kind !== 'ok' || row.user_id === null) return { kind: 'wrong' };
    const user = await lockUserIdentity(tx, row.user_id);
    const taken = await findSignInUser(tx, identifierOf(row.new_identifier));
    if (taken !== undefined && taken.id !== row.user_id) throw fieldError('new_identifier', recoveryMessages.taken);
    const required = user.kyc_level === 2 || (await holdsMoney(tx, row.user_id));
    await recordAudit(
      tx,
      { ...anonymous(actor), userId: row.user_id, role: 'customer' },
      {
        action: 'recovery.codes_proved',
        targetType: 'account_recovery',
        targetId: id,
        after: { identity_required: required },
      },
      now,
    );
    if (required) {
      const documentType = await documentTypeOnFile(tx, row.user_id);
      await updateRecovery(tx, id, { state: 'documents', identity_required: true, document_type: documentType });
      await setRecoveryPending(tx, row.user_id, row.expires_at);
      return {
        kind: 'ok',
        status: present({ ...row, state: 'documents', document_type: documentType }, now),
        notices: [],
      };
    }
    const notices = await applyRecovery(tx, deps, row, now);
    return { kind: 'ok', status: present({ ...row, state: 'approved' }, now), notices };
  });
  if (proof.kind === 'locked') throw tooManyRequests(proof.retryAfterSeconds);
  if (proof.kind === 'wrong') throw fieldError('new_code', authMessages.wrongCode);
  for (const notice of proof.notices) await notice();
  return proof.status;
}

/**
 * `POST /api/auth/recovery/{id}/documents/` (multipart: document_type, front, back unless a passport, selfie): the
 * identity check, checked as identity documents are, stored with them, and the item operators decide in the
 * reviews queue; the account stays without movement until the decision (recovery_pending_until: for ever).
 */
export async function submitRecoveryDocuments(
  deps: ServiceDeps,
  id: string,
  request: { contentType: string | undefined; body: unknown },
  actor: Actor,
): Promise<RecoveryStatus> {
  const now = deps.clock.now();
  const before = await findRecovery(deps.db, id);
  if (!before) throw notFound();
  if (present(before, now).state !== 'documents') throw conflict(recoveryMessages.notWaiting);
  const onFile = KYC_DOCUMENT_TYPES.find((type) => type === before.document_type) ?? null;
  const checked = checkRecoveryDocuments(request, onFile);
  return withTransaction(deps.db, async (tx) => {
    const row = await waitingFor(tx, id, 'documents', now);
    const userId = row.user_id;
    if (userId === null) throw conflict(recoveryMessages.notWaiting);
    const user = await lockUserIdentity(tx, userId);
    const stored = await storeRecoveryDocuments(tx, deps, { userId, ...checked, now });
    const review = await openReview(
      tx,
      {
        kind: RECOVERY_REVIEW_KIND,
        subject: `user:${userId}`,
        dedupeKey: `recovery:${id}`,
        payload: {
          recovery_id: id,
          user_id: Number(userId),
          document_type: checked.documentType,
          document_type_on_file: onFile,
          files: stored.files,
          known_identifier: row.known_identifier,
          new_identifier: row.new_identifier,
          replaces: row.new_kind === 'email' ? user.email : user.phone_number,
          requested_at: row.created_at.toISOString(),
        },
      },
      now,
    );
    await linkSubmissionReview(tx, stored.submissionId, review.id);
    await updateRecovery(tx, id, { state: 'review', review_id: review.id, document_type: checked.documentType });
    await setRecoveryPending(tx, userId, 'decided');
    await recordAudit(
      tx,
      { ...actor, userId, role: 'customer' },
      {
        action: 'recovery.documents',
        targetType: 'account_recovery',
        targetId: id,
        after: { review_id: Number(review.id), document_type: checked.documentType },
      },
      now,
    );
    return present({ ...row, state: 'review', document_type: checked.documentType }, now);
  });
}

/**
 * The change, in the caller's transaction: the new identifier replaces the sign-in one of its kind, every session
 * ends, the security code must be set again, the cooling-off starts. Returns the messages to send after the commit:
 * to the replaced identifier and to the other one on the profile ('your sign-in was changed; if it was not you,
 * answer this'), and to the new one that it is done.
 */
export async function applyRecovery(
  tx: Transaction<Database>,
  deps: ServiceDeps,
  row: RecoveryRow,
  now: Date,
  actor: AuditActor | null = null,
): Promise<(() => Promise<void>)[]> {
  if (row.user_id === null) throw new Error(`recovery ${row.id} has no customer`);
  const before = await lockUserIdentity(tx, row.user_id);
  await lockFor(tx, identifierLock(row.new_identifier));
  const taken = await findSignInUser(tx, identifierOf(row.new_identifier));
  if (taken !== undefined && taken.id !== row.user_id) throw conflict(recoveryMessages.taken);
  const replaced = row.new_kind === 'email' ? before.email : before.phone_number;
  const coolingUntil = new Date(now.getTime() + deps.config.RECOVERY_COOLING_OFF_SECONDS * 1000);
  await replaceSignIn(tx, row.user_id, { kind: row.new_kind, value: row.new_identifier, now, coolingUntil });
  const sessionsEnded = await revokeUserSessions(tx, row.user_id, now);
  const after = await getUser(tx, row.user_id);
  if (after) await deps.ports.users.identifierProved(tx, after);
  await updateRecovery(tx, row.id, { state: 'approved', decided_at: now });
  await recordAudit(
    tx,
    actor ?? { userId: row.user_id, role: 'customer', requestId: null, ip: null },
    {
      action: 'recovery.apply',
      targetType: 'user',
      targetId: row.user_id,
      before: { [row.new_kind]: replaced },
      after: { [row.new_kind]: row.new_identifier, sessions_ended: sessionsEnded, cooling_off_until: coolingUntil },
    },
    now,
  );
  // Every session ended: the owner reads this at their next sign-in, in the app, besides the mail or SMS.
  await notify(tx, {
    userId: row.user_id,
    kind: 'recovery_approved',
    transactionId: null,
    params: { identifier_kind: row.new_kind },
    message: false,
  });
  const language = languageOf(row);
  const texts = recoveryTexts[language];
  const warned = [replaced, row.known_identifier].filter((v): v is string => v !== null && v !== row.new_identifier);
  return [
    ...warned.map(
      (value) => () =>
        deliver(deps, identifierOf(value), {
          subject: texts.changedSubject,
          text: texts.changed(row.new_identifier),
          sms: signed(language, texts.changed(row.new_identifier)),
        }),
    ),
    () =>
      deliver(deps, identifierOf(row.new_identifier), {
        subject: texts.approvedSubject,
        text: texts.approved,
        sms: signed(language, texts.approved),
      }),
  ];
}

/**
 * A refused recovery, in the review's transaction: nothing of the account changes; its wait ends, the documents'
 * submission is closed with the reason, and the requester is told on the new identifier after the commit.
 */
export async function refuseRecovery(
  tx: Transaction<Database>,
  deps: ServiceDeps,
  row: RecoveryRow,
  reason: string,
  now: Date,
): Promise<() => Promise<void>> {
  await updateRecovery(tx, row.id, { state: 'refused', reason, decided_at: now });
  if (row.user_id !== null) await setRecoveryPending(tx, row.user_id, null);
  const language = languageOf(row);
  const texts = recoveryTexts[language];
  return () =>
    deliver(deps, identifierOf(row.new_identifier), {
      subject: texts.refusedSubject,
      text: texts.refused,
      sms: signed(language, texts.refused),
    });
}
