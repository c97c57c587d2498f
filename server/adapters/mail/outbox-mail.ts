import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { insertOutboxMessage } from '../outbox/outbox.repository.ts';
import type { MailAdapter, MailMessage } from './mail-adapter.ts';

/** Development mail: nothing leaves the machine; GET /api/dev/outbox/ shows what would have been sent. */
export function outboxMail(db: Kysely<Database>): MailAdapter {
  return {
    builtIn: true,
    async send(message: MailMessage) {
      await insertOutboxMessage(db, {
        channel: 'email',
        to: message.to,
        subject: message.subject,
        body: message.text,
        code: message.code ?? null,
        link: message.link ?? null,
        attachments:
          message.attachments?.map((a) => ({
            filename: a.filename,
            content_type: a.contentType,
            base64: a.content.toString('base64'),
          })) ?? null,
      });
    },
  };
}
