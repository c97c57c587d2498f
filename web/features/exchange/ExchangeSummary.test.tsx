import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { money } from '../../../common/money/money';
import { renderWithProviders } from '../../shared/test-support';
import { checkAmount, customerRate, exchangeFigures } from './exchange-calc';
import { ExchangeSummary } from './ExchangeSummary';

const rates = { official: '10.8500', freemium: '10.7000', subscription: '10.8000', fee: '0.016000' };
/** Intl puts a narrow no-break space between groups in French; compare on plain spaces. */
const text = (id: string) => (screen.getByTestId(id).textContent ?? '').replace(/\s/g, ' ');

describe('exchange calculations', () => {
  it('100 EUR at the freemium rate: 1070 MAD, fee 1.60 EUR (1.60 %), cost 101.60 EUR', () => {
    const figures = exchangeFigures(money('EUR', 10_000n), customerRate(rates, false), rates.fee, rates.official);
    expect(figures).toMatchObject({
      mad: { currency: 'MAD', minor: 107_000n },
      fee: { currency: 'EUR', minor: 160n },
      cost: { currency: 'EUR', minor: 10_160n },
      feePercent: '1.60',
    });
  });

  it('rounds to whole dirhams and to the cent once, and uses the subscription rate when subscribed', () => {
    const figures = exchangeFigures(money('EUR', 3_745n), customerRate(rates, true), rates.fee, rates.official);
    // 37.45 x 10.80 = 404.46 -> 404 MAD; 37.45 x 0.016 = 0.5992 -> 0.60 EUR.
    expect(figures?.mad.minor).toBe(40_400n);
    expect(figures?.fee.minor).toBe(60n);
    expect(figures?.cost.minor).toBe(3_805n);
  });

  it('reads the amount field: comma decimals, minimum 1, maximum, 3 decimals, text', () => {
    const max = money('EUR', 200_000n);
    expect(checkAmount('12,5', max, 'fr-FR')).toEqual({ kind: 'ok', amount: money('EUR', 1_250n) });
    expect(checkAmount('', max, 'fr-FR').kind).toBe('empty');
    expect(checkAmount('0.99', max, 'fr-FR').kind).toBe('belowMinimum');
    expect(checkAmount('-3', max, 'fr-FR').kind).toBe('belowMinimum');
    expect(checkAmount('2000.01', max, 'fr-FR').kind).toBe('aboveMaximum');
    expect(checkAmount('1.005', max, 'fr-FR').kind).toBe('ambiguous');
    expect(checkAmount('1,005', max, 'fr-FR').kind).toBe('ambiguous');
    expect(checkAmount('2,000', max, 'en-US')).toEqual({ kind: 'ok', amount: money('EUR', 200_000n) });
    expect(checkAmount('١٥٠', max, 'ar-MA')).toEqual({ kind: 'ok', amount: money('EUR', 15_000n) });
    expect(checkAmount('1 000', max, 'fr-FR')).toEqual({ kind: 'ok', amount: money('EUR', 100_000n) });
    expect(checkAmount('abc', max, 'fr-FR').kind).toBe('invalid');
    expect(checkAmount('1', max, 'fr-FR').kind).toBe('ok');
  });

  it('shows MAD bought, cost and rate, and the official rate and fee percent behind the details toggle', () => {
    const figures = exchangeFigures(money('EUR', 10_000n), rates.freemium, rates.fee, rates.official);
    renderWithProviders(<ExchangeSummary figures={figures} officialRate={rates.official} />);
    expect(text('exchange-mad')).toBe('1 070,00 MAD');
    expect(text('exchange-cost')).toBe('101,60 EUR');
    expect(text('exchange-rate')).toBe('1 EUR = 10,70 MAD');
    expect(screen.queryByTestId('exchange-details')).toBeNull();
    fireEvent.click(screen.getByTestId('exchange-details-toggle'));
    expect(text('exchange-official')).toBe('1 EUR = 10,85 MAD');
    expect(text('exchange-fees')).toBe('1,60 % = 1,60 EUR');
    expect(text('exchange-fee-amount')).toBe('1,60 EUR');
    // 1.60 EUR x 10.85 = 17.36 -> 17 MAD.
    expect(text('exchange-fee-mad')).toBe('17,00 MAD');
    expect(screen.getByTestId('exchange-details-toggle').getAttribute('aria-expanded')).toBe('true');
  });

  it('shows dashes while there is no valid amount', () => {
    renderWithProviders(<ExchangeSummary figures={undefined} officialRate={rates.official} />);
    expect(text('exchange-mad')).toBe('—');
    expect(text('exchange-cost')).toBe('—');
  });
});
