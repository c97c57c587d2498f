import { sql, type Kysely, type Transaction } from 'kysely';
import {
  KYC_DOCUMENT_TYPES,
  KYC_IDENTITY_FIELDS,
  KYC_PROFILE_FIELDS,
  kycMessages,
  kycIdentitySchema,
  kycProfileSchema,
  partsFor,
  type KycDocumentType,
  type KycIdentityField,
  type KycProfileField,
  type KycStatus,
} from '../../../common/api/kyc.ts';
import { genericMessages, type FieldErrors } from '../../../common/api/errors.ts';
import type { Database, KycMediaType, KycPart } from '../../db/schema.ts';
import { conflict, forbidden, HttpError, notFound } from '../../http/http-error.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { openReview } from '../reviews/reviews.service.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { documentKeyring } from './document-crypto.ts';
import { splitSubmission, type IdentityChange } from './identity-change.ts';
import { checkDocumentFile } from './file-type.ts';
import {
  decideSubmission,
  findFile,
  insertFile,
  insertSubmission,
  latestSubmission,
  lockSubmissionByReview,
  setSubmissionReview,
} from './kyc.repository.ts';
import { MalformedMultipart, multipartBoundary, parseMultipart, type FormPart } from './multipart.ts';

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

interface CheckedFile {
  part: KycPart;
  mediaType: KycMediaType;
  data: Buffer;
}

/** Years between a date of birth and now, by the calendar (a birthday today counts). */
function ageOn(dateOfBirth: string, now: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const age = now.getUTCFullYear() - y;
  const beforeBirthday = now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d);
  return beforeBirthday ? age - 1 : age;
}

/**
 * The document type and its files (front, back unless a passport, selfie): each present, at most 5 MB and a JPEG,
 * PNG or PDF by its bytes. Refusals go into `errors`; `tooLarge` when a file is over the size.
 */
function checkDocumentFiles(
  fields: Map<string, FormPart>,
  errors: FieldErrors,
): { documentType: KycDocumentType | undefined; files: CheckedFile[]; tooLarge: boolean } {
  const typeText = fields.get('document_type')?.data.toString('utf8').trim();
  const documentType = KYC_DOCUMENT_TYPES.find((type) => type === typeText);
  if (documentType === undefined && errors.document_type === undefined)
    errors.document_type = [typeText ? kycMessages.documentType : genericMessages.required];
  let tooLarge = false;
  const files: CheckedFile[] = [];
  for (const part of partsFor(documentType ?? 'national_id')) {
    if (errors[part] !== undefined) continue;
    const field = fields.get(part);
    if (field === undefined || (field.data.length === 0 && !field.filename)) {
      errors[part] = [genericMessages.required];
    } else {
      const checked = checkDocumentFile(field.data);
      if ('refused' in checked) {
        errors[part] = [checked.refused];
        tooLarge ||= checked.tooLarge;
      } else files.push({ part, mediaType: checked.mediaType, data: field.data });
    }
  }
  return { documentType, files, tooLarge };
}

/** The form's parts by name (a name given twice is refused in `errors`). */
function formFields(parts: FormPart[], errors: FieldErrors): Map<string, FormPart> {
  const fields = new Map<string, FormPart>();
  for (const part of parts) {
    if (fields.has(part.name)) errors[part.name] = [kycMessages.once];
    fields.set(part.name, part);
  }
  return fields;
}

/** A multipart body's parts: a 400 when it is not one. */
function multipartParts(request: { contentType: string | undefined; body: unknown }): FormPart[] {
  const boundary = multipartBoundary(request.contentType);
  if (!Buffer.isBuffer(request.body) || boundary === undefined)
    throw new HttpError(400, { detail: kycMessages.notMultipart });
  try {
    return parseMultipart(request.body, boundary);
  } catch (error) {
    if (error instanceof MalformedMultipart) throw new HttpError(400, { detail: kycMessages.notMultipart });
    throw error;
  }
}

/**
 * Everything a submission is checked for before anything is stored: the document type, each file part present,
 * at most 5 MB and a JPEG, PNG or PDF by its bytes, and the profile fields level 2 still lacks. Every refusal is
 * collected (a form shows them all at once); one file too large makes it a 413, anything else a 400.
 */
function checkSubmission(
  parts: FormPart[],
  profile: KycProfile,
  now: Date,
): {
  documentType: KycDocumentType;
  files: CheckedFile[];
  profile: Partial<Record<KycProfileField, string>>;
  identity: Partial<Record<KycIdentityField, string>>;
} {
  const errors: FieldErrors = {};
  const fields = formFields(parts, errors);
  const { documentType, files, tooLarge } = checkDocumentFiles(fields, errors);
  const given: Record<string, string> = {};
  for (const name of KYC_PROFILE_FIELDS) {
    const value = fields.get(name)?.data.toString('utf8');
    if (value !== undefined && value.trim() !== '') given[name] = value;
    else if (profile[name] === null && errors[name] === undefined) errors[name] = [genericMessages.required];
  }
  const checked = kycProfileSchema.safeParse(given);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const name = String(issue.path[0]);
      if (errors[name] === undefined) errors[name] = [issue.message];
    }
  } else if (checked.data.date_of_birth !== undefined && errors.date_of_birth === undefined) {
    const age = ageOn(checked.data.date_of_birth, now);
    if (age < 18) errors.date_of_birth = [kycMessages.adult];
    else if (age > 130) errors.date_of_birth = ['Enter a valid date (YYYY-MM-DD).'];
  }
  const named: Record<string, string> = {};
  for (const name of KYC_IDENTITY_FIELDS) {
    const value = fields.get(name)?.data.toString('utf8');
    if (value !== undefined && value.trim() !== '') named[name] = value;
  }
  const identity = kycIdentitySchema.safeParse(named);
  if (!identity.success) for (const issue of identity.error.issues) errors[String(issue.path[0])] ??= [issue.message];
  if (Object.keys(errors).length > 0) throw new HttpError(tooLarge ? 413 : 400, errors);
  return {
    documentType: documentType as KycDocumentType,
    files,
    profile: checked.success ? checked.data : {},
    identity: identity.success ? identity.data : {},
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
 * The identity check of an account recovery: a selfie and the document of the type on file (`requiredType`; any
 * when none is on file), checked as a submission's files are, before anything is stored (400/413 with every
 * refusal). The requester is not signed in, so no profile field is taken from this form.
 */
export function checkRecoveryDocuments(
  request: { contentType: string | undefined; body: unknown },
  requiredType: KycDocumentType | null,
): { documentType: KycDocumentType; files: CheckedFile[] } {
  const errors: FieldErrors = {};
  const fields = formFields(multipartParts(request), errors);
  const { documentType, files, tooLarge } = checkDocumentFiles(fields, errors);
  if (documentType !== undefined && requiredType !== null && documentType !== requiredType)
    errors.document_type = [kycMessages.sameDocumentType];
  if (Object.keys(errors).length > 0) throw new HttpError(tooLarge ? 413 : 400, errors);
  return { documentType: documentType as KycDocumentType, files };
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
