import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { insertOutboxMessage } from '../outbox/outbox.repository.ts';
import type { SmsAdapter, SmsMessage } from './sms-adapter.ts';

/** Development SMS: stored for GET /api/dev/outbox/, never sent. */
export function outboxSms(db: Kysely<Database>): SmsAdapter {
  return {
    builtIn: true,
    async send(message: SmsMessage) {
      await insertOutboxMessage(db, {
        channel: 'sms',
        to: message.to,
        subject: null,
        body: message.body,
        code: message.code ?? null,
        link: null,
      });
    },
  };
}
