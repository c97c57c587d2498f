import type { Kysely } from 'kysely';
import type { Database, DevOutboxAttachment } from '../../db/schema.ts';

export interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  body: string;
  /** The one-time code or link the message carries, so development tools and tests need not parse the body. */
  code: string | null;
  link: string | null;
  /** Attached files (the receipt PDF); absent for the plain messages. */
  attachments?: DevOutboxAttachment[] | null;
}

export interface StoredOutboxMessage extends OutboxMessage {
  created_at: Date;
}

/** The built-in adapters' store: a table, so every API process (and the tests) sees the same messages. */
export async function insertOutboxMessage(db: Kysely<Database>, message: OutboxMessage): Promise<void> {
  await db
    .insertInto('dev_outbox')
    .values({
      channel: message.channel,
      recipient: message.to,
      subject: message.subject,
      body: message.body,
      code: message.code,
      link: message.link,
      attachments: message.attachments ? JSON.stringify(message.attachments) : null,
    })
    .execute();
}

export async function listOutboxMessages(
  db: Kysely<Database>,
  filter: { to?: string; limit: number },
): Promise<StoredOutboxMessage[]> {
  let query = db
    .selectFrom('dev_outbox')
    .select(['channel', 'recipient', 'subject', 'body', 'code', 'link', 'attachments', 'created_at'])
    .orderBy('id', 'desc')
    .limit(filter.limit);
  if (filter.to !== undefined) query = query.where('recipient', '=', filter.to);
  const rows = await query.execute();
  return rows.map(({ recipient, ...row }) => ({ ...row, to: recipient }));
}
