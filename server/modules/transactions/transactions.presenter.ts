import type { Transaction, TransactionCategory } from '../../../common/api/transactions.ts';
import type { TransactionStatus } from '../../db/schema.ts';
import { formatAmount, money } from '../../../common/money/money.ts';
import { openToken, type TokenKeys } from '../withdrawals/withdrawal-token.ts';
import type { HistoryRow, Viewer } from './transactions-query.repository.ts';

export function categoryFor(row: Pick<HistoryRow, 'kind' | 'sender_user_id'>, viewerId: string): TransactionCategory {
  if (row.kind === 'exchange') return 'exchange';
  if (row.kind === 'withdrawal') return 'withdrawal';
  return row.sender_user_id === viewerId ? 'sending' : 'reception';
}

/** A waiting row past its expiry is expired for everyone at once, even before the sweep moved its money back. */
export function effectiveStatus(row: Pick<HistoryRow, 'status' | 'expires_at'>, now: Date): TransactionStatus {
  const waiting = row.status === 'pending' || row.status === 'unclaimed';
  return waiting && row.expires_at !== null && row.expires_at <= now ? 'expired' : row.status;
}

const toNumber = (id: string | null) => (id === null ? null : Number(id));

/** SPEC.md section 3, from the viewer's side: category, names, and the token only for its owner while it is usable. */
export function presentTransaction(row: HistoryRow, viewer: Viewer, now: Date, keys: TokenKeys): Transaction {
  const category = categoryFor(row, viewer.id);
  const status = effectiveStatus(row, now);
  const isSender = row.sender_user_id === viewer.id;
  const withdrawal = row.kind === 'withdrawal';
  const token =
    withdrawal && isSender && status === 'pending' && row.token_sealed !== null
      ? openToken(keys, row.token_sealed)
      : null;
  return {
    id: Number(row.id),
    amount: formatAmount(money('MAD', BigInt(row.amount))),
    currency: 'MAD',
    category,
    status,
    date: row.created_at.toISOString(),
    sender: toNumber(row.sender_user_id),
    recipient: toNumber(row.recipient_user_id),
    // The sender's own address book entry: nobody else's business.
    contact: withdrawal ? toNumber(row.agency_id) : isSender ? toNumber(row.contact_id) : null,
    sender_first_name: row.sender_first_name,
    sender_last_name: row.sender_last_name,
    recipient_first_name: withdrawal
      ? row.agency_name
      : isSender
        ? (row.contact_first_name ?? row.recipient_user_first_name)
        : row.recipient_user_first_name,
    recipient_last_name: withdrawal
      ? ''
      : isSender
        ? (row.contact_last_name ?? row.recipient_user_last_name)
        : row.recipient_user_last_name,
    recipient_phone_number: isSender && !withdrawal ? row.contact_phone_number : null,
    recipient_address: row.agency_address,
    recipient_zip_code: row.agency_zip_code,
    recipient_city: row.agency_city,
    tx_id: row.tx_id,
    token,
    identifier: row.identifier,
    validated: withdrawal ? status === 'validated' : status === 'completed' || status === 'claimed',
    expires_at: status === 'pending' || status === 'unclaimed' ? (row.expires_at?.toISOString() ?? null) : null,
    validated_at: row.validated_at?.toISOString() ?? null,
  };
}
