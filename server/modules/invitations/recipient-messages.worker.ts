import { sql, type Kysely } from 'kysely';
import { splitInternational } from '../../../common/identity/phone.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../common/i18n/languages.ts';
import type { Database } from '../../db/schema.ts';
import { leaseDue, markFailed } from '../../jobs/outbox-queue.ts';
import { reasonOf, type WorkerLog } from '../../jobs/worker-log.ts';
import { retryDelayMs } from '../anchoring/anchor-worker.ts';
import { amountIn } from '../notifications/notification-params.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { recipientMessage } from './recipient-message-texts.ts';

export type RecipientMessageDeps = Pick<ServiceDeps, 'db' | 'config' | 'mail' | 'sms'>;

/**
 * The sign-up page with what the transfer waits for already typed: the phone number (prefix and national part)
 * or the e-mail address, in the sender's language (the page has a language switcher).
 */
export function signUpLink(publicUrl: string, language: Language, to: { phone: string | null; email: string | null }) {
  const split = to.phone === null ? undefined : splitInternational(to.phone);
  if (split) {
    const query = new URLSearchParams({ prefix: split.prefix, phone: split.national, lang: language });
    return `${publicUrl}/auth/phone/step2?${query.toString()}`;
  }
  const query = new URLSearchParams({ ...(to.email !== null && { email: to.email }), lang: language });
  return `${publicUrl}/auth/email/step1?${query.toString()}`;
}

async function leaseDueMessages(db: Kysely<Database>, options: { limit: number; leaseSeconds: number }) {
  const ids = await leaseDue(db, 'recipient_messages', options);
  if (ids.length === 0) return [];
  return db
    .selectFrom('recipient_messages as m')
    .innerJoin('transactions as t', 't.id', 'm.transaction_id')
    .innerJoin('users as s', 's.id', 't.sender_user_id')
    .select([
      'm.id',
      'm.kind',
      'm.attempts',
      't.status',
      't.amount',
      't.currency',
      't.expires_at',
      't.recipient_phone_number',
      't.recipient_email',
      's.first_name',
      's.last_name',
      's.email as sender_email',
      's.phone_number as sender_phone',
      's.language',
    ])
    .where('m.id', 'in', ids)
    .orderBy('m.id')
    .execute();
}

type DueMessage = Awaited<ReturnType<typeof leaseDueMessages>>[number];

/** By SMS when the transfer waits for a phone, else by e-mail; nothing once it no longer waits (claimed, back). */
async function send(deps: RecipientMessageDeps, m: DueMessage): Promise<'sms' | 'email' | 'none'> {
  if (m.status !== 'unclaimed' || m.expires_at === null) return 'none';
  const language = isLanguage(m.language) ? m.language : DEFAULT_LANGUAGE;
  const to = { phone: m.recipient_phone_number, email: m.recipient_email };
  const message = recipientMessage(language, m.kind, {
    // A sender who never gave a name is named by how they sign in: the recipient must know who sends.
    sender: `${m.first_name} ${m.last_name}`.trim() || m.sender_phone || m.sender_email || 'Sila',
    amount: (l) => amountIn(l, { amount: String(m.amount), currency: m.currency }),
    expiresAt: m.expires_at,
    link: signUpLink(deps.config.PUBLIC_URL, language, to),
  });
  if (to.phone !== null) {
    await deps.sms.send({ to: to.phone, body: message.text });
    return 'sms';
  }
  if (to.email !== null) {
    await deps.mail.send({ to: to.email, subject: message.subject, text: message.text });
    return 'email';
  }
  return 'none';
}

/**
 * One pass over the due recipient messages (run with the notification deliveries' pass: the same nudges and
 * polling), with the CHAIN_* lease, backoff and dead letters. Never throws for a message.
 */
export async function runRecipientMessages(
  deps: RecipientMessageDeps,
  log?: WorkerLog,
): Promise<{ sent: number; failed: number; dead: number }> {
  const { config } = deps;
  const result = { sent: 0, failed: 0, dead: 0 };
  for (;;) {
    const due = await leaseDueMessages(deps.db, {
      limit: config.CHAIN_WORKER_BATCH,
      leaseSeconds: config.CHAIN_LEASE_SECONDS,
    });
    for (const message of due) {
      try {
        const channel = await send(deps, message);
        await deps.db
          .updateTable('recipient_messages')
          .set({ done_at: sql<Date>`now()`, last_error: null, channel })
          .where('id', '=', message.id)
          .execute();
        result.sent++;
      } catch (error) {
        result.failed++;
        const delay = retryDelayMs(message.attempts, config.CHAIN_RETRY_BASE_MS, config.CHAIN_RETRY_MAX_MS);
        const reason = reasonOf(error);
        if (await markFailed(deps.db, 'recipient_messages', message.id, delay, reason, config.CHAIN_MAX_ATTEMPTS)) {
          result.dead++;
          log?.error(
            { recipientMessageId: message.id, kind: message.kind, attempts: message.attempts, lastError: reason },
            'recipient message: gave up after CHAIN_MAX_ATTEMPTS (dead letter)',
          );
        }
      }
    }
    if (due.length < config.CHAIN_WORKER_BATCH) return result;
  }
}
