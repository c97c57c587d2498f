import { sql, type Kysely, type Transaction } from 'kysely';
import type { Role } from '../../../common/api/auth.ts';
import type { Database } from '../../db/schema.ts';
import { searchCondition } from '../../db/search-condition.ts';

/** A user as the back-office sees them: profile, role, wallet balance, freeze and code-lock state. */
export interface AdminUserRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone_number: string | null;
  role: Role;
  agency_id: string | null;
  account_id: string;
  country: string | null;
  language: string;
  created_at: Date;
  balance: string | null;
  frozen_at: Date | null;
  frozen_reason: string | null;
  /** The compliance review whose freeze this is, while that review is open or confirmed: only its decision lifts it. */
  frozen_by_review: string | null;
  security_code_set: boolean;
  security_code_failures: number;
  security_code_locked_until: Date | null;
  kyc_level: number;
}

function adminUsers(db: Kysely<Database>) {
  return db
    .selectFrom('users as u')
    .leftJoin('ledger_accounts as w', (join) =>
      join.onRef('w.owner_user_id', '=', 'u.id').on('w.kind', '=', 'customer_wallet'),
    )
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.phone_number',
      'u.role',
      'u.agency_id',
      'u.account_id',
      'u.country',
      'u.language',
      'u.created_at',
      'w.balance',
      'u.frozen_at',
      'u.frozen_reason',
      sql<
        string | null
      >`(SELECT r.id FROM reviews r WHERE r.id = u.frozen_by_review AND r.state IN ('open', 'rejected'))`.as(
        'frozen_by_review',
      ),
      sql<boolean>`u.security_code_hash IS NOT NULL`.as('security_code_set'),
      'u.security_code_failures',
      'u.security_code_locked_until',
      'u.kyc_level',
    ]);
}

/**
 * `customers/?search=`: by name (accent- and case-insensitive), e-mail, phone (as people type it), id or wallet
 * address. Newest accounts first.
 */
export async function searchUsers(
  db: Kysely<Database>,
  term: string | undefined,
  page: { limit: number; offset: number },
  role?: Role,
): Promise<{ count: number; rows: AdminUserRow[] }> {
  const search = term?.trim();
  const where = (all: ReturnType<typeof adminUsers>) => {
    const query = role ? all.where('u.role', '=', role) : all;
    if (!search) return query;
    return query.where((eb) => {
      const any = [sql<boolean>`${searchCondition(search, false)}`];
      if (/^\d{1,15}$/.test(search)) any.push(sql<boolean>`u.id = ${search}::bigint`);
      if (/^0x[0-9a-fA-F]{40}$/.test(search)) any.push(sql<boolean>`u.account_id = ${search.toLowerCase()}`);
      return eb.or(any);
    });
  };
  const [rows, total] = await Promise.all([
    where(adminUsers(db)).orderBy('u.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    where(adminUsers(db))
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { count: Number(total.n), rows };
}

export async function findAdminUser(db: Kysely<Database>, id: string): Promise<AdminUserRow | undefined> {
  return adminUsers(db).where('u.id', '=', id).executeTakeFirst();
}

/** The row locked for an operator's change, with what the audit line records as "before". */
export async function lockAdminUser(tx: Transaction<Database>, id: string): Promise<AdminUserRow | undefined> {
  return adminUsers(tx).where('u.id', '=', id).forUpdate('u').executeTakeFirst();
}

export async function setFrozen(
  tx: Transaction<Database>,
  id: string,
  frozen: { at: Date; reason: string; by: string } | null,
): Promise<void> {
  await tx
    .updateTable('users')
    .set({
      frozen_at: frozen?.at ?? null,
      frozen_reason: frozen?.reason ?? null,
      frozen_by: frozen?.by ?? null,
      // Lifting a freeze forgets a review it outlived (one decided approved), so the next screening runs again.
      ...(frozen === null && { frozen_by_review: null }),
    })
    .where('id', '=', id)
    .execute();
}

export async function clearSecurityCodeLock(tx: Transaction<Database>, id: string): Promise<void> {
  await tx
    .updateTable('users')
    .set({ security_code_failures: 0, security_code_locked_until: null })
    .where('id', '=', id)
    .execute();
}
