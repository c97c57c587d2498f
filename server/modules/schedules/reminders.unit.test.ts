import { describe, expect, it } from 'vitest';
import { withoutIsolated } from '../../../common/i18n/bidi-isolate.ts';
import { LANGUAGES } from '../../../common/i18n/languages.ts';
import { eurToMad } from '../../../common/money/conversion.ts';
import { parseDecimal } from '../../../common/money/decimal.ts';
import { money } from '../../../common/money/money.ts';
import { messageLink, notificationLink } from '../notifications/notification-links.ts';
import { amountIn } from '../notifications/notification-params.ts';
import { renderNotification } from '../notifications/notification-texts.ts';
import { eurCovering } from './reminders.ts';

const reminder = {
  schedule: '42',
  date: '2027-03-01',
  amount: '150000',
  currency: 'MAD',
  name: 'Fatima',
  balance: '90000',
  gap: '60000',
  eur: '5608',
};

describe('the euros that cover a gap', () => {
  it('are the fewest cents whose dirhams reach the gap, at least the smallest top-up', () => {
    const rate = parseDecimal('10.70');
    if (!rate) throw new Error('rate');
    for (const gap of [1n, 100n, 60_000n, 60_100n, 123_456_00n, 10_70n, 10_71n]) {
      const eur = eurCovering(money('MAD', gap), rate);
      expect(eurToMad(eur, rate).minor >= gap, String(gap)).toBe(true);
      if (eur.minor > 100n) expect(eurToMad(money('EUR', eur.minor - 1n), rate).minor < gap, String(gap)).toBe(true);
      expect(eur.minor >= 100n).toBe(true);
    }
    expect(eurCovering(money('MAD', 600_00n), rate)).toEqual(money('EUR', 56_03n));
  });
});

describe('the reminder two days before a scheduled date', () => {
  it('says the date, amount, recipient, balance and what to add, in English and French', () => {
    expect(renderNotification('en', 'schedule_reminder', reminder).body).toBe(
      `On 1 March, ${amountIn('en', reminder)} to Fatima. Your balance: ${amountIn('en', { amount: '90000' })}: add ${amountIn('en', { amount: '60000' })} by then.`,
    );
    expect(renderNotification('fr', 'schedule_reminder', reminder).body).toBe(
      `Le 1er mars, ${amountIn('fr', reminder)} à Fatima. Votre solde : ${amountIn('fr', { amount: '90000' })} : ajoutez ${amountIn('fr', { amount: '60000' })} d’ici là.`,
    );
    const covered = renderNotification('en', 'schedule_reminder', {
      ...reminder,
      balance: '200000',
      gap: '0',
      eur: '0',
    });
    expect(covered.body).toBe(
      `On 1 March, ${amountIn('en', reminder)} to Fatima. Your balance of ${amountIn('en', { amount: '200000' })} covers it.`,
    );
  });

  it('has a title and a body in all seven languages, for the reminder, a skip with each reason and a miss', () => {
    const skips = ['balance', 'limit', 'frozen', 'recipient'].map((reason) => ({ ...reminder, reason }));
    for (const language of LANGUAGES) {
      const texts = [
        renderNotification(language, 'schedule_reminder', reminder),
        renderNotification(language, 'schedule_missed', reminder),
        ...skips.map((p) => renderNotification(language, 'schedule_skipped', p)),
      ];
      for (const { title, body } of texts) {
        expect(title, language).not.toBe('');
        expect(body, language).toContain('Fatima');
        expect(body, language).toContain(amountIn(language, reminder));
      }
      const bodies = new Set(texts.slice(2).map((t) => t.body));
      expect(bodies.size, `${language}: each reason reads differently`).toBe(4);
    }
  });

  it('in Arabic isolates the date’s numbers, the amounts and a Latin name', () => {
    const { title, body } = renderNotification('ar', 'schedule_reminder', reminder);
    expect(body).toContain('\u20661\u2069');
    expect(body).toContain('\u2068Fatima\u2069');
    expect(withoutIsolated(`${title} ${body}`).match(/[A-Za-z0-9]+/g)).toBeNull();
  });

  it('opens the add-money screen with the euros when the balance falls short, else the schedule', () => {
    expect(notificationLink('schedule_reminder', null, reminder)).toBe('/exchange?amount=56.08');
    expect(notificationLink('schedule_reminder', null, { ...reminder, gap: '0', eur: '0' })).toBe('/schedules/42');
    expect(notificationLink('schedule_skipped', null, reminder)).toBe('/schedules/42');
    expect(messageLink('schedule_reminder', reminder, 'https://sila.example/')).toBe(
      'https://sila.example/exchange?amount=56.08',
    );
    expect(messageLink('schedule_skipped', reminder, 'https://sila.example')).toBeNull();
  });
});
