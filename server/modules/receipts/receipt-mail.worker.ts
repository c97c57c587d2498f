import { sql } from 'kysely';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../common/i18n/languages.ts';
import { stableMessageId } from '../../adapters/mail/mail-adapter.ts';
import { leaseDue, markFailed } from '../../jobs/outbox-queue.ts';
import { outageTracker, reasonOf, type WorkerLog } from '../../jobs/worker-log.ts';
import { retryDelayMs } from '../anchoring/anchor-worker.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { receiptMailTexts } from './receipt-mail-texts.ts';
import { receiptFor } from './receipt.service.ts';

interface DueReceipt {
  id: string;
  transaction_id: string;
  user_id: string;
  email: string | null;
  verified: boolean;
  language: string;
  attempts: number;
}

async function dueRows(deps: ServiceDeps, ids: string[]): Promise<DueReceipt[]> {
  const { rows } = await sql<DueReceipt>`
    SELECT r.id::text, r.transaction_id::text, r.user_id::text, u.email, u.email_verified_at IS NOT NULL AS verified,
           u.language, r.attempts
      FROM receipt_mails r JOIN users u ON u.id = r.user_id
     WHERE r.id = ANY(${ids}::bigint[]) ORDER BY r.id`.execute(deps.db);
  return rows;
}

const markDone = (deps: ServiceDeps, id: string) =>
  sql`UPDATE receipt_mails SET done_at = now(), last_error = NULL WHERE id = ${id}`.execute(deps.db);

/**
 * One receipt: the PDF of the transaction as its payer sees it (receiptFor, the endpoint's own renderer), in
 * their language of the moment, attached to a short e-mail to the address they proved. An address removed or no
 * longer proved since the payment: nothing is sent (done).
 */
async function mailReceipt(deps: ServiceDeps, row: DueReceipt): Promise<boolean> {
  if (row.email === null || !row.verified) return false;
  const language = isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE;
  const payer = { id: row.user_id, role: 'customer' as const, agencyId: null, sessionId: 'receipt-mail' };
  const receipt = await receiptFor(deps, payer, row.transaction_id, language);
  const reference = receiptReference(row.transaction_id);
  const texts = receiptMailTexts[language];
  await deps.mail.send({
    to: row.email,
    subject: texts.subject(reference),
    text: texts.body(reference),
    attachments: [{ filename: receipt.filename, contentType: 'application/pdf', content: receipt.pdf }],
    messageId: receiptMessageId(deps.config, row.transaction_id),
  });
  return true;
}

const receiptReference = (transactionId: string) => `TX-${transactionId.padStart(8, '0')}`;

/** The one Message-ID of a transaction's receipt mail, the same at every attempt. */
export const receiptMessageId = (config: ServiceDeps['config'], transactionId: string) =>
  stableMessageId('receipt', receiptReference(transactionId), config);

/**
 * One pass over the due receipt mails (lease with SKIP LOCKED, so two workers never take the same row; backoff
 * and dead letters with the CHAIN_* settings like the other outboxes). Never throws for one mail.
 *
 * Delivery is at least once, by choice (ADR 016): exactly once over SMTP is impossible, since a worker can die
 * after the server accepted the message and before the row is marked done, and nothing tells it afterwards whether
 * the mail left. Losing a receipt is worse than sending it twice, so such a row is sent again, but only after its
 * lease (RECEIPT_MAIL_LEASE_SECONDS, longer than the SMTP transport's bounded waits) has ended, so two live workers
 * never send it at the same time; and every attempt carries the same Message-ID (receiptMessageId), so the copy is
 * recognisably the same message and mail servers and clients that dedupe by Message-ID show it once.
 */
export async function runReceiptMails(
  deps: ServiceDeps,
  log?: WorkerLog,
  options: { cpuShare?: number } = {},
): Promise<{ sent: number; skipped: number; failed: number; dead: number }> {
  const { config } = deps;
  const share = options.cpuShare ?? 1;
  const result = { sent: 0, skipped: 0, failed: 0, dead: 0 };
  for (;;) {
    const ids = await leaseDue(deps.db, 'receipt_mails', {
      limit: config.CHAIN_WORKER_BATCH,
      leaseSeconds: config.RECEIPT_MAIL_LEASE_SECONDS,
    });
    if (ids.length === 0) return result;
    for (const row of await dueRows(deps, ids)) {
      const cpuBefore = process.cpuUsage();
      try {
        if (await mailReceipt(deps, row)) result.sent++;
        else result.skipped++;
        await markDone(deps, row.id);
      } catch (error) {
        result.failed++;
        const attempts = row.attempts;
        const delay = retryDelayMs(attempts, config.CHAIN_RETRY_BASE_MS, config.CHAIN_RETRY_MAX_MS);
        const reason = reasonOf(error);
        if (await markFailed(deps.db, 'receipt_mails', row.id, delay, reason, config.CHAIN_MAX_ATTEMPTS)) {
          result.dead++;
          log?.error(
            { receiptMailId: row.id, transactionId: row.transaction_id, attempts, lastError: reason },
            'receipt mail: gave up after CHAIN_MAX_ATTEMPTS (dead letter)',
          );
        }
      }
      if (share < 1) {
        // A duty cycle: rest in proportion to the CPU this mail took, so the process averages at most `share` of a
        // core whatever the scheduler does (nice alone did not keep it off the sends: ADR 016).
        const used = process.cpuUsage(cpuBefore);
        const usedMs = (used.user + used.system) / 1000;
        await new Promise((resolve) => setTimeout(resolve, (usedMs * (1 - share)) / share));
      }
    }
    if (ids.length < config.CHAIN_WORKER_BATCH) return result;
  }
}

/**
 * The receipt mails' poller: a pass every CHAIN_WORKER_INTERVAL_MS, in a worker process only (`npm run worker`, or
 * the `worker.ts --receipts` process `npm start` forks at nice 19: server/receipt-mail-process.ts), never in an API
 * process, whatever CHAIN_WORKER says. A PDF costs milliseconds of CPU: rendered by the API process of
 * bench/send-throughput.ts (every bench user has a proved e-mail, so every send is a receipt) it took the server's
 * CPU per send from 1.0 to 2.2 ms and the throughput from 310 to 170 sends/s on this machine. Until a worker runs,
 * receipts wait in their outbox (nothing is lost).
 */
export function startReceiptMails(
  deps: ServiceDeps,
  log: WorkerLog,
  options: { cpuShare?: number } = {},
): () => Promise<void> {
  const database = outageTracker(log, 'receipt mails: the database');
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const pass = () => {
    running = runReceiptMails(deps, log, options)
      .then(() => database.up())
      .catch((error: unknown) => database.down(error))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(pass, deps.config.CHAIN_WORKER_INTERVAL_MS);
      });
  };
  timer = setTimeout(pass, deps.config.CHAIN_WORKER_INTERVAL_MS);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
