/** A message for one recipient; `code` and `link` are what it carries, kept apart only by the built-in outbox. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  code?: string;
  link?: string;
  /** Files sent with the message (the receipt PDF, issue 18). */
  attachments?: MailAttachment[];
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
