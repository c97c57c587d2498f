import type { User } from '../../../common/api/users';

/**
 * A customer as GET /api/users/ answers for web tests: Amina, signed in by e-mail (confirmed), in France, with a
 * security code and a full profile; each test overrides what it is about.
 */
export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    first_name: 'Amina',
    last_name: 'B',
    email: 'amina@example.com',
    email_confirmed: true,
    phone_number: null,
    phone_confirmed: false,
    phone_auth: false,
    country: 'FR',
    role: 'customer',
    balance: '0.00',
    rate: '10.8500',
    rate_delta: '10.7000',
    rate_freemium: '10.7000',
    rate_subscription: '10.8000',
    subscription: false,
    account_id: '0xabc',
    has_security_code: true,
    has_full_profile: true,
    level: 1,
    identity_under_review: false,
    limits: [],
    agency: null,
    ...overrides,
  };
}
