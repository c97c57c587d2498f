import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../common/i18n/languages.ts';
import { renderNotification } from './notification-texts.ts';

/**
 * transfer_claimed is written for a claim at sign-up and for a claim when an existing user later confirms the
 * e-mail the money waited for (claimTransfersForNewUser): its words must hold for both, so none says the recipient
 * created, opened or made an account.
 */
describe('transfer_claimed', () => {
  const accountCreated =
    /créé son compte|created an account|أنشأ|creado su cuenta|creato il suo conto|account aangemaakt|Konto eröffnet|signed up|inscrit|registr|aangemeld/iu;

  it('names the recipient and the amount in every language, and never says they created an account', () => {
    for (const language of LANGUAGES) {
      const { title, body } = renderNotification(language, 'transfer_claimed', {
        amount: '2500',
        currency: 'MAD',
        name: 'Bob Martin',
        transaction_kind: 'transfer',
      });
      expect(title, language).not.toBe('');
      expect(body, language).toContain('Bob Martin');
      expect(body, language).toMatch(/25[.,]00 (MAD|درهم)/u);
      expect(body, language).not.toMatch(accountCreated);
    }
  });
});
