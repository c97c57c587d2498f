import { screen } from '@testing-library/react';

/**
 * What the send-flow component tests share (BankDeposit, MobileWallet, PickupConfirmation, NoAccountConfirmation):
 * the sender, the recipient they pay, and how a test reads a figure's text.
 */

/** A level-1 customer in France with 5,000 MAD and a security code. */
export const sender = {
  id: 1,
  first_name: 'Amina',
  last_name: 'B',
  email: 'a@example.com',
  phone_number: null,
  phone_auth: false,
  country: 'FR',
  role: 'customer',
  balance: '5000.00',
  rate: '10.8500',
  rate_delta: '10.7000',
  rate_freemium: '10.7000',
  rate_subscription: '10.8000',
  subscription: false,
  account_id: '0xabc',
  has_security_code: true,
  has_full_profile: true,
  level: 1,
  limits: [],
};

/** `GET /api/users/` as the sender reads it. */
export const senderPage = { count: 1, next: null, previous: null, results: [sender] };

/** Contact 7, a person with a Moroccan mobile number and an e-mail, no account shown: each test changes what it needs. */
export const recipientContact = {
  id: 7,
  first_name: 'Youssef',
  last_name: 'El Amrani',
  phone_number: '+212612345678' as string | null,
  email: 'y@example.com' as string | null,
  account_id: null as string | null,
  contact_user: null as number | null,
  public: false,
  proximity: null,
  address: null,
  zip_code: null,
  city: null as string | null,
  latitude: null,
  longitude: null,
  rib: null as string | null,
  rib_bank: null as string | null,
  rib_holder: null as string | null,
};

/** A test id's text, its spaces (the narrow no-break ones of amounts and numbers too) as plain spaces. */
export const textOf = (id: string) => (screen.getByTestId(id).textContent ?? '').replace(/\s/g, ' ');
