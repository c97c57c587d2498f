import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../common/i18n/languages.ts';
import { amountIn, renderNotification } from './notification-texts.ts';

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
      expect(body, language).toMatch(language === 'nl' ? /MAD 25,00/u : /25[.,]00 (MAD|درهم)/u);
      expect(body, language).not.toMatch(accountCreated);
    }
  });
});

/** Amounts as each language writes them in messages: the currency after the number, but before it in Dutch. */
describe('amountIn', () => {
  it('writes 1005 MAD with the language’s decimal mark, and the currency first in Dutch (issue 21)', () => {
    const amount = { amount: '100500', currency: 'MAD' };
    expect(amountIn('fr', amount)).toBe('1005,00 MAD');
    expect(amountIn('en', amount)).toBe('1005.00 MAD');
    expect(amountIn('de', amount)).toBe('1005,00 MAD');
    expect(amountIn('nl', amount)).toBe('MAD 1005,00');
    expect(amountIn('nl', { amount: '2500', currency: 'EUR' })).toBe('EUR 25,00');
    expect(renderNotification('nl', 'money_received', { amount: '2500', currency: 'MAD', name: 'Bob' }).body).toBe(
      'Bob heeft je MAD 25,00 gestuurd. Het staat op je saldo.',
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
        expect(body, `${language} ${kind}`).toMatch(/25[.,]00 (MAD|درهم)|MAD 25,00/u);
        expect(`${title} ${body}`, `${language} ${kind}`).not.toContain('Karim');
        expect(`${title} ${body}`, `${language} ${kind}`).not.toMatch(reviewWords);
      }
    }
  });
});
