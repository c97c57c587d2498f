import { afterEach, describe, expect, it } from 'vitest';
import type { Transaction } from '../../../common/api/transactions';
import type { User } from '../../../common/api/users';
import {
  codeExpired,
  currentSessionUserId,
  forgetOffline,
  keepOfflineOnlyFor,
  offlineBalance,
  offlineCode,
  offlineCodes,
  pruneFromList,
  rememberBalance,
  rememberTransaction,
  sessionUserId,
} from './offline-store';

const base64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** A token shaped like the server's (HS256 JWT); the signature is never checked in the browser. */
const tokenFor = (sub: string) => `${base64url('{"alg":"HS256","typ":"JWT"}')}.${base64url(JSON.stringify({ sid: 'x', sub }))}.sig`;

const now = new Date('2026-11-24T10:00:00Z');

function tx(overrides: Partial<Transaction>): Transaction {
  return {
    id: 7,
    amount: '200.00',
    currency: 'MAD',
    category: 'withdrawal',
    status: 'pending',
    date: '2026-11-24T09:00:00Z',
    sender: 1,
    recipient: 2,
    contact: 3,
    sender_first_name: 'Nadia',
    sender_last_name: 'Alaoui',
    recipient_first_name: 'Wallet Casablanca',
    recipient_last_name: null,
    recipient_phone_number: '+212600000000',
    recipient_address: '120 Boulevard Mohammed V',
    recipient_zip_code: '20250',
    recipient_city: 'Casablanca',
    tx_id: null,
    token: 'QR-TOKEN-abcdefghijkl',
    identifier: 'ABC-123',
    validated: false,
    expires_at: '2026-11-26T09:00:00Z',
    validated_at: null,
    ...overrides,
  };
}

const pickup = (overrides: Partial<Transaction> = {}) =>
  tx({
    id: 8,
    category: 'sending',
    status: 'available',
    delivery: 'cash_pickup',
    token: null,
    identifier: null,
    recipient_first_name: 'Fatima',
    recipient_last_name: 'Zahra',
    pickup_reference: '1234567890',
    ...overrides,
  });

const user = { id: 12, balance: '700.00', rate: '10.80', first_name: 'Nadia' } as User;

afterEach(() => localStorage.clear());

