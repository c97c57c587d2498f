import { sql, type Kysely, type Transaction } from 'kysely';
import {
  KYC_PROFILE_FIELDS,
  kycMessages,
  type KycDocumentType,
  type KycProfileField,
  type KycStatus,
} from '../../../common/api/kyc.ts';
import type { Database, KycMediaType, KycPart } from '../../db/schema.ts';
import { conflict, forbidden, HttpError, notFound } from '../../http/http-error.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { openReview } from '../reviews/reviews.service.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { documentKeyring } from './document-crypto.ts';
import { splitSubmission, type IdentityChange } from './identity-change.ts';
import { checkSubmission, multipartParts, type CheckedFile } from './document-form.ts';
import { multipartBoundary } from './multipart.ts';
import {
  decideSubmission,
  findFile,
  insertFile,
  insertSubmission,
  latestSubmission,
  lockSubmissionByReview,
  setSubmissionReview,
} from './kyc.repository.ts';
/** The identity check of an account recovery (recovery asks it of kyc). */
export { checkRecoveryDocuments } from './document-form.ts';

/** The review kind of a submission (server/modules/kyc/kyc.reviews.ts decides it). */
export const KYC_REVIEW_KIND = 'kyc_document';

interface KycProfile {
  level: number;
  role: string;
  date_of_birth: string | null;
  address: string | null;
  postcode: string | null;
  city: string | null;
  first_name: string;
  last_name: string;
  country: string | null;
}

