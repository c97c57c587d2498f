import type { Kysely } from 'kysely';
import type { OpsCustomerDocument } from '../../../common/api/ops.ts';
import type { Database } from '../../db/schema.ts';
import { documentsOnFile } from './kyc.repository.ts';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/**
 * A customer's identity documents as the back-office shows them on the customer's page: the files an operator
 * opens (GET /api/ops/kyc/files/{id}/) and the decision on each, who took it, when and why; the last `limit`.
 */
export async function customerDocuments(
  db: Kysely<Database>,
  userId: string,
  limit = 10,
): Promise<OpsCustomerDocument[]> {
  const rows = await documentsOnFile(db, userId, limit);
  return rows.map((row) => ({
    id: Number(row.id),
    document_type: row.document_type,
    state: row.state,
    created_at: row.created_at.toISOString(),
    review: row.review_id === null ? null : Number(row.review_id),
    decided_at: iso(row.decided_at),
    decided_by: row.decided_by === null ? null : Number(row.decided_by),
    decided_by_name: row.decided_by_name,
    reason: row.state === 'pending' ? null : row.reason,
    files: row.files.map((file) => ({ id: Number(file.id), part: file.part, media_type: file.media_type })),
  }));
}
