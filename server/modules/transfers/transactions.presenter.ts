import type { Transaction, TransactionCategory } from '../../../common/api/transactions.ts';
import type { TransactionStatus } from '../../db/schema.ts';
import { formatAmount, money } from '../../../common/money/money.ts';
import { maskTail, type PickupDetails } from '../../../common/api/pickups.ts';
import { openToken, type TokenKeys } from './methods/agency-withdrawal/withdrawal-token.ts';
import type { HistoryRow, Viewer } from './transactions-query.repository.ts';

export function categoryFor(row: Pick<HistoryRow, 'kind' | 'sender_user_id'>, viewerId: string): TransactionCategory {
  if (row.kind === 'exchange') return 'exchange';
  if (row.kind === 'withdrawal') return 'withdrawal';
  // A cash pickup is a send for its sender and a payout for the teller who paid it.
  if (row.kind === 'pickup') return row.sender_user_id === viewerId ? 'sending' : 'withdrawal';
  return row.sender_user_id === viewerId ? 'sending' : 'reception';
}

/** A waiting row past its expiry is expired for everyone at once, even before the sweep moved its money back. */
export function effectiveStatus(row: Pick<HistoryRow, 'status' | 'expires_at'>, now: Date): TransactionStatus {
  const waiting = row.status === 'pending' || row.status === 'unclaimed' || row.status === 'available';
  return waiting && row.expires_at !== null && row.expires_at <= now ? 'expired' : row.status;
}

const toNumber = (id: string | null) => (id === null ? null : Number(id));

/** The recurring transfer that sent it: its sender's business only (the recipient sees a transfer like any other). */
const scheduleFor = (row: HistoryRow, isSender: boolean) => (isSender ? toNumber(row.schedule_id ?? null) : null);

/** The pickup part: the sender sees the agency restriction and (on the detail) the name history; the teller the ID. */
function pickupDetails(row: HistoryRow, isSender: boolean, status: TransactionStatus): PickupDetails {
  return {
    recipient_first_name: row.pickup_first_name ?? '',
    recipient_last_name: row.pickup_last_name ?? '',
    recipient_phone_number: isSender ? (row.recipient_phone_number ?? '') : maskTail(row.recipient_phone_number ?? ''),
    agency:
      row.pickup_agency_id === null
        ? null
        : { id: Number(row.pickup_agency_id), name: row.pickup_agency_name ?? '', city: row.pickup_agency_city },
    name_history: [],
    id_document_type: isSender ? null : row.pickup_id_document_type,
    id_document_number:
      isSender || row.pickup_id_document_hint === null ? null : maskTail(`••••••${row.pickup_id_document_hint}`),
    collected_at: status === 'collected' ? (row.validated_at?.toISOString() ?? null) : null,
    reserved: status === 'available' && row.reserved,
  };
}

/**
 * A transaction as the API shows it, from the viewer's side: category, names, and the token only for its owner while it is
 * usable. `openReference` opens a cash pickup's sealed reference (the pickups module's key).
 */
export function presentTransaction(
  row: HistoryRow,
  viewer: Viewer,
  now: Date,
  keys: TokenKeys,
  openReference?: (sealed: Buffer) => string | null,
): Transaction {
  if (row.kind === 'pickup') return presentPickup(row, viewer, now, openReference);
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
    // A payable withdrawal's reference opens it at the counter like its QR code: its customer reads it out, a
    // teller's lists never show it (else a teller could pay out a withdrawal nobody came for).
    identifier: withdrawal && !isSender && status === 'pending' ? null : row.identifier,
    validated: withdrawal ? status === 'validated' : status === 'completed' || status === 'claimed',
    expires_at: status === 'pending' || status === 'unclaimed' ? (row.expires_at?.toISOString() ?? null) : null,
    validated_at: row.validated_at?.toISOString() ?? null,
    ...(row.kind === 'payout' && {
      delivery: row.payout_method === 'mobile_wallet' ? ('mobile_wallet' as const) : ('bank_deposit' as const),
    }),
    schedule: scheduleFor(row, isSender),
  };
}

/** A cash pickup: for its sender 'To {name}, cash pickup' with the reference; for the paying teller a payout. */
function presentPickup(
  row: HistoryRow,
  viewer: Viewer,
  now: Date,
  openReference?: (sealed: Buffer) => string | null,
): Transaction {
  const status = effectiveStatus(row, now);
  const isSender = row.sender_user_id === viewer.id;
  const reference =
    isSender && status === 'available' && row.pickup_reference_sealed !== null && openReference
      ? openReference(row.pickup_reference_sealed)
      : null;
  return {
    id: Number(row.id),
    amount: formatAmount(money('MAD', BigInt(row.amount))),
    currency: 'MAD',
    category: categoryFor(row, viewer.id),
    status,
    date: row.created_at.toISOString(),
    sender: toNumber(row.sender_user_id),
    recipient: null,
    contact: isSender ? toNumber(row.contact_id) : null,
    sender_first_name: row.sender_first_name,
    sender_last_name: row.sender_last_name,
    recipient_first_name: row.pickup_first_name,
    recipient_last_name: row.pickup_last_name,
    recipient_phone_number: isSender ? row.recipient_phone_number : null,
    recipient_address: row.agency_address,
    recipient_zip_code: row.agency_zip_code,
    recipient_city: row.agency_city,
    tx_id: row.tx_id,
    token: null,
    identifier: null,
    validated: status === 'collected',
    expires_at: status === 'available' ? (row.expires_at?.toISOString() ?? null) : null,
    validated_at: row.validated_at?.toISOString() ?? null,
    delivery: 'cash_pickup',
    pickup_reference: isSender ? reference : null,
    pickup: pickupDetails(row, isSender, status),
  };
}
