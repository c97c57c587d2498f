import { seconds, count } from './variables.ts';

/** Sign-in, sessions and confirmation links (auth, users). Composed with the other areas in server/config.ts. */
export const signInVariables = {
  // Sign-in limits.
  LOGIN_CODE_TTL_SECONDS: seconds(600),
  /** Wrong codes allowed per code, and per identifier within LOGIN_FAILURE_WINDOW_SECONDS across new codes. */
  LOGIN_CODE_MAX_ATTEMPTS: count(5),
  LOGIN_FAILURE_WINDOW_SECONDS: seconds(900),
  LOGIN_CODE_RESEND_SECONDS: seconds(30),
  LOGIN_CODES_PER_IDENTIFIER_PER_HOUR: count(10),
  LOGIN_CODE_REQUESTS_PER_IP_PER_HOUR: count(100),
  LOGIN_VERIFICATIONS_PER_IP_PER_HOUR: count(300),
  SESSION_TTL_SECONDS: seconds(7 * 86_400),
  EMAIL_CONFIRMATION_TTL_SECONDS: seconds(2 * 86_400),
  /**
   * Confirmation links mailed to one user (POST /api/users/{id}/email_confirmation/): at most one per
   * EMAIL_CONFIRMATION_RESEND_SECONDS and EMAIL_CONFIRMATION_MAX_PER_DAY in any 24 hours, the profile's own link
   * included; 429 with Retry-After past either. Counted from email_confirmations, so every API process agrees.
   */
  EMAIL_CONFIRMATION_RESEND_SECONDS: seconds(60),
  EMAIL_CONFIRMATION_MAX_PER_DAY: count(5),
  SECURITY_CODE_MAX_ATTEMPTS: count(5),
  SECURITY_CODE_LOCK_SECONDS: seconds(900),
  /**
   * Recipients a customer may add per rolling hour, deleted ones included (adding a contact was
   * a free, unlimited way to probe phone numbers and e-mails). 429 with Retry-After past it.
   */
  CONTACT_CREATE_LIMIT_PER_HOUR: count(30),
};
