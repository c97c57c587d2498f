import { z } from 'zod';
import { flag } from './variables.ts';

/** Mail and SMS providers, and the development routes. Composed with the other areas in server/config.ts. */
export const adapterVariables = {
  // Adapters: the real service when configured, else the built-in outbox (GET /api/dev/outbox/).
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Sila <no-reply@wallet.localhost>'),
  SMS_PROVIDER_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMS_ACCOUNT_SID: z.string().min(1).optional(),
  SMS_AUTH_TOKEN: z.string().min(1).optional(),
  SMS_FROM: z.string().min(1).optional(),
  /** Production refuses to start on the built-in mail/SMS outbox unless this says it is meant (never the sandbox). */
  ALLOW_DEV_ADAPTERS: flag,
  /**
   * Mounts /api/dev/outbox/ and the sandbox checkout. Off unless set: a loopback HOST proves nothing, since a proxy
   * on the same host (the shipped nginx) forwards the public to it. `npm start` and `npm run dev` turn it on outside
   * production; the systemd unit never does. Production refuses it: the outbox shows every sign-in code, the
   * sandbox credits money.
   */
  EXPOSE_DEV_ROUTES: flag,
};
