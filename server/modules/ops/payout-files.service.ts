import { sql, type Kysely } from 'kysely';
import type {
  PayoutFile,
  PayoutFileDetail,
  PayoutFileTransfer,
  PayoutFileTransferState,
} from '../../../common/api/ops-payout-files.ts';
import { formatAmount } from '../../../common/money/money.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../http/http-error.ts';

/**
 * The payment files of bank deposits (`payout_files`, migration 0600) for the back-office. A deposit's state is
 * its transaction's: `submitted` once in a file, then `completed` (the bank credited it) or `refunded` (the bank
 * returned it, with its reason code on the payout row).
 */

const mad = (minor: string | bigint) => formatAmount({ currency: 'MAD', minor: BigInt(minor) });

const stateOf: Record<string, PayoutFileTransferState | undefined> = {
  submitted: 'submitted',
  completed: 'credited',
  refunded: 'returned',
};

interface FileRow {
  id: string;
  message_id: string;
  deposits: number;
  control_sum_minor: string;
  created_at: Date;
  submitted: number;
  credited: number;
  returned: number;
}

function files(db: Kysely<Database>) {
  return db
    .selectFrom('payout_files as f')
    .leftJoin('payouts as p', 'p.file_id', 'f.id')
    .leftJoin('transactions as t', 't.id', 'p.transaction_id')
    .select([
      'f.id',
      'f.message_id',
      'f.deposits',
      'f.control_sum_minor',
      'f.created_at',
      sql<number>`(count(*) FILTER (WHERE t.status = 'submitted'))::int`.as('submitted'),
      sql<number>`(count(*) FILTER (WHERE t.status = 'completed'))::int`.as('credited'),
      sql<number>`(count(*) FILTER (WHERE t.status = 'refunded'))::int`.as('returned'),
    ])
    .groupBy('f.id');
}

const present = (row: FileRow): PayoutFile => ({
  id: Number(row.id),
  message_id: row.message_id,
  created_at: row.created_at.toISOString(),
  transfers: row.deposits,
  control_sum: mad(row.control_sum_minor),
  currency: 'MAD',
  states: { submitted: row.submitted, credited: row.credited, returned: row.returned },
});

/** `GET /api/ops/payout-files/`: newest first. */
export async function payoutFilesPage(
  db: Kysely<Database>,
  page: number,
  pageSize: number,
): Promise<{ count: number; results: PayoutFile[] }> {
  const total = await db
    .selectFrom('payout_files')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  const rows = (await files(db)
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute()) as FileRow[];
  return { count: total.n, results: rows.map(present) };
}

/** `GET /api/ops/payout-files/{id}/`: the file and each of its transfers, in the file's order; 404 if none. */
export async function payoutFileDetail(db: Kysely<Database>, id: string): Promise<PayoutFileDetail> {
  const row = await files(db).where('f.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  const lines = await db
    .selectFrom('payouts as p')
    .innerJoin('transactions as t', 't.id', 'p.transaction_id')
    .leftJoin('users as su', 'su.id', 't.sender_user_id')
    .select([
      't.id',
      't.amount',
      't.status',
      't.sender_user_id',
      sql<string | null>`nullif(trim(coalesce(su.first_name, '') || ' ' || coalesce(su.last_name, '')), '')`.as(
        'sender_name',
      ),
      'p.holder_name',
      'p.rib',
      'p.reason',
    ])
    .where('p.file_id', '=', id)
    .orderBy('t.id')
    .execute();
  return {
    ...present(row),
    lines: lines.map((l): PayoutFileTransfer => ({
      id: Number(l.id),
      end_to_end_id: `SILA-${l.id}`,
      amount: mad(l.amount),
      currency: 'MAD',
      sender: l.sender_user_id === null ? null : { id: Number(l.sender_user_id), name: l.sender_name ?? '' },
      holder_name: l.holder_name,
      rib: l.rib,
      // A deposit in a file is never `processing` again: anything else would be a state this screen must not hide.
      state: stateOf[l.status] ?? 'submitted',
      reason: l.status === 'refunded' ? l.reason : null,
    })),
  };
}
