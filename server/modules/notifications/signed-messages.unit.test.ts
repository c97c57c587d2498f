import { describe, expect, it } from 'vitest';
import { notificationKinds } from '../../../common/api/notifications.ts';
import { withoutIsolated } from '../../../common/i18n/bidi-isolate.ts';
import { LANGUAGES } from '../../../common/i18n/languages.ts';
import { isSigned } from '../../../common/i18n/service-name.ts';
import { money } from '../../../common/money/money.ts';
import {
  confirmEmailTexts,
  loginCodeTexts,
  phoneConfirmationTexts,
  securityCodeLockoutTexts,
} from '../auth/message-templates.ts';
import { recipientMessage } from '../invitations/recipient-message-texts.ts';
import { receiptMailTexts } from '../receipts/receipt-mail-texts.ts';
import { recoveryTexts } from '../recovery/recovery-texts.ts';
import { pickupSmsBody } from '../transfers/methods/cash-pickup/pickup-sms.ts';
import { notificationMessage } from './delivery.worker.ts';

/**
 * Every SMS and every mail subject we send names the service first ('Sila : Votre code…', 'Sila: Tu código…'),
 * in the 7 languages: a code or an amount from an unnamed sender reads like a scam. In Arabic the name is isolated,
 * so the first letter a phone sees (to choose the message's direction) is still Arabic.
 */
const firstStrongIsArabic = (text: string) => /^[^\p{L}]*\p{Script=Arabic}/u.test(withoutIsolated(text));

describe('every message we send opens with the service name', () => {
  for (const language of LANGUAGES) {
    it(`in ${language}`, () => {
      const texts = [
        loginCodeTexts[language].subject,
        loginCodeTexts[language].sms('723719', 10),
        confirmEmailTexts[language].subject,
        securityCodeLockoutTexts[language].subject,
        securityCodeLockoutTexts[language].sms(15),
        phoneConfirmationTexts[language]('723719', 10),
        recoveryTexts[language].changedSubject,
        recoveryTexts[language].approvedSubject,
        recoveryTexts[language].refusedSubject,
        receiptMailTexts[language].subject('TX-00000042'),
      ];
      for (const kind of ['invitation', 'reminder'] as const) {
        const message = recipientMessage(language, kind, {
          sender: 'Karim Benali',
          amount: () => '250,00 MAD',
          expiresAt: new Date('2026-12-29T00:00:00Z'),
          link: 'https://sila.example/auth?invite=Ab12',
        });
        texts.push(message.subject, message.text);
      }
      for (const kind of notificationKinds) {
        const message = notificationMessage(language, kind, { amount: '120000', currency: 'MAD', name: 'Fatima' }, 'https://sila.example');
        texts.push(message.subject, message.sms);
      }
      for (const text of texts) {
        expect(isSigned(text), text).toBe(true);
        if (language === 'ar') expect(firstStrongIsArabic(text), text).toBe(true);
      }
      if (language === 'fr') expect(loginCodeTexts.fr.sms('723719', 10)).toMatch(/^Sila : Votre code/);
      if (language === 'es') expect(loginCodeTexts.es.sms('723719', 10)).toMatch(/^Sila: Tu código de acceso: 723719/);
    });
  }

  it('the cash pickup SMS, in both its halves', () => {
    const facts = {
      phone: '+212612345678',
      sender: 'Karim Benali',
      recipient: 'Fatima Zahra',
      amount: money('MAD', 120_000n),
      reference: '6869841276',
      expiresAt: new Date('2026-12-29T00:00:00Z'),
      agency: null,
    };
    const [fr = '', ar = ''] = pickupSmsBody(facts, false).split('\n');
    expect(fr).toMatch(/^Sila : /);
    expect(isSigned(ar)).toBe(true);
    expect(firstStrongIsArabic(ar)).toBe(true);
  });
});