async function kycProfile(db: Kysely<Database>, userId: string, lock = false): Promise<KycProfile> {
  const query = db
    .selectFrom('users')
    .select([
      sql<number>`kyc_level`.as('level'),
      'role',
      sql<string | null>`to_char(date_of_birth, 'YYYY-MM-DD')`.as('date_of_birth'),
      'address',
      'postcode',
      'city',
      'first_name',
      'last_name',
      'country',
    ])
    .where('id', '=', userId);
  const row = await (lock ? query.forNoKeyUpdate() : query).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

const missingOf = (p: KycProfile): KycProfileField[] => KYC_PROFILE_FIELDS.filter((f) => p[f] === null);

/** `GET /api/kyc/`: the customer's latest submission (or none), the level, and what the profile still lacks. */
/** Whether the user's latest identity document waits for a review (their names stay as they are meanwhile). */
export async function identityUnderReview(db: Kysely<Database>, userId: string): Promise<boolean> {
  return (await latestSubmission(db, userId))?.state === 'pending';
}

export async function kycStatus(deps: ServiceDeps, userId: string): Promise<KycStatus> {
  const [profile, latest] = await Promise.all([kycProfile(deps.db, userId), latestSubmission(deps.db, userId)]);
  return {
    state: latest?.state ?? 'none',
    level: profile.level === 2 ? 2 : 1,
    document_type: latest?.document_type ?? null,
    submitted_at: latest?.created_at.toISOString() ?? null,
    decided_at: latest?.decided_at?.toISOString() ?? null,
    reason: latest?.state === 'rejected' ? latest.reason : null,
    profile: {
      date_of_birth: profile.date_of_birth,
      address: profile.address,
      postcode: profile.postcode,
      city: profile.city,
    },
    missing: missingOf(profile),
  };
}

/**
 * `POST /api/kyc/submissions/`: checks everything first (nothing is stored on any refusal), then in one
 * transaction: the submission (one pending per customer, 409 otherwise), the profile fields it brings, each file
 * sealed with the document key, the review item operators decide, and the audit line.
 */
export async function submitDocuments(
  deps: ServiceDeps,
  user: AuthUser,
  actor: AuditActor,
  request: { contentType: string | undefined; body: unknown },
): Promise<KycStatus> {
  if (user.role !== 'customer') throw forbidden(kycMessages.customerOnly);
  if (!Buffer.isBuffer(request.body) || multipartBoundary(request.contentType) === undefined)
    throw new HttpError(400, { detail: kycMessages.notMultipart });
  const before = await kycProfile(deps.db, user.id);
  if ((await latestSubmission(deps.db, user.id))?.state === 'pending') throw conflict(kycMessages.pending);
  const parts = multipartParts(request);
  const now = deps.clock.now();
  const checked = checkSubmission(parts, before, now);
  // Verified: only a change of identity is worth a new document (ADR 018).
  if (before.level === 2 && splitSubmission(before, checked.profile, checked.identity).change === null)
    throw conflict(kycMessages.verified);
  const keyring = documentKeyring(deps.config);
  await withTransaction(deps.db, async (tx) => {
    const profile = await kycProfile(tx, user.id, true);
    const split = splitSubmission(profile, checked.profile, checked.identity);
    if (profile.level === 2 && split.change === null) throw conflict(kycMessages.verified);
    const submissionId = await insertSubmission(tx, {
      userId: user.id,
      documentType: checked.documentType,
      createdAt: now,
      identity: split.change,
    });
    if (submissionId === undefined) throw conflict(kycMessages.pending);
    if (Object.keys(split.now).length > 0)
      await tx.updateTable('users').set(split.now).where('id', '=', user.id).execute();
    const files = await sealFiles(tx, keyring, submissionId, checked.files);
    // The operator verifies the identity the document would give the profile, and sees the one it replaces.
    const after = { ...(await kycProfile(tx, user.id)), ...split.change };
    const review = await openReview(
      tx,
      {
        kind: KYC_REVIEW_KIND,
        subject: `user:${user.id}`,
        dedupeKey: `submission:${submissionId}`,
        payload: {
          submission_id: Number(submissionId),
          user_id: Number(user.id),
          document_type: checked.documentType,
          files,
          profile: {
            first_name: after.first_name,
            last_name: after.last_name,
            country: after.country,
            date_of_birth: after.date_of_birth,
            address: after.address,
            postcode: after.postcode,
            city: after.city,
          },
          ...(split.change !== null && { replaces: replacedIdentity(profile, split.change) }),
        },
      },
      now,
    );
    await setSubmissionReview(tx, submissionId, review.id);
    await recordAudit(
      tx,
      actor,
      {
        action: 'kyc.submit',
        targetType: 'kyc_submission',
        targetId: submissionId,
        after: { document_type: checked.documentType, files: files.map((f) => f.part), review_id: Number(review.id) },
      },
      now,
    );
  });
  return kycStatus(deps, user.id);
}

/** Each file sealed with the document key and stored on the submission; what the operator's review lists. */
async function sealFiles(
  tx: Transaction<Database>,
  keyring: ReturnType<typeof documentKeyring>,
  submissionId: string,
  checked: CheckedFile[],
): Promise<{ id: number; part: KycPart; media_type: KycMediaType; size: number }[]> {
  const files = [];
  for (const file of checked) {
    const sealed = keyring.seal(file.data, fileContext(submissionId, file.part));
    const id = await insertFile(tx, {
      submissionId,
      part: file.part,
      mediaType: file.mediaType,
      size: file.data.length,
      sealed,
    });
    files.push({ id: Number(id), part: file.part, media_type: file.mediaType, size: file.data.length });
  }
  return files;
}

/**
 * An account recovery's documents stored as a submission of the customer, in the caller's transaction, so an
 * operator opens them as any identity document (GET /api/ops/kyc/files/{id}/). Returns the submission and the
 * files for the review's payload; a 409 when the customer already has a submission pending.
 */
export async function storeRecoveryDocuments(
  tx: Transaction<Database>,
  deps: ServiceDeps,
  input: { userId: string; documentType: KycDocumentType; files: CheckedFile[]; now: Date },
) {
  const submissionId = await insertSubmission(tx, {
    userId: input.userId,
    documentType: input.documentType,
    createdAt: input.now,
    identity: null,
  });
  if (submissionId === undefined) throw conflict(kycMessages.pending);
  const files = await sealFiles(tx, documentKeyring(deps.config), submissionId, input.files);
  return { submissionId, files };
}

/** Links a stored submission to the review that decides it. */
export { setSubmissionReview as linkSubmissionReview };

/** Records a review's decision on the submission it decides (an account recovery's documents), if still pending. */
export async function decideSubmissionOfReview(
  tx: Transaction<Database>,
  reviewId: string,
  decision: { state: 'approved' | 'rejected'; reason: string | null; at: Date },
): Promise<void> {
  const submission = await lockSubmissionByReview(tx, reviewId);
  if (submission) await decideSubmission(tx, submission.id, decision);
}

/** The document type of the customer's verified identity (their latest approved submission), or null. */
export async function documentTypeOnFile(db: Kysely<Database>, userId: string): Promise<KycDocumentType | null> {
  const row = await db
    .selectFrom('kyc_submissions')
    .select('document_type')
    .where('user_id', '=', userId)
    .where('state', '=', 'approved')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.document_type ?? null;
}

/** The verified values an identity change replaces, for the operator's comparison. */
const replacedIdentity = (profile: KycProfile, change: IdentityChange) =>
  Object.fromEntries(Object.keys(change).map((field) => [field, profile[field as keyof IdentityChange] ?? null]));

/** The additional data each file's ciphertext is bound to: the same bytes on another row do not decrypt. */
const fileContext = (submissionId: string, part: string) => `kyc-file:${submissionId}:${part}`;

/** `GET /api/ops/kyc/files/{id}/`: one document, decrypted for an operator or auditor; the view is audited. */
export async function documentFile(
  deps: ServiceDeps,
  actor: AuditActor,
  id: string,
): Promise<{ mediaType: KycMediaType; part: KycPart; bytes: Buffer }> {
  const file = await findFile(deps.db, id);
  if (!file) throw notFound();
  const bytes = documentKeyring(deps.config).open(
    { keyId: file.key_id, iv: file.iv, tag: file.tag, ciphertext: file.ciphertext },
    fileContext(file.submission_id, file.part),
  );
  await recordAudit(
    deps.db,
    actor,
    { action: 'kyc.document.view', targetType: 'kyc_file', targetId: file.id, after: { part: file.part } },
    deps.clock.now(),
  );
  return { mediaType: file.media_type, part: file.part, bytes };
}
