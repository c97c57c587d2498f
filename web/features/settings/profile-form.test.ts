import { describe, expect, it } from 'vitest';
import { checkProfile, draftFromUser, lockedFields } from './profile-form';
import type { ProfileDraft } from './profile-form';

const complete: ProfileDraft = {
  country: 'FR',
  first_name: ' Amina ',
  last_name: 'El Idrissi',
  email: 'amina@example.com',
  phonePrefix: '+33',
  phone: '06 12 34 56 78',
};

describe('checkProfile', () => {
  it('lets agency staff leave the phone out, and sends none', () => {
    expect(checkProfile({ ...complete, phone: '' }, { phone_auth: false, role: 'BANKER' })).toEqual({
      ok: true,
      body: { first_name: 'Amina', last_name: 'El Idrissi', country: 'FR' },
    });
    expect(checkProfile({ ...complete, phone: '' }, { phone_auth: false, role: 'customer' })).toMatchObject({
      ok: false,
      missing: ['phone_number'],
    });
  });

  it('refuses a missing field with the all-fields-required message', () => {
    const named = { country: 'country', first_name: 'first_name', last_name: 'last_name', email: 'email', phone: 'phone_number' } as const;
    for (const field of ['country', 'first_name', 'last_name', 'email', 'phone'] as const) {
      expect(checkProfile({ ...complete, [field]: ' ' }, { phone_auth: false })).toEqual({
        ok: false,
        allRequired: true,
        missing: [named[field]],
      });
    }
  });

  it('names every missing field, in screen order', () => {
    expect(checkProfile({ ...complete, country: '', last_name: '', phone: '' }, { phone_auth: false })).toEqual({
      ok: false,
      allRequired: true,
      missing: ['country', 'last_name', 'phone_number'],
    });
  });

  it('sends phone_number (no email) for users who log in by e-mail', () => {
    expect(checkProfile(complete, { phone_auth: false })).toEqual({
      ok: true,
      body: { first_name: 'Amina', last_name: 'El Idrissi', country: 'FR', phone_number: '+33612345678' },
    });
  });

  it('sends email (no phone_number) for users who log in by phone', () => {
    expect(checkProfile(complete, { phone_auth: true })).toEqual({
      ok: true,
      body: { first_name: 'Amina', last_name: 'El Idrissi', country: 'FR', email: 'amina@example.com' },
    });
  });

  it('flags a phone number of the wrong length under the phone field', () => {
    expect(checkProfile({ ...complete, phone: '06 12' }, { phone_auth: false })).toMatchObject({
      ok: false,
      field: 'phone_number',
    });
  });
});

describe('lockedFields', () => {
  it('locks the sign-in identifier, and the other one once set', () => {
    expect(lockedFields({ phone_auth: false, email: 'a@b.c', phone_number: null })).toEqual({ email: true, phone: false });
    expect(lockedFields({ phone_auth: false, email: 'a@b.c', phone_number: '+33612345678' })).toEqual({
      email: true,
      phone: true,
    });
    expect(lockedFields({ phone_auth: true, email: null, phone_number: '+33612345678' })).toEqual({ email: false, phone: true });
  });
});

describe('draftFromUser', () => {
  it('splits a stored number into its prefix and the formatted national part', () => {
    const draft = draftFromUser({
      id: 1,
      first_name: 'A',
      last_name: 'B',
      email: null,
      email_confirmed: false,
      phone_number: '+212612345678',
      phone_confirmed: true,
      phone_auth: true,
      country: 'MA',
      role: 'customer',
      balance: '0.00',
      rate: '10.85',
      rate_delta: '10.70',
      rate_freemium: '10.70',
      rate_subscription: '10.80',
      subscription: false,
      account_id: '0x1',
      has_security_code: true,
      has_full_profile: false,
      level: 1,
      limits: [],
      agency: null,
    });
    expect(draft).toMatchObject({ phonePrefix: '+212', phone: '6 12 34 56 78', email: '' });
  });
});
