import { describe, expect, it } from 'vitest';
import { notificationKinds } from '../../../common/api/notifications.ts';
import { withoutIsolated } from '../../../common/i18n/bidi-isolate.ts';
import { money } from '../../../common/money/money.ts';
import { confirmEmailTexts, loginCodeTexts, phoneConfirmationTexts, securityCodeLockoutTexts } from '../auth/message-templates.ts';
import { recipientMessage } from '../invitations/recipient-message-texts.ts';
import { pickupSmsBody } from '../transfers/methods/cash-pickup/pickup-sms.ts';
import { receiptMailTexts } from '../receipts/receipt-mail-texts.ts';
import { recoveryTexts } from '../recovery/recovery-texts.ts';
import { renderNotification } from './notification-texts.ts';

/**
 * Every Arabic text we send (SMS, e-mail, push and in-app notifications) keeps each left-to-right piece (a
 * reference's digit groups, a Latin name, a code, a date's numbers) in a Unicode isolate, so a right-to-left
 * reader sees '686 984 1276' and not '1276 984 686'. What is left once the isolates are taken out has no Latin
 * letter and no digit.
 */
const bare = (text: string) => withoutIsolated(text).match(/[A-Za-z0-9]+/g) ?? [];

describe('Arabic texts isolate numbers, references and Latin names', () => {
  it('the cash pickup SMS (its Arabic half)', () => {
    const facts = {
      phone: '+212612345678',
      sender: 'Karim Benali',
      recipient: 'Fatima Zahra',
      amount: money('MAD', 120_000n),
      reference: '6869841276',
      expiresAt: new Date('2026-12-29T00:00:00Z'),
      agency: { name: 'Mohammed V', city: 'Casablanca' },
    };
    for (const reminder of [false, true]) {
      const arabic = pickupSmsBody(facts, reminder).split('\n')[1] ?? '';
      expect(arabic).toContain('\u2066686 984 1276\u2069');
      expect(bare(arabic)).toEqual([]);
    }
  });

  it('every notification (push, e-mail, SMS, in-app)', () => {
    for (const kind of notificationKinds) {
      const texts = renderNotification('ar', kind, {
        amount: '120000',
        currency: 'MAD',
        name: 'Wallet Casablanca Centre',
        transaction_kind: 'withdrawal',
        threshold: '11.2000',
        rate: '11.2500',
      });
      expect(bare(texts.title), kind).toEqual([]);
      expect(bare(texts.body), kind).toEqual([]);
    }
  });

  it('sign-in codes, e-mail confirmation, lockout, phone confirmation and receipt e-mails', () => {
    const ar = [
      loginCodeTexts.ar.subject,
      loginCodeTexts.ar.mail('723719', 10),
      loginCodeTexts.ar.sms('723719', 10),
      confirmEmailTexts.ar.subject,
      confirmEmailTexts.ar.mail('https://sila.example/authentication/confirm-email?code=Ab12'),
      securityCodeLockoutTexts.ar.subject,
      securityCodeLockoutTexts.ar.text(15),
      phoneConfirmationTexts.ar('723719', 10),
      receiptMailTexts.ar.subject('TX-00000042'),
      receiptMailTexts.ar.body('TX-00000042'),
    ];
    for (const text of ar) expect(bare(text), text).toEqual([]);
  });

  it("a recipient's invitation and reminder (the Arabic part)", () => {
    for (const kind of ['invitation', 'reminder'] as const) {
      const message = recipientMessage('ar', kind, {
        sender: 'Karim Benali',
        amount: () => '\u2066250,00 MAD\u2069',
        expiresAt: new Date('2026-12-29T00:00:00Z'),
        link: 'https://sila.example/auth?invite=Ab12',
      });
      expect(bare(message.subject)).toEqual([]);
      expect(bare(message.text)).toEqual([]);
    }
  });
});

/**
 * A name someone typed (a sender 'Jean Dupont', a recipient, an agency) goes into an Arabic text between FSI and PDI
 * where the text is written, not found afterwards among the Latin runs: a run search took an Arabic comma or a
 * neighbouring Latin word into the name's left-to-right run, which reordered the sentence.
 */
describe('Arabic texts isolate every name as typed (FSI … PDI)', () => {
  const fsi = (name: string) => `\u2068${name}\u2069`;

  it('in every notification that names someone', () => {
    const params = { amount: '120000', currency: 'MAD', name: 'Jean Dupont', schedule: '1', date: '2026-03-01' };
    for (const kind of notificationKinds) {
      const { body } = renderNotification('ar', kind, { ...params, balance: '0', gap: '0', eur: '0' });
      if (body.includes('Jean')) expect(body, kind).toContain(fsi('Jean Dupont'));
    }
    expect(renderNotification('ar', 'money_received', params).body).toContain(`أرسل لك ${fsi('Jean Dupont')} مبلغ`);
    expect(renderNotification('fr', 'money_received', params).body).toMatch(/^Jean Dupont vous a envoyé/);
  });

  it('in the cash pickup SMS: the sender, the recipient and the agency in the Arabic half only, the city in each language', () => {
    const [french, arabic] = pickupSmsBody(
      {
        phone: '+212612345678',
        sender: 'Jean Dupont',
        recipient: 'Fatima Zahra',
        amount: money('MAD', 120_000n),
        reference: '6869841276',
        expiresAt: new Date('2026-12-29T00:00:00Z'),
        agency: { name: 'Pasteur', city: 'Tangier' },
      },
      false,
    ).split('\n');
    for (const name of ['Jean Dupont', 'Fatima Zahra']) {
      expect(arabic).toContain(fsi(name));
      expect(french).toContain(name);
    }
    // The agency's city in each half's language, whatever spelling was stored.
    expect(arabic).toContain(`الوكالة: ${fsi('Pasteur, طنجة')}.`);
    expect(french).toContain('Agence : Pasteur, Tanger.');
    expect(french).not.toMatch(/[\u2066-\u2069]/);
  });

  it("in the recipient's invitation and the recovery's change of identifier", () => {
    const message = recipientMessage('fr', 'invitation', {
      sender: 'Jean Dupont',
      amount: () => '250,00 MAD',
      expiresAt: new Date('2026-12-29T00:00:00Z'),
      link: 'https://sila.example/auth?invite=Ab12',
    });
    const [french, arabic] = message.text.split('\n\n');
    expect(arabic).toContain(`أرسل لك ${fsi('Jean Dupont')} مبلغ`);
    expect(french).not.toContain('\u2068');
    expect(recoveryTexts.ar.changed('jean.dupont@example.com')).toContain(fsi('jean.dupont@example.com'));
  });
});

describe('Arabic texts speak of the recipient without a masculine verb (she may be a woman)', () => {
  it('in the notifications to the sender and the invitation to the recipient', () => {
    const params = { amount: '120000', currency: 'MAD', name: 'Fatima Zahra', transaction_kind: 'transfer' };
    const bodies = ['transfer_expired', 'transfer_expiring', 'pickup_collected'].map(
      (kind) => renderNotification('ar', kind, params).body,
    );
    const invitation = recipientMessage('ar', 'reminder', {
      sender: 'Karim',
      amount: () => '250,00 MAD',
      expiresAt: new Date('2026-12-29T00:00:00Z'),
      link: 'https://sila.example/i',
    }).text;
    for (const text of [...bodies, invitation]) expect(text).not.toMatch(/يتسلم|تتسلمه|لتسلمه|أنشئ حسابك|سحب \u2068/u);
    expect(bodies[2]).toContain('تم سحب مبلغ');
  });
});
