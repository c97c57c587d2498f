import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { insertAnchorJob } from './anchor-outbox.repository.ts';

/**
 * Queues the public-ledger record of a completed transaction. Call it in the database transaction that writes
 * the transaction's ledger entry (the transactional outbox): the job commits with the money or not at all, and a
 * chain outage only delays the `tx_id`, it never fails the transfer.
 */
export async function enqueueAnchor(tx: Transaction<Database>, job: { transactionId: string }): Promise<void> {
  await insertAnchorJob(tx, job.transactionId);
}
