import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { MailAdapter } from './mail/mail-adapter.ts';
import { outboxMail } from './mail/outbox-mail.ts';
import { smtpMail } from './mail/smtp-mail.ts';
import type { SmsAdapter } from './sms/sms-adapter.ts';
import { outboxSms } from './sms/outbox-sms.ts';
import { twilioSms } from './sms/twilio-sms.ts';

/** The real service when configured, else the built-in outbox (config.ts refuses that in production). */
export function createMailAdapter(config: Config, db: Kysely<Database>): MailAdapter {
  return config.SMTP_URL ? smtpMail({ url: config.SMTP_URL, from: config.MAIL_FROM }) : outboxMail(db);
}

export function createSmsAdapter(config: Config, db: Kysely<Database>): SmsAdapter {
  const { SMS_PROVIDER_URL: url, SMS_ACCOUNT_SID: accountSid, SMS_AUTH_TOKEN: authToken, SMS_FROM: from } = config;
  return url && accountSid && authToken && from ? twilioSms({ url, accountSid, authToken, from }) : outboxSms(db);
}
