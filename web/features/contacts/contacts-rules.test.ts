import { describe, expect, it } from 'vitest';
import { contactTarget, modeOf } from './contacts-mode';
import { formatDistance } from './distance';
import { checkDraft, emptyDraft, hasArabicScript } from './recipient-form';
import { formatPhoneInput } from '../../ui/phone-input-format';
import { actionsOpenAfter, swipeDirection } from './swipe';

describe('swipe threshold (beyond 100 px)', () => {
  it('is a swipe only past 100 px either way', () => {
    expect(swipeDirection(-100)).toBeNull();
    expect(swipeDirection(-101)).toBe('left');
    expect(swipeDirection(100)).toBeNull();
    expect(swipeDirection(101)).toBe('right');
    expect(swipeDirection(0)).toBeNull();
  });

  it('left reveals the actions, right hides them, a short move keeps the state', () => {
    expect(actionsOpenAfter(false, -150)).toBe(true);
    expect(actionsOpenAfter(true, 150)).toBe(false);
    expect(actionsOpenAfter(true, -50)).toBe(true);
    expect(actionsOpenAfter(false, 99)).toBe(false);
  });
});

describe('distance display', () => {
  it('rounds above 10 km and keeps one decimal otherwise, in the locale', () => {
    expect(formatDistance(12.6, 'fr-FR')).toBe('13');
    expect(formatDistance(10.4, 'en-US')).toBe('10');
    expect(formatDistance(10, 'en-US')).toBe('10.0');
    expect(formatDistance(1.54, 'fr-FR')).toBe('1,5');
    expect(formatDistance(0.04, 'en-US')).toBe('0.0');
  });
});

describe('new recipient rules', () => {
  const named = { ...emptyDraft, firstName: 'Amina', lastName: 'El Idrissi' };

  it('needs both names and an e-mail or a phone', () => {
    expect(checkDraft(emptyDraft)).toEqual({ ok: false, problem: { kind: 'required' } });
    expect(checkDraft({ ...named, firstName: '  ', email: 'a@b.co' })).toEqual({
      ok: false,
      problem: { kind: 'required' },
    });
    expect(checkDraft(named)).toEqual({ ok: false, problem: { kind: 'required' } });
    expect(checkDraft({ ...named, email: ' a@b.co ' })).toEqual({
      ok: true,
      body: { first_name: 'Amina', last_name: 'El Idrissi', email: 'a@b.co', phone_number: '', rib: '' },
    });
  });

  it('takes an optional RIB typed with spaces, sent as 24 digits, and refuses a wrong one by its fault', () => {
    const withEmail = { ...named, email: 'a@b.co' };
    expect(checkDraft({ ...withEmail, rib: '  ' })).toMatchObject({ ok: true, body: { rib: '' } });
    expect(checkDraft({ ...withEmail, rib: '007 780 0001 2345 6789 0123 96' })).toMatchObject({
      ok: true,
      body: { rib: '007780000123456789012396' },
    });
    expect(checkDraft({ ...withEmail, rib: '007 780 0001 2345 6789 0123' })).toEqual({
      ok: false,
      problem: { kind: 'rib', message: 'A RIB has 24 digits.' },
    });
    expect(checkDraft({ ...withEmail, rib: '999780000123456789012341' })).toEqual({
      ok: false,
      problem: { kind: 'rib', message: 'This RIB is not from a Moroccan bank we know.' },
    });
  });

  it('needs a prefix with a number, and sends the number without spaces', () => {
    expect(checkDraft({ ...named, prefix: '', phone: '0612345678' })).toEqual({
      ok: false,
      problem: { kind: 'prefixAndNumber' },
    });
    // The prefix alone (the +33 default) is no phone at all.
    expect(checkDraft({ ...named, prefix: '+212', phone: '', email: 'a@b.co' }).ok).toBe(true);
    expect(checkDraft({ ...named, prefix: '+33', phone: '06 12 34 56 78' })).toMatchObject({
      ok: true,
      body: { phone_number: '+33612345678' },
    });
    expect(checkDraft({ ...named, prefix: '+33', phone: '06 12' })).toEqual({
      ok: false,
      problem: { kind: 'phone', message: 'This phone number has the wrong number of digits.' },
    });
  });

  it('formats the number by prefix, digits only, within 16 characters', () => {
    expect(formatPhoneInput('+33', '0612345678')).toBe('06 12 34 56 78');
    expect(formatPhoneInput('+1', '5551234567')).toBe('(555)-123-4567');
    expect(formatPhoneInput('+33', '06ab12')).toBe('06 12');
    expect(formatPhoneInput('', '+33 6 12 34 56 78 90 12 34')).toHaveLength(16);
    expect(formatPhoneInput('+212', '0612345678999').length).toBeLessThanOrEqual(16);
  });

  it('sees Arabic script in a name', () => {
    expect(hasArabicScript('أمينة')).toBe(true);
    expect(hasArabicScript('Amina ﻻ')).toBe(true);
    expect(hasArabicScript('Amina Élodie')).toBe(false);
  });
});

describe('list modes', () => {
  it('leads to the detail, or to the create-transaction screen with the type', () => {
    expect(modeOf(null)).toBe('manage');
    expect(modeOf('other')).toBe('manage');
    expect(contactTarget(modeOf('send'), 7)).toBe('/transactions/create?contact=7&transaction=send');
    expect(contactTarget(modeOf('withdraw'), 3)).toBe('/transactions/create?contact=3&transaction=withdraw');
    expect(contactTarget('manage', 7)).toBe('/contacts/7');
  });
});
