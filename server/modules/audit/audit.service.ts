import type { Kysely } from 'kysely';
import type { AuditEntry, AuditFilters } from '../../../common/api/ops.ts';
import type { Database } from '../../db/schema.ts';
import {
  countAuditSince,
  insertAudit,
  listAudit,
  type AuditActor,
  type AuditLine,
  type AuditRow,
} from './audit.repository.ts';

/**
 * The audit trail, as the other modules use it: they record what an actor did, and the back-office reads it back
 * presented. The table and its queries stay this module's own (audit.repository.ts).
 */
export type { AuditActor, AuditLine };

/** Records one action in the caller's transaction, so the action and its line commit (or roll back) together. */
export async function recordAudit(db: Kysely<Database>, actor: AuditActor, line: AuditLine, at: Date): Promise<void> {
  await insertAudit(db, actor, line, at);
}

/**
 * How often an action was taken on one target since a time, and the oldest of those lines: a limit on an action
 * that leaves no other trace (a message sent again) counts its own audit lines, which it writes in the same
 * transaction under the target's lock.
 */
export async function auditCountSince(
  db: Kysely<Database>,
  of: { action: AuditLine['action']; targetType: NonNullable<AuditLine['targetType']>; targetId: string; since: Date },
): Promise<{ count: number; oldest: Date | null }> {
  return countAuditSince(db, of);
}

/** The trail filtered, newest first, as the API presents it; `limit`/`offset` page it. */
export async function auditEntries(
  db: Kysely<Database>,
  filters: AuditFilters,
  page: { limit: number; offset: number },
): Promise<{ count: number; entries: AuditEntry[] }> {
  const { count, rows } = await listAudit(db, filters, page);
  return { count, entries: rows.map(presentAudit) };
}

function presentAudit(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    actor: row.actor_user_id === null ? null : Number(row.actor_user_id),
    actor_role: row.actor_role,
    actor_name: row.actor_name,
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    target_name: row.target_name,
    reason: row.reason,
    before: row.before,
    after: row.after,
    request_id: row.request_id,
    ip: row.ip,
    created_at: row.created_at.toISOString(),
  };
}
