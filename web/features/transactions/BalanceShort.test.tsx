import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { money } from '../../../common/money/money';
import { renderWithProviders } from '../../shared/test-support';
import { BalanceShort, eurosFor } from './BalanceShort';
import { checkAmount } from './amount-check';

/** Not enough balance for a send: the refusal says what to do, a link to add the money that is missing. */
afterEach(cleanup);

describe('BalanceShort', () => {
  it('links to add money, prefilled with the euros that cover the gap at the customer’s rate', () => {
    // 120.00 MAD missing at 10.70 MAD per euro: 11.22 EUR (rounded up to the cent).
    renderWithProviders(
      <BalanceShort text="Solde insuffisant." gap={money('MAD', 120_00n)} rate="10.7000" minimum={money('EUR', 10_00n)} />,
      '/transactions/new?lang=fr',
    );
    const link = screen.getByTestId('create-add-money');
    expect(link.getAttribute('href')).toBe('/exchange?amount=11.22&lang=fr');
    expect(link.textContent?.replace(/[\u00a0\u202f\u2066-\u2069]/g, ' ')).toBe('Ajouter 11,22 EUR à mon solde');
  });

  it('asks at least the smallest top-up, and opens the page unfilled when the rate is unknown', () => {
    expect(eurosFor(money('MAD', 5_00n), '10.70', money('EUR', 10_00n))).toEqual(money('EUR', 10_00n));
    renderWithProviders(<BalanceShort text="Solde insuffisant." gap={money('MAD', 5_00n)} rate={undefined} minimum={undefined} />, '/?lang=fr');
    const link = screen.getByTestId('create-add-money');
    expect(link.getAttribute('href')).toBe('/exchange?lang=fr');
    expect(link.textContent).toBe('Ajouter de l’argent');
  });

  it('the amount check keeps what was asked when it is above the balance, so the gap can be offered', () => {
    const check = checkAmount('250', 'fr-FR', {
      min: money('MAD', 1_00n),
      max: money('MAD', 10_000_00n),
      balance: money('MAD', 130_00n),
    });
    expect(check).toEqual({ ok: false, problem: 'balance', limit: money('MAD', 130_00n), asked: money('MAD', 250_00n) });
  });
});
