import type pg from 'pg';

/**
 * Public-ledger records for plan checks: `perAgency` records naming one agency address (half
 * sent by customers to it, half from it), as many again between 1,000 other customer addresses, and 5 records of
 * one customer address. Raw rows (hashes and signatures are placeholders): for a scratch database only, never
 * for one whose chain is verified. Ends with ANALYZE, as autovacuum would after such a load.
 */
export async function seedAddressRecords(
  pool: pg.Pool,
  perAgency: number,
): Promise<{ agency: string; customer: string; unknown: string; total: number }> {
  const hex = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
  const agency = hex(0xa9e);
  const customer = hex(0xc0ffee);
  const unknown = hex(0xdead);
  await pool.query(
    `INSERT INTO chain_records (seq, record_id, payload, prev_hash, hash, signature)
     SELECT i, 'seed-' || i,
            CASE WHEN i <= $2 AND i % 2 = 0 THEN jsonb_build_object('from', $1::text, 'to', '0x' || lpad(to_hex(i % 1000), 40, '0'), 'amount', '100.00')
                 WHEN i <= $2 THEN jsonb_build_object('from', '0x' || lpad(to_hex(i % 1000), 40, '0'), 'to', $1::text, 'amount', '100.00')
                 ELSE jsonb_build_object('from', '0x' || lpad(to_hex(i % 1000), 40, '0'), 'to', '0x' || lpad(to_hex((i + 7) % 1000), 40, '0'), 'amount', '1.00')
            END,
            md5((i - 1)::text), md5(i::text), 'sig'
       FROM generate_series(1, 2 * $2) AS i`,
    [agency, perAgency],
  );
  await pool.query(
    `INSERT INTO chain_records (seq, record_id, payload, prev_hash, hash, signature)
     SELECT 2 * $2 + i, 'seed-c-' || i, jsonb_build_object('from', $1::text, 'to', '0x' || lpad('1', 40, '0'), 'amount', '5.00'),
            md5('c' || (i - 1)), md5('c' || i), 'sig'
       FROM generate_series(1, 5) AS i`,
    [customer, perAgency],
  );
  await pool.query('ANALYZE chain_records');
  return { agency, customer, unknown, total: 2 * perAgency + 5 };
}
