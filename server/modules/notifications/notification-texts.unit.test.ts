import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../common/i18n/languages.ts';
import { amountIn } from './notification-params.ts';
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
      expect(body, language).toContain(amountIn(language, { amount: '2500', currency: 'MAD' }));
      expect(body, language).not.toMatch(accountCreated);
    }
  });
});

/**
 * Amounts in messages are the screens' (common/money/locale-amount.ts): the code after the number in every language
 * but Dutch, English included (it wrote '1005.00 MAD' here and 'MAD 1,005.00' on the screens), grouped as the
 * language groups, a no-break space before the code; in Arabic one left-to-right unit, with the code, not 'درهم'.
 */
describe('amountIn', () => {
  it('writes 1005 MAD in each of the seven languages as the screens do', () => {
    const amount = { amount: '100500', currency: 'MAD' };
    expect(amountIn('fr', amount)).toBe('1\u202F005,00\u00A0MAD');
    expect(amountIn('en', amount)).toBe('1,005.00\u00A0MAD');
    expect(amountIn('ar', amount)).toBe('\u20661.005,00\u00A0MAD\u2069');
    expect(amountIn('es', amount)).toBe('1005,00\u00A0MAD');
    expect(amountIn('it', amount)).toBe('1005,00\u00A0MAD');
    expect(amountIn('nl', amount)).toBe('MAD\u00A01.005,00');
    expect(amountIn('de', amount)).toBe('1.005,00\u00A0MAD');
    expect(amountIn('nl', { amount: '2500', currency: 'EUR' })).toBe('EUR\u00A025,00');
    expect(amountIn('en', { amount: 'x', currency: 'GBP' })).toBe('0.00\u00A0MAD');
    expect(renderNotification('nl', 'money_received', { amount: '2500', currency: 'MAD', name: 'Bob' }).body).toBe(
      'Bob heeft je MAD\u00A025,00 gestuurd. Het staat op je saldo.',
    );
    expect(renderNotification('en', 'money_received', { amount: '100500', currency: 'MAD', name: 'Bob' }).body).toContain(
      'sent you 1,005.00\u00A0MAD',
    );
  });
});

/**
 * A held send or pickup's sender must not learn that a compliance review is under way (tipping-off, AMLD 2015/849
 * art. 39): transfer_on_hold and transfer_released say only that the operation is being processed / was processed,
 * with its amount, never a check, a review, a verification, nor the recipient's name (which would say who is checked).
 */
describe('transfer_on_hold and transfer_released', () => {
  const reviewWords =
    /vérif|contrôl|check|review|sanction|suspic|suspect|تحقق|مراجع|فحص|revis|comprob|verific|controll|controle|gecontroleerd|prüf|überprüf/iu;

  it('are neutral in every language: the amount, no review word, no recipient name', () => {
    for (const language of LANGUAGES) {
      for (const kind of ['transfer_on_hold', 'transfer_released'] as const) {
        const { title, body } = renderNotification(language, kind, {
          amount: '2500',
          currency: 'MAD',
          name: 'Karim Feltani',
          transaction_kind: 'transfer',
        });
        expect(title, `${language} ${kind}`).not.toBe('');
        expect(body, `${language} ${kind}`).toContain(amountIn(language, { amount: '2500', currency: 'MAD' }));
        expect(`${title} ${body}`, `${language} ${kind}`).not.toContain('Karim');
        expect(`${title} ${body}`, `${language} ${kind}`).not.toMatch(reviewWords);
      }
    }
  });
});
