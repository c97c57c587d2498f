import type { User } from '../../../common/api/users';

/**
 * After a login: no security code first (money cannot move without it), then an incomplete
 * profile, then home. The onboarding flag makes each step hand over to the next one.
 */
export function onboardingDestination(user: Pick<User, 'has_security_code' | 'has_full_profile' | 'role'>): string {
  if (!user.has_security_code) return '/settings/security-code?onboarding=true';
  // Operators and auditors work in the back-office; their profile is set by whoever added them.
  if (user.role === 'OPERATOR' || user.role === 'AUDITOR') return '/ops';
  if (!user.has_full_profile) return '/settings/profile?onboarding=true';
  return '/';
}

/** The stored role is 'banker' for BANKER and 'customer' otherwise (theme only, grants nothing). */
export function storedRoleOf(role: User['role']): 'banker' | 'customer' {
  return role === 'BANKER' ? 'banker' : 'customer';
}
