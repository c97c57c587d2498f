import { describe, expect, it } from 'vitest';
import { profileMessages } from '../../../common/api/users.ts';
import { serverKeys } from '../../security/keys.ts';
import { decideProfileIdentifiers, hasFullProfile } from './profile-rules.ts';
import { walletAddress } from '../../adapters/chain/wallet-addresses.ts';

const emailUser = { phone_auth: false, email: 'a@example.com', phone_number: null };
const phoneUser = { phone_auth: true, email: null, phone_number: '+33612345678' };

describe('decideProfileIdentifiers', () => {
  it('e-mail users: the e-mail is locked, the phone is required and set once', () => {
    expect(decideProfileIdentifiers(emailUser, { phone_number: '+33700000000' })).toEqual({
      ok: true,
      newPhone: '+33700000000',
    });
    expect(decideProfileIdentifiers(emailUser, { email: 'a@example.com', phone_number: '+33700000000' }).ok).toBe(true);
    expect(decideProfileIdentifiers(emailUser, { email: 'b@example.com', phone_number: '+33700000000' })).toEqual({
      ok: false,
      field: 'email',
      message: profileMessages.loginEmailLocked,
    });
    expect(decideProfileIdentifiers(emailUser, {})).toMatchObject({ ok: false, field: 'phone_number' });
    const withPhone = { ...emailUser, phone_number: '+33700000000' };
    expect(decideProfileIdentifiers(withPhone, { phone_number: '+33700000000' })).toEqual({ ok: true });
    expect(decideProfileIdentifiers(withPhone, { phone_number: '+33700000001' })).toEqual({
      ok: false,
      field: 'phone_number',
      message: profileMessages.setOnce,
    });
  });

  it('phone users: the phone is locked, the e-mail is required and set once', () => {
    expect(decideProfileIdentifiers(phoneUser, { email: 'c@example.com' })).toEqual({
      ok: true,
      newEmail: 'c@example.com',
    });
    expect(decideProfileIdentifiers(phoneUser, { email: 'c@example.com', phone_number: '+33612345679' })).toMatchObject(
      {
        ok: false,
        field: 'phone_number',
        message: profileMessages.loginPhoneLocked,
      },
    );
    expect(
      decideProfileIdentifiers({ ...phoneUser, email: 'c@example.com' }, { email: 'd@example.com' }),
    ).toMatchObject({
      ok: false,
      field: 'email',
      message: profileMessages.setOnce,
    });
  });
});

describe('hasFullProfile', () => {
  it('needs names, country, e-mail and phone', () => {
    const full = { ...emailUser, phone_number: '+33700000000', first_name: 'A', last_name: 'B', country: 'FR' };
    expect(hasFullProfile(full)).toBe(true);
    expect(hasFullProfile({ ...full, country: null })).toBe(false);
    expect(hasFullProfile({ ...full, last_name: '' })).toBe(false);
    expect(hasFullProfile({ ...full, phone_number: null })).toBe(false);
  });
});

describe('walletAddress', () => {
  it('is a stable 0x-prefixed 40-hex address per user and per key', () => {
    const key = serverKeys('k'.repeat(32)).walletAddress;
    expect(walletAddress(key, '1')).toMatch(/^0x[0-9a-f]{40}$/);
    expect(walletAddress(key, '1')).toBe(walletAddress(key, '1'));
    expect(walletAddress(key, '1')).not.toBe(walletAddress(key, '2'));
    expect(walletAddress(serverKeys('j'.repeat(32)).walletAddress, '1')).not.toBe(walletAddress(key, '1'));
  });
});
