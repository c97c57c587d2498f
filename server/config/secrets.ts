import { z } from 'zod';
import { parsePushServiceOrigins } from '../security/push-services.ts';
import { secret } from './variables.ts';

/** Secrets and keys (required in production), Web Push. Composed with the other areas in server/config.ts. */
export const secretVariables = {
  // Secrets (required in production; development and test generate them once into DEV_SECRETS_FILE).
  /** Signs access tokens and keys the login-code and wallet-address HMACs (each with its own derived key). */
  SECRET_KEY: secret,
  /** Mixed into every security-code hash; kept out of the database so a dump alone cannot brute-force PINs. */
  SECURITY_CODE_PEPPER: secret,
  /**
   * Encrypts identity documents at rest (AES-256-GCM): 32 bytes in base64. Required in production;
   * development and test keep a generated one in DEV_SECRETS_FILE. Its id (a hash prefix) is stored with each file.
   */
  KYC_ENCRYPTION_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64 (openssl rand -base64 32)')
    .optional(),
  /** Keys used before a rotation, comma-separated base64: files encrypted with them stay readable. */
  KYC_PREVIOUS_ENCRYPTION_KEYS: z
    .string()
    .refine(
      (v) => v.split(',').every((k) => Buffer.from(k.trim(), 'base64').length === 32),
      'must be a comma-separated list of 32-byte base64 keys',
    )
    .optional(),
  DEV_SECRETS_FILE: z.string().min(1).default('.data/dev-secrets.json'),
  /**
   * Web Push: the VAPID key pair (RFC 8292), P-256, base64url as `npx web-push generate-vapid-keys`
   * prints them. Both or neither; in production neither = no Web Push (the profile offers none). Development and
   * test keep a generated pair in DEV_SECRETS_FILE.
   */
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  /**
   * The push services the server may post to: origins (scheme, host, port), comma-separated, `https://*.example.com`
   * for any name below one. Set, they are the only ones, and the only ones that may be at a local or private
   * address (a local push service: `http://127.0.0.1:38300`). Unset: in production the browsers' services
   * (BROWSER_PUSH_SERVICES); elsewhere any origin at a public address.
   */
  PUSH_SERVICE_ORIGINS: z
    .string()
    .refine((v) => parsePushServiceOrigins(v) !== undefined, 'must be comma-separated origins (https://host[:port])')
    .optional(),
  /** Who runs the sender, for the push services: `mailto:` an address, or an https URL. Default: PUBLIC_URL when https, else mailto: MAIL_FROM's address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be mailto:address or an https:// URL')
    .optional(),
};
