import type { Transaction } from '../../../common/api/transactions';
import type { User } from '../../../common/api/users';
import { readStored, writeStored } from '../api/browser-storage';
import { STORAGE_KEYS } from '../api/storage-keys';
import { transactionAddress } from '../../ui/address';

/**
 * Offline: the detail of a pending withdrawal or cash pickup (its QR and reference) opens with no network
 * once it has been seen, and the home shows the last known balance, both marked 'offline'. Kept in localStorage
 * under one key, stamped with the id of the user the session's token names: read for that user only, dropped
 * when another user's session reads it, on logout and on a 401. It holds only what those screens show online.
 */

/** A code the customer shows at an agency, as its detail screen shows it. */
export type OfflineCode = {
  id: number;
  amount: string;
  date: string;
  /** ISO time after which the code can no longer be paid out (shown as expired offline). */
  expires_at: string | null;
  /** ISO time the server last answered with this code. */
  saved_at: string;
} & (
  | {
      kind: 'withdrawal';
      /** The QR's content, shown online as the QR to its owner while it can be paid out. */
      token: string;
      identifier: string | null;
      agency_name: string | null;
      agency_address: string;
    }
  | {
      kind: 'pickup';
      reference: string;
      recipient_name: string;
      /** The one agency it may be collected at ('Name, City'), null for any agency. */
      agency: string | null;
    }
);

export interface OfflineBalance {
  balance: string;
  rate: string;
  first_name: string | null;
  saved_at: string;
}

interface OfflineRecord {
  v: 1;
  user: string;
  codes: OfflineCode[];
  balance?: OfflineBalance;
}

/** Enough for anyone's pending codes; the oldest seen goes first beyond it. */
const MAX_CODES = 20;

/**
 * The user id a session token names (its JWT `sub`), read without the network or any check of its signature:
 * the server still decides what the token grants; this only says whose data this browser may show.
 */
export function sessionUserId(token: string | null): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && /^[1-9]\d{0,18}$/.test(sub) ? sub : null;
  } catch {
    return null;
  }
}

/** The user the stored session belongs to, or null when signed out. */
export const currentSessionUserId = () => sessionUserId(readStored(STORAGE_KEYS.token));

function load(): OfflineRecord | null {
  const raw = readStored(STORAGE_KEYS.offline);
  if (!raw) return null;
  try {
    const record = JSON.parse(raw) as OfflineRecord;
    return record.v === 1 && typeof record.user === 'string' && Array.isArray(record.codes) ? record : null;
  } catch {
    return null;
  }
}

function save(record: OfflineRecord): void {
  writeStored(STORAGE_KEYS.offline, JSON.stringify(record));
}

/** Forgets everything kept for offline use: logout, a 401, another user's session. */
export function forgetOffline(): void {
  writeStored(STORAGE_KEYS.offline, null);
}

/** The record of `userId`, or null: never another user's. A read only (screens call it while rendering). */
function recordOf(userId: string | null): OfflineRecord | null {
  const record = load();
  return record !== null && userId !== null && record.user === userId ? record : null;
}

/**
 * The record of `userId` before a write. Anything else stored here (another user's record, a corrupted entry) is
 * deleted first: whatever path a new session took to this browser, the previous user's codes do not outlive it.
 */
function ownRecord(userId: string): OfflineRecord | null {
  const record = recordOf(userId);
  if (record === null && readStored(STORAGE_KEYS.offline) !== null) forgetOffline();
  return record;
}

/** A new session of `userId` starts: what another user left here goes. */
export function keepOfflineOnlyFor(userId: string | null): void {
  if (userId === null) forgetOffline();
  else ownRecord(userId);
}

