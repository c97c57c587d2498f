import nodemailer from 'nodemailer';
import { MailDeliveryError, type MailAdapter, type MailMessage } from './mail-adapter.ts';

/** Mail through any SMTP server (`smtp://user:pass@host:587`, `smtps://...:465`). */
export function smtpMail(options: { url: string; from: string }): MailAdapter & { close(): void } {
  const transport = nodemailer.createTransport(options.url);
  return {
    builtIn: false,
    async send(message: MailMessage) {
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
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
