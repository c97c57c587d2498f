import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../common/api/transactions';
import { categoryOptions, datesInOrder, rowStatus, filtersToQuery, emptyFilters, listSign, detailSign, formatListDate, nextDay, rowLabel, sendAgainPath } from './transaction-rules';

const base: Transaction = {
  id: 1, amount: '150.00', currency: 'MAD', category: 'sending', status: 'completed', date: '2025-03-01T10:00:00Z',
  sender: 1, recipient: 2, contact: 3, sender_first_name: 'Sara', sender_last_name: 'Alami',
  recipient_first_name: 'Omar', recipient_last_name: 'Benali', recipient_phone_number: '+33612345678',
  recipient_address: null, recipient_zip_code: null, recipient_city: null, tx_id: null, token: null,
  identifier: null, validated: true, expires_at: null, validated_at: null,
};

describe('row labels', () => {
  it('names the other party and the withdrawal state by role', () => {
    expect(rowLabel(base, false)).toEqual({ key: 'to', name: 'Omar Benali' });
    expect(rowLabel({ ...base, recipient_first_name: null, recipient_last_name: null }, false).name).toMatch(/\(0\)\s?6/);
    expect(rowLabel({ ...base, category: 'reception' }, false)).toEqual({ key: 'from', name: 'Sara Alami' });
    const w = { ...base, category: 'withdrawal' as const, validated: false };
    expect(rowLabel(w, false).key).toBe('pendingWithdrawal');
    expect(rowLabel({ ...w, validated: true }, false).key).toBe('withdrawal');
    expect(rowLabel(w, true)).toEqual({ key: 'tellerPending', name: 'Sara Alami' });
    expect(rowLabel({ ...w, validated: true }, true).key).toBe('tellerDone');
    expect(rowLabel({ ...base, category: 'exchange' }, false).key).toBe('deposit');
  });

  it('signs amounts: lists minus for sending/withdrawal, detail plus only for reception/exchange', () => {
    expect(['sending', 'withdrawal', 'reception', 'exchange'].map((c) => listSign(c as Transaction['category']))).toEqual(['-', '-', '+', '+']);
    expect(['sending', 'withdrawal', 'reception', 'exchange'].map((c) => detailSign(c as Transaction['category']))).toEqual(['-', '-', '+', '+']);
  });
});

describe('filters', () => {
  it('widens the amount to 90 % and 110 % with 2 decimals, exact otherwise', () => {
    expect(filtersToQuery({ ...emptyFilters, amount: '150' }, 'fr-FR')).toMatchObject({ amount: '150.00' });
    expect(filtersToQuery({ ...emptyFilters, amount: '150', vary: true }, 'fr-FR')).toMatchObject({ amount_gte: '135.00', amount_lte: '165.00' });
    expect(filtersToQuery({ ...emptyFilters, amount: '10,55', vary: true }, 'fr-FR')).toMatchObject({ amount_gte: '9.50', amount_lte: '11.61' });
    expect(filtersToQuery({ ...emptyFilters, amount: 'abc' }, 'fr-FR').amount).toBeUndefined();
  });

  it('sends the end date plus one day (exclusive), across months and years', () => {
    expect(filtersToQuery({ ...emptyFilters, startDate: '2025-01-31' }, 'fr-FR', 'Europe/Paris').tz).toBe('Europe/Paris');
    expect(filtersToQuery({ ...emptyFilters, amount: '150' }, 'fr-FR', 'Europe/Paris').tz).toBeUndefined();
    expect(filtersToQuery({ ...emptyFilters, startDate: '2025-01-31', endDate: '2025-01-31' }, 'fr-FR')).toMatchObject({
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
      start_date: '2025-01-31',
      end_date: '2025-02-01',
    });
    expect(nextDay('2024-12-31')).toBe('2025-01-01');
    expect(nextDay('2024-02-28')).toBe('2024-02-29');
  });

  it('sends no dates when the last day comes before the first (the filters say so instead)', () => {
    const reversed = { ...emptyFilters, category: 'sending' as const, startDate: '2025-03-10', endDate: '2025-03-01' };
    expect(datesInOrder(reversed)).toBe(false);
    expect(filtersToQuery(reversed, 'fr-FR')).toMatchObject({ category: 'sending', start_date: undefined, end_date: undefined, tz: undefined });
    expect(datesInOrder({ startDate: '2025-03-10', endDate: '2025-03-10' })).toBe(true);
    expect(datesInOrder({ startDate: '2025-03-10', endDate: '' })).toBe(true);
  });

  it('gives every kind of row the same state words while the money is not where it was sent', () => {
    expect(rowStatus({ status: 'on_hold' })).toBe('underReview');
    expect(rowStatus({ status: 'unclaimed' })).toBe('unclaimed');
    expect(rowStatus({ status: 'available' })).toBe('available');
    for (const status of ['cancelled', 'expired', 'refunded'] as const) expect(rowStatus({ status })).toBe(status);
    for (const status of ['completed', 'validated', 'claimed', 'collected', 'pending'] as const) expect(rowStatus({ status })).toBeNull();
  });

  it('offers categories by role and by user filter', () => {
    expect(categoryOptions(false, false)).toEqual(['sending', 'reception', 'exchange', 'withdraw']);
    expect(categoryOptions(false, true)).toEqual(['sending', 'reception']);
    expect(categoryOptions(true, false)).toEqual(['reception', 'withdraw']);
  });

});

describe('list dates (transactions, notifications, help cases, rate alerts)', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  it('write the month in letters in Arabic as in French, never all digits', () => {
    const ar = formatListDate('2026-03-01T10:05:00Z', 'ar-MA', now);
    expect(ar).toContain('مارس');
    expect(ar).not.toMatch(/\d+\D?\/\D?\d+/);
    expect(formatListDate('2026-03-01T10:05:00Z', 'fr-FR', now)).toMatch(/^1er mars/);
    expect(formatListDate('2025-03-01T10:05:00Z', 'ar-MA', now)).toMatch(/مارس.*2025/);
  });
});

describe('list dates on every render', () => {
  it('builds one date formatter per locale and style, not one per row and keystroke', () => {
    const Original = Intl.DateTimeFormat;
    let built = 0;
    Intl.DateTimeFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        built += 1;
      }
    } as typeof Original;
    try {
      for (let row = 0; row < 50; row += 1) formatListDate('2024-03-05T10:00:00Z', 'fr-CH', new Date('2025-01-01'));
      expect(built).toBeLessThanOrEqual(1);
    } finally {
      Intl.DateTimeFormat = Original;
    }
  });
});

describe('sendAgainPath', () => {
  it('the same person and amount for a sent transfer, none when it is held for review or not a send', () => {
    expect(sendAgainPath(base)).toBe('/transactions/create?contact=3&transaction=send&amount=150.00');
    expect(sendAgainPath({ ...base, status: 'on_hold' })).toBeNull();
    expect(sendAgainPath({ ...base, category: 'reception' })).toBeNull();
    expect(sendAgainPath({ ...base, contact: null })).toBeNull();
  });
});
