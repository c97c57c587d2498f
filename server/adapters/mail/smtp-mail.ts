import nodemailer from 'nodemailer';
import { MailDeliveryError, type MailAdapter, type MailMessage } from './mail-adapter.ts';

/** Mail through any SMTP server (`smtp://user:pass@host:587`, `smtps://...:465`). */
export function smtpMail(options: { url: string; from: string }): MailAdapter & { close(): void } {
  // Bounded waits (nodemailer's defaults let a silent server hold a send for 10 minutes): a send outlasting the
  // outbox lease it runs under (RECEIPT_MAIL_LEASE_SECONDS, 300 s) would let another worker send it again.
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    builtIn: false,
    async send(message: MailMessage) {
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.messageId !== undefined && { messageId: message.messageId }),
          attachments: message.attachments?.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content,
          })),
        });
      } catch (error) {
        // The SMTP error text may echo the recipient or the message: keep it as the cause, not in the message.
        throw new MailDeliveryError('SMTP delivery failed', { cause: error });
      }
    },
    close() {
      transport.close();
    },
  };
}