describe('the offline codes', () => {
  it('reads the user id from the session token, and nothing from a malformed one', () => {
    expect(sessionUserId(tokenFor('12'))).toBe('12');
    expect(sessionUserId(null)).toBeNull();
    expect(sessionUserId('not-a-jwt')).toBeNull();
    expect(sessionUserId(`a.${base64url('{"sub":"../x"}')}.b`)).toBeNull();
    localStorage.setItem('token', tokenFor('42'));
    expect(currentSessionUserId()).toBe('42');
  });

  it('keeps a pending withdrawal and an available pickup with what their screens show, stamped with the user', () => {
    rememberTransaction('12', tx({}), now);
    rememberTransaction('12', pickup(), now);
    const stored = JSON.parse(localStorage.getItem('offline') ?? '{}') as { user: string };
    expect(stored.user).toBe('12');
    expect(offlineCode('12', 7)).toEqual({
      id: 7,
      kind: 'withdrawal',
      amount: '200.00',
      date: '2026-11-24T09:00:00Z',
      expires_at: '2026-11-26T09:00:00Z',
      saved_at: now.toISOString(),
      token: 'QR-TOKEN-abcdefghijkl',
      identifier: 'ABC-123',
      agency_name: 'Wallet Casablanca',
      agency_address: '120 Boulevard Mohammed V, 20250 Casablanca',
    });
    expect(offlineCode('12', '8')).toMatchObject({ kind: 'pickup', reference: '1234567890', recipient_name: 'Fatima Zahra', agency: null });
    // Nothing beyond the screen: no phone number, no sender, no ledger id.
    expect(localStorage.getItem('offline')).not.toContain('+212600000000');
    expect(offlineCodes('12').map((c) => c.id)).toEqual([8, 7]);
  });

  it('keeps nothing that is not a code to show: a send, a paid or cancelled withdrawal, a collected pickup', () => {
    rememberTransaction('12', tx({ category: 'sending', token: null }), now);
    rememberTransaction('12', tx({ status: 'validated', validated: true, token: null }), now);
    rememberTransaction('12', pickup({ status: 'collected', pickup_reference: null }), now);
    expect(localStorage.getItem('offline')).toBeNull();
  });

  it('drops a stored code once the server says it was collected, cancelled or expired', () => {
    rememberTransaction('12', tx({}), now);
    rememberTransaction('12', pickup(), now);
    rememberTransaction('12', tx({ status: 'cancelled', token: null }), now);
    expect(offlineCode('12', 7)).toBeNull();
    pruneFromList('12', [pickup({ status: 'collected', pickup_reference: null }), tx({ id: 99, category: 'sending' })]);
    expect(offlineCodes('12')).toEqual([]);
  });

  it('never shows one user what another user left on this phone', () => {
    rememberTransaction('12', tx({}), now);
    rememberBalance('12', user, now);
    expect(offlineCode('13', 7)).toBeNull();
    expect(offlineCodes('13')).toEqual([]);
    expect(offlineBalance('13')).toBeNull();
    expect(offlineCode(null, 7)).toBeNull();

    // The first thing another user's session keeps replaces the whole record.
    rememberTransaction('13', pickup(), now);
    expect(offlineCodes('13').map((c) => c.id)).toEqual([8]);
    expect(offlineCode('12', 7)).toBeNull();
    expect(offlineBalance('12')).toBeNull();
  });

  it('a new session keeps the same user’s codes and drops another’s', () => {
    rememberTransaction('12', tx({}), now);
    keepOfflineOnlyFor('12');
    expect(offlineCode('12', 7)).not.toBeNull();
    keepOfflineOnlyFor('13');
    expect(localStorage.getItem('offline')).toBeNull();
    rememberTransaction('12', tx({}), now);
    keepOfflineOnlyFor(null);
    expect(localStorage.getItem('offline')).toBeNull();
  });

  it('forgets everything on logout or a 401', () => {
    rememberTransaction('12', tx({}), now);
    rememberBalance('12', user, now);
    forgetOffline();
    expect(localStorage.getItem('offline')).toBeNull();
    expect(offlineBalance('12')).toBeNull();
  });

  it('keeps the last balance of the signed-in user only, with its time', () => {
    rememberBalance('12', user, now);
    expect(offlineBalance('12')).toEqual({ balance: '700.00', rate: '10.80', first_name: 'Nadia', saved_at: now.toISOString() });
    rememberBalance('12', { ...user, id: 13 }, now);
    expect(offlineBalance('12')?.balance).toBe('700.00');
    const later = new Date('2026-11-24T11:00:00Z');
    rememberBalance('12', user, later);
    expect(offlineBalance('12')?.saved_at).toBe(now.toISOString());
    rememberBalance('12', { ...user, balance: '500.00' }, later);
    expect(offlineBalance('12')).toMatchObject({ balance: '500.00', saved_at: later.toISOString() });
  });

  it('says a code is expired from its stored expiry, with no network', () => {
    rememberTransaction('12', tx({}), now);
    const code = offlineCode('12', 7);
    if (!code) throw new Error('not stored');
    expect(codeExpired(code, new Date('2026-11-26T08:59:59Z'))).toBe(false);
    expect(codeExpired(code, new Date('2026-11-26T09:00:00Z'))).toBe(true);
    expect(codeExpired({ ...code, expires_at: null }, new Date('2030-01-01T00:00:00Z'))).toBe(false);
  });

  it('survives a corrupted entry', () => {
    localStorage.setItem('offline', '{not json');
    expect(offlineCodes('12')).toEqual([]);
    rememberTransaction('12', tx({}), now);
    expect(offlineCodes('12')).toHaveLength(1);
  });
});
