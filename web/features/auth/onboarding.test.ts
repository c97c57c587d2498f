import { describe, expect, it } from 'vitest';
import { onboardingDestination, storedRoleOf } from './onboarding';

describe('onboardingDestination (SPEC.md section 4)', () => {
  it('sends a user without a security code to set it first, whatever the profile', () => {
    expect(onboardingDestination({ has_security_code: false, has_full_profile: false })).toBe(
      '/settings/security-code?onboarding=true',
    );
    expect(onboardingDestination({ has_security_code: false, has_full_profile: true })).toBe(
      '/settings/security-code?onboarding=true',
    );
  });

  it('then to the profile when it is incomplete', () => {
    expect(onboardingDestination({ has_security_code: true, has_full_profile: false })).toBe(
      '/settings/profile?onboarding=true',
    );
  });

  it('and home once both are done', () => {
    expect(onboardingDestination({ has_security_code: true, has_full_profile: true })).toBe('/');
  });
});

describe('storedRoleOf', () => {
  it('stores banker for BANKER and customer otherwise', () => {
    expect(storedRoleOf('BANKER')).toBe('banker');
    expect(storedRoleOf('customer')).toBe('customer');
  });
});
