import type { Rates } from '../../../common/api/rates';

/** GET /api/rates/ as the server answers it, with the configured transfer bounds (defaults 1 and 20,000 MAD). */
export function ratesAnswer(transferMax = '20000.00'): Rates {
  return {
    official: '10.85',
    freemium: '10.70',
    subscription: '10.80',
    fee: '0.016',
    subscription_price: '4.50',
    min_amount: '1.00',
    max_amount: '2000.00',
    transfer_min_amount: '1.00',
    transfer_max_amount: transferMax,
    pickup_valid_days: 30,
    updated_at: '2026-11-23T00:00:00.000Z',
  };
}
