import { sql, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Serialises transactions about one thing (a sign-in identifier, a seed run) across every API process, until
 * the transaction ends. Keys are texts hashed to PostgreSQL's 64-bit advisory lock space.
 */
export async function lockFor(tx: Transaction<Database>, key: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(tx);
}
