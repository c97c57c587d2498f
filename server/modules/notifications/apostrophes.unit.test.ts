import { describe, expect, it } from 'vitest';
import { notificationKinds } from '../../../common/api/notifications.ts';
import { WRONG_APOSTROPHE } from '../../../common/i18n/apostrophe.ts';
import { LANGUAGES } from '../../../common/i18n/languages.ts';
import { money } from '../../../common/money/money.ts';
import {
  confirmEmailTexts,
  loginCodeTexts,
  phoneConfirmationTexts,
  securityCodeLockoutTexts,
} from '../auth/message-templates.ts';
import { recipientMessage } from '../invitations/recipient-message-texts.ts';
import { receiptMailTexts } from '../receipts/receipt-mail-texts.ts';
import { receiptTexts } from '../receipts/receipt-texts.ts';
import { recoveryTexts } from '../recovery/recovery-texts.ts';
import { pickupSmsBody } from '../transfers/methods/cash-pickup/pickup-sms.ts';
import { notificationMessage } from './delivery.worker.ts';

/**
 * The texts we send (SMS, e-mails, notifications, the receipt) use the apostrophe the screens' catalogues use, ’
 * (U+2019), in every language: 'Si vous n’avez pas demandé ce code', 'the wallet’s ceiling'.
 */
const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.values(value).flatMap(strings)
      : [];

describe('apostrophes in the texts we send', () => {
  for (const language of LANGUAGES) {
    it(`in ${language}`, () => {
      const recovery = recoveryTexts[language];
      const texts = [
        ...strings(loginCodeTexts[language].subject),
        loginCodeTexts[language].mail('723719', 10),
        loginCodeTexts[language].sms('723719', 10),
        confirmEmailTexts[language].subject,
        confirmEmailTexts[language].mail('https://sila.example/c'),
        securityCodeLockoutTexts[language].subject,
        securityCodeLockoutTexts[language].sms(15),
        phoneConfirmationTexts[language]('723719', 10),
        ...strings({ ...recovery, changed: recovery.changed('jean@example.com') }),
        receiptMailTexts[language].subject('TX-00000042'),
        receiptMailTexts[language].body('TX-00000042'),
        ...strings(receiptTexts[language]),
      ];
      for (const kind of ['invitation', 'reminder'] as const)
        texts.push(
          ...strings(
            recipientMessage(language, kind, {
              sender: 'Karim',
              amount: () => '250,00 MAD',
              expiresAt: new Date('2026-12-29T00:00:00Z'),
              link: 'https://sila.example/i',
            }),
          ),
        );
      for (const kind of notificationKinds)
        for (const reason of ['balance', 'recipient', 'wallet_ceiling_exceeded', 'wallet_not_found'])
          texts.push(
            ...strings(
              notificationMessage(
                language,
                kind,
                { amount: '120000', currency: 'MAD', name: 'Fatima', transaction_kind: 'pickup', reason, date: '2026-03-01', gap: '100', balance: '0', eur: '10', charged: '1000', threshold: '11.2', rate: '11.3', reference: 'C-1', identifier_kind: 'email' },
                'https://sila.example',
              ),
            ),
          );
      expect(texts.filter((text) => WRONG_APOSTROPHE.test(text))).toEqual([]);
    });
  }

  it('in the cash pickup SMS', () => {
    const facts = {
      phone: '+212612345678',
      sender: 'Karim',
      recipient: 'Fatima',
      amount: money('MAD', 120_000n),
      reference: '6869841276',
      expiresAt: new Date('2026-12-29T00:00:00Z'),
      agency: { name: 'Agdal', city: 'Rabat' },
    };
    for (const reminder of [false, true]) expect(pickupSmsBody(facts, reminder)).not.toMatch(WRONG_APOSTROPHE);
  });
});
