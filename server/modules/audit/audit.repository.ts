import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { AuditAction, AuditTargetType } from '../../../common/api/audit-actions.ts';
import type { AuditFilters } from '../../../common/api/ops.ts';
import type { Database } from '../../db/schema.ts';

/** Who acted, from which request: the part of an audit line every action shares. */
export interface AuditActor {
  userId: string | null;
  role: string;
  requestId: string | null;
  ip: string | null;
}

export interface AuditLine {
  /** One of AUDIT_ACTIONS: the back-office has words for each. */
  action: AuditAction;
  targetType?: AuditTargetType | null;
  targetId?: string | null;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** One line of the append-only audit table, in the caller's transaction (so the action and its line commit together). */
export async function insertAudit(db: Kysely<Database>, actor: AuditActor, line: AuditLine, at: Date): Promise<void> {
  await db
    .insertInto('audit')
    .values({
      actor_user_id: actor.userId,
      actor_role: actor.role,
      action: line.action,
      target_type: line.targetType ?? null,
      target_id: line.targetId ?? null,
      reason: line.reason ?? null,
      before: sql<string>`${json(line.before)}::jsonb`,
      after: sql<string>`${json(line.after)}::jsonb`,
      request_id: actor.requestId,
      ip: actor.ip,
      created_at: at,
    })
    .execute();
}

/** How many lines of one action about one target since a time, and the oldest of them (a limit's window). */
export async function countAuditSince(
  db: Kysely<Database>,
  of: { action: AuditAction; targetType: AuditTargetType; targetId: string; since: Date },
): Promise<{ count: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('audit')
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.min<Date | null>('created_at').as('oldest')])
    .where('action', '=', of.action)
    .where('target_type', '=', of.targetType)
    .where('target_id', '=', of.targetId)
    .where('created_at', '>', of.since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest };
}

export interface AuditRow {
  id: string;
  actor_user_id: string | null;
  actor_role: string;
  actor_name: string | null;
  action: string;
  target_name: string | null;
  target_type: string | null;
  target_id: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
  request_id: string | null;
  ip: string | null;
  created_at: Date;
}

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered<O>(query: SelectQueryBuilder<Database, 'audit', O>, f: AuditFilters) {
  let q = query;
  if (f.actor !== undefined) q = q.where('audit.actor_user_id', '=', f.actor);
  if (f.person !== undefined) {
    const like = likeText(f.person);
    q = q.where('audit.actor_user_id', 'in', (eb) =>
      eb
        .selectFrom('users as p')
        .select('p.id')
        .where((w) =>
          w.or([
            w(sql<string>`p.first_name || ' ' || p.last_name`, 'ilike', like),
            w(sql<string>`p.last_name || ' ' || p.first_name`, 'ilike', like),
            w('p.email', 'ilike', like),
          ]),
        ),
    );
  }
  if (f.action !== undefined) q = q.where('audit.action', '=', f.action);
  if (f.target_type !== undefined) q = q.where('audit.target_type', '=', f.target_type);
  if (f.target_id !== undefined) q = q.where('audit.target_id', '=', f.target_id);
  if (f.start_date !== undefined) q = q.where('audit.created_at', '>=', dayStart(f.start_date));
  if (f.end_date !== undefined) q = q.where('audit.created_at', '<', nextDay(f.end_date));
  return q;
}

/** Newest first; `limit`/`offset` page it (the CSV export takes a larger limit). */
export async function listAudit(
  db: Kysely<Database>,
  filters: AuditFilters,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: AuditRow[] }> {
  const [total, rows] = await Promise.all([
    filtered(db.selectFrom('audit'), filters)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    filtered(
      db
        .selectFrom('audit')
        .leftJoin('users as u', 'u.id', 'audit.actor_user_id')
        // A person the line is about, named: the target id of a 'user' line is a users row.
        .leftJoin('users as t', (join) =>
          join
            .on('audit.target_type', '=', 'user')
            .on('t.id', '=', sql<string>`(CASE WHEN audit.target_id ~ '^[0-9]{1,15}$' THEN audit.target_id::bigint END)`),
        ),
      filters,
    )
      .select([
        'audit.id',
        'audit.actor_user_id',
        'audit.actor_role',
        sql<string | null>`nullif(trim(u.first_name || ' ' || u.last_name), '')`.as('actor_name'),
        'audit.action',
        'audit.target_type',
        'audit.target_id',
        sql<string | null>`nullif(trim(t.first_name || ' ' || t.last_name), '')`.as('target_name'),
        'audit.reason',
        'audit.before',
        'audit.after',
        'audit.request_id',
        'audit.ip',
        'audit.created_at',
      ])
      .orderBy('audit.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { count: Number(total.n), rows };
}
