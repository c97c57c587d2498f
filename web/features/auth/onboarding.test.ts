import { describe, expect, it } from 'vitest';
import { onboardingDestination, storedRoleOf } from './onboarding';

describe('onboardingDestination', () => {
  it('sends a user without a security code to set it first, whatever the profile', () => {
    expect(onboardingDestination({ has_security_code: false, has_full_profile: false, role: 'customer' })).toBe(
      '/settings/security-code?onboarding=true',
    );
    expect(onboardingDestination({ has_security_code: false, has_full_profile: true, role: 'customer' })).toBe(
      '/settings/security-code?onboarding=true',
    );
  });

  it('then to the profile when it is incomplete', () => {
    expect(onboardingDestination({ has_security_code: true, has_full_profile: false, role: 'customer' })).toBe(
      '/settings/profile?onboarding=true',
    );
  });

  it('and home once both are done', () => {
    expect(onboardingDestination({ has_security_code: true, has_full_profile: true, role: 'customer' })).toBe('/');
  });

  it('lands an operator or an auditor with a security code on the back-office, profile or not', () => {
    for (const role of ['OPERATOR', 'AUDITOR'] as const) {
      expect(onboardingDestination({ has_security_code: true, has_full_profile: false, role })).toBe('/ops');
      expect(onboardingDestination({ has_security_code: false, has_full_profile: true, role })).toBe(
        '/settings/security-code?onboarding=true',
      );
    }
  });
});

describe('storedRoleOf', () => {
  it('stores banker for BANKER and customer otherwise', () => {
    expect(storedRoleOf('BANKER')).toBe('banker');
    expect(storedRoleOf('customer')).toBe('customer');
  });
});
