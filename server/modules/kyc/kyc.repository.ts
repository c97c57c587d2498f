import { sql, type Kysely } from 'kysely';
import type { Database, KycDocumentType, KycMediaType, KycPart, KycState } from '../../db/schema.ts';
import type { SealedFile } from './document-crypto.ts';

export interface SubmissionRow {
  id: string;
  user_id: string;
  document_type: KycDocumentType;
  state: KycState;
  review_id: string | null;
  reason: string | null;
  created_at: Date;
  decided_at: Date | null;
  /** The identity change it asks for (ADR 018), applied on approval. */
  identity: Record<string, string> | null;
}

const submissionColumns = [
  'id',
  'user_id',
  'document_type',
  'state',
  'review_id',
  'reason',
  'created_at',
  'decided_at',
  'identity',
] as const;

export async function latestSubmission(db: Kysely<Database>, userId: string): Promise<SubmissionRow | undefined> {
  return db
    .selectFrom('kyc_submissions')
    .select(submissionColumns)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Inserts a pending submission; undefined when the customer already has one pending (the partial unique index). */
export async function insertSubmission(
  db: Kysely<Database>,
  row: { userId: string; documentType: KycDocumentType; createdAt: Date; identity: Record<string, string> | null },
): Promise<string | undefined> {
  const inserted = await db
    .insertInto('kyc_submissions')
    .values({
      user_id: row.userId,
      document_type: row.documentType,
      created_at: row.createdAt,
      identity: row.identity === null ? null : JSON.stringify(row.identity),
    })
    .onConflict((oc) => oc.column('user_id').where('state', '=', 'pending').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export async function setSubmissionReview(db: Kysely<Database>, id: string, reviewId: string): Promise<void> {
  await db.updateTable('kyc_submissions').set({ review_id: reviewId }).where('id', '=', id).execute();
}

export async function insertFile(
  db: Kysely<Database>,
  file: { submissionId: string; part: KycPart; mediaType: KycMediaType; size: number; sealed: SealedFile },
): Promise<string> {
  const row = await db
    .insertInto('kyc_files')
    .values({
      submission_id: file.submissionId,
      part: file.part,
      media_type: file.mediaType,
      size: file.size,
      key_id: file.sealed.keyId,
      iv: file.sealed.iv,
      tag: file.sealed.tag,
      ciphertext: file.sealed.ciphertext,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findFile(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('kyc_files')
    .select(['id', 'submission_id', 'part', 'media_type', 'size', 'key_id', 'iv', 'tag', 'ciphertext'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The submission a review item is about, locked for its decision. */
export async function lockSubmissionByReview(
  db: Kysely<Database>,
  reviewId: string,
): Promise<SubmissionRow | undefined> {
  return db
    .selectFrom('kyc_submissions')
    .select(submissionColumns)
    .where('review_id', '=', reviewId)
    .forUpdate()
    .executeTakeFirst();
}

export async function decideSubmission(
  db: Kysely<Database>,
  id: string,
  decision: { state: 'approved' | 'rejected'; reason: string | null; at: Date },
): Promise<void> {
  await db
    .updateTable('kyc_submissions')
    .set({ state: decision.state, reason: decision.reason, decided_at: decision.at })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .execute();
}

export interface DocumentOnFileRow {
  id: string;
  document_type: KycDocumentType;
  state: KycState;
  created_at: Date;
  review_id: string | null;
  decided_at: Date | null;
  decided_by: string | null;
  decided_by_name: string | null;
  /** The deciding operator's reason, from the review (a submission keeps only a rejection's). */
  reason: string | null;
  files: { id: number; part: KycPart; media_type: KycMediaType }[];
}

/** A customer's submissions, newest first, each with its files (without their bytes) and its review's decision. */
export async function documentsOnFile(
  db: Kysely<Database>,
  userId: string,
  limit: number,
): Promise<DocumentOnFileRow[]> {
  return db
    .selectFrom('kyc_submissions as s')
    .leftJoin('reviews as r', 'r.id', 's.review_id')
    .leftJoin('users as d', 'd.id', 'r.decided_by')
    .select([
      's.id',
      's.document_type',
      's.state',
      's.created_at',
      's.review_id',
      's.decided_at',
      'r.decided_by',
      sql<string | null>`nullif(trim(d.first_name || ' ' || d.last_name), '')`.as('decided_by_name'),
      sql<string | null>`coalesce(r.reason, s.reason)`.as('reason'),
      sql<DocumentOnFileRow['files']>`coalesce((SELECT jsonb_agg(jsonb_build_object('id', f.id, 'part', f.part,
        'media_type', f.media_type) ORDER BY f.id) FROM kyc_files f WHERE f.submission_id = s.id), '[]'::jsonb)`.as(
        'files',
      ),
    ])
    .where('s.user_id', '=', userId)
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();
}
