import { describe, expect, it } from 'vitest';
import { money } from '../../../common/money/money';
import { formatMoney, moneyFromApi } from '../../ui/money-format';
import { balanceView, homeTargets } from './balance';

describe('balanceView', () => {
  it('shows the balance in EUR as the balance divided by the rate, to the cent', () => {
    const view = balanceView('1000.00', '10.8500');
    expect(view?.mad).toEqual(money('MAD', 100000n));
    expect(view?.eur).toEqual(money('EUR', 9217n));
  });

  it('accepts a zero balance', () => {
    expect(balanceView('0.00', '10.85')).toEqual({ mad: money('MAD', 0n), eur: money('EUR', 0n) });
  });

  it('has no EUR figure for an unusable rate, and no view for an unreadable balance', () => {
    expect(balanceView('10.00', '0')?.eur).toBeUndefined();
    expect(balanceView('abc', '10.85')).toBeUndefined();
    expect(moneyFromApi('1.234', 'MAD')).toBeUndefined();
  });
});

const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatMoney', () => {
  it('formats in the locale with the currency code and 2 decimals', () => {
    // A no-break space before the code (and French thousands grouped with a narrow one); English puts the code
    // after the number too (common/money/locale-amount.ts).
    expect(plain(formatMoney(money('MAD', 123456n), 'en-US'))).toBe('1,234.56 MAD');
    expect(plain(formatMoney(money('EUR', 9217n), 'fr-FR'))).toBe('92,17 EUR');
  });

  it('keeps amounts beyond float precision exact', () => {
    expect(plain(formatMoney(money('MAD', 900719925474099199n), 'en-US'))).toBe('9,007,199,254,740,991.99 MAD');
  });
});

describe('homeTargets', () => {
  it('sends and withdraws through the contacts when there is money', () => {
    expect(homeTargets(money('MAD', 1n))).toEqual({
      send: '/contacts?transaction=send',
      add: '/exchange',
      withdraw: '/contacts?transaction=withdraw',
    });
  });

  it('leads every button to add money on a zero balance', () => {
    expect(homeTargets(money('MAD', 0n))).toEqual({ send: '/exchange', add: '/exchange', withdraw: '/exchange' });
  });
});
