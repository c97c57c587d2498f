import { describe, expect, it } from 'vitest';
import { LANGUAGES as languages } from '../../../../../common/i18n/languages.ts';
import { walletReasonIn } from '../../../notifications/notification-texts-payouts.ts';
import { statusLabel } from '../../transaction-labels.ts';

/** A mobile wallet payout's words on documents and in notices: its own stages, and the operator's reason. */
describe('mobile wallet payout labels', () => {
  it('reads sent to the wallet, credited, and returned with the reason, in every language', () => {
    for (const language of languages) {
      const sent = statusLabel(language, { status: 'submitted', delivery: 'mobile_wallet' });
      const deposit = statusLabel(language, { status: 'submitted', delivery: 'bank_deposit' });
      expect(sent).not.toBe(deposit);
      const returned = statusLabel(language, {
        status: 'refunded',
        delivery: 'mobile_wallet',
        wallet_payout: {
          method: 'mobile_wallet',
          phone: '+212612345678',
          recipient_name: 'Amina Idrissi',
          stage: 'returned',
          partner_reference: null,
          return_reason: 'wallet_ceiling_exceeded',
        },
      });
      expect(returned).toContain(': ');
    }
    expect(statusLabel('fr', { status: 'completed', delivery: 'mobile_wallet' })).toBe(
      'Créditée sur le portefeuille mobile',
    );
    expect(
      statusLabel('en', {
        status: 'refunded',
        delivery: 'mobile_wallet',
        wallet_payout: {
          method: 'mobile_wallet',
          phone: '+212612345678',
          recipient_name: 'A',
          stage: 'returned',
          partner_reference: null,
          return_reason: 'wallet_not_found',
        },
      }),
    ).toBe('Returned: No mobile wallet on this number');
  });

  it("never shows an operator's unknown code to the customer", () => {
    expect(walletReasonIn('en', 'X99')).toBe('the wallet operator refused it');
    expect(walletReasonIn('fr', 'wallet_not_found')).toBe('il n’y a pas de portefeuille mobile sur ce numéro');
  });
});
