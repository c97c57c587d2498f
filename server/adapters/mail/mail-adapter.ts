import { createHash } from 'node:crypto';

/** A message for one recipient; `code` and `link` are what it carries, kept apart only by the built-in outbox. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  code?: string;
  link?: string;
  /** Files sent with the message (the receipt PDF). */
  attachments?: MailAttachment[];
  /**
   * The RFC 5322 Message-ID (`<…@…>`), when the message has one identity across attempts (a receipt): a resend
   * after an attempt whose outcome is unknown carries the same one, so mail servers and clients can recognise it
   * as the same message (and drop the copy). Unset: the transport makes a new one each time.
   */
  messageId?: string;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailAdapter {
  /** True for the built-in outbox (development), false for a real mail service. */
  readonly builtIn: boolean;
  /** Resolves once the message is accepted for delivery; rejects with MailDeliveryError otherwise. */
  send(message: MailMessage): Promise<void>;
}

export class MailDeliveryError extends Error {}

/**
 * A stable Message-ID for one logical message: `<kind.key.tag@domain>`, the domain of MAIL_FROM's address, the tag
 * 12 hex digits of SHA-256 over the deployment's PUBLIC_URL and the key, so that two deployments mailing from the
 * same domain (staging and production) never give two different receipts the same identity.
 */
export function stableMessageId(kind: string, key: string, config: { MAIL_FROM: string; PUBLIC_URL: string }): string {
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM.trim();
  const domain = /@([A-Za-z0-9.-]+)$/.exec(address)?.[1] ?? 'wallet.localhost';
  const tag = createHash('sha256').update(`${config.PUBLIC_URL}\n${kind}\n${key}`).digest('hex').slice(0, 12);
  return `<${kind}.${key}.${tag}@${domain}>`;
}