/** The code a transaction shows at an agency while it can be paid out, else null (paid, cancelled, expired…). */
export function offlineCodeOf(tx: Transaction, savedAt: Date): OfflineCode | null {
  const common = { id: tx.id, amount: tx.amount, date: tx.date, expires_at: tx.expires_at, saved_at: savedAt.toISOString() };
  if (tx.category === 'withdrawal' && tx.token && !tx.validated && tx.status === 'pending') {
    return {
      ...common,
      kind: 'withdrawal',
      token: tx.token,
      identifier: tx.identifier,
      agency_name: tx.recipient_first_name,
      agency_address: transactionAddress(tx),
    };
  }
  if (tx.category === 'sending' && tx.delivery === 'cash_pickup' && tx.status === 'available' && tx.pickup_reference) {
    const agency = tx.pickup?.agency;
    return {
      ...common,
      kind: 'pickup',
      reference: tx.pickup_reference,
      recipient_name: `${tx.recipient_first_name ?? ''} ${tx.recipient_last_name ?? ''}`.trim(),
      agency: agency ? [agency.name, agency.city].filter(Boolean).join(', ') : null,
    };
  }
  return null;
}

function emptyRecord(userId: string): OfflineRecord {
  return { v: 1, user: userId, codes: [] };
}

/**
 * The server's latest answer about a transaction of `userId`: a payable code is kept (replacing its older copy);
 * one no longer payable (collected, cancelled, expired, refunded) is dropped, so it never shows offline again.
 */
export function rememberTransaction(userId: string | null, tx: Transaction, now: Date = new Date()): void {
  if (userId === null) return;
  const record = ownRecord(userId);
  const code = offlineCodeOf(tx, now);
  if (code === null && !record?.codes.some((c) => c.id === tx.id)) return;
  const next = record ?? emptyRecord(userId);
  const others = next.codes.filter((c) => c.id !== tx.id);
  next.codes = code === null ? others : [code, ...others].slice(0, MAX_CODES);
  save(next);
  if (code !== null) askPersistentStorage();
}

/** A list of `userId`'s transactions from the server: the stored codes among them that are no longer payable go. */
export function pruneFromList(userId: string | null, txs: readonly Transaction[]): void {
  const record = userId === null ? null : ownRecord(userId);
  if (record === null) return;
  const dead = new Set(txs.filter((tx) => offlineCodeOf(tx, new Date()) === null).map((tx) => tx.id));
  if (!record.codes.some((c) => dead.has(c.id))) return;
  save({ ...record, codes: record.codes.filter((c) => !dead.has(c.id)) });
}

/** The balance the home last showed `user`, for the home with no network. */
export function rememberBalance(userId: string | null, user: User, now: Date = new Date()): void {
  if (userId === null || String(user.id) !== userId) return;
  const record = ownRecord(userId) ?? emptyRecord(userId);
  const previous = record.balance;
  if (previous && previous.balance === user.balance && previous.rate === user.rate && previous.first_name === user.first_name) {
    return;
  }
  save({ ...record, balance: { balance: user.balance, rate: user.rate, first_name: user.first_name, saved_at: now.toISOString() } });
}

export function offlineCode(userId: string | null, id: string | number): OfflineCode | null {
  return recordOf(userId)?.codes.find((c) => String(c.id) === String(id)) ?? null;
}

export function offlineCodes(userId: string | null): OfflineCode[] {
  return recordOf(userId)?.codes ?? [];
}

export function offlineBalance(userId: string | null): OfflineBalance | null {
  return recordOf(userId)?.balance ?? null;
}

/** Past its expiry: shown as expired, never as a code to present. */
export function codeExpired(code: OfflineCode, now: Date = new Date()): boolean {
  return code.expires_at !== null && Date.parse(code.expires_at) <= now.getTime();
}

let persistAsked = false;

/**
 * Asks the browser once per page to keep this origin's storage under storage pressure (StorageManager.persist):
 * a code evicted the day before the agency would defeat the point. Best effort; the answer changes nothing here.
 */
function askPersistentStorage(): void {
  if (persistAsked) return;
  persistAsked = true;
  try {
    void navigator.storage?.persist?.().catch(() => undefined);
  } catch {
    return;
  }
}
