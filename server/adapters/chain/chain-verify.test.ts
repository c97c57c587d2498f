import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainVerifyCommand } from '../../cli/commands/chain-verify.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import type { AnchorPayload } from './chain-adapter.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const payload = (n: number): AnchorPayload => ({
  v: '1',
  reference_hash: `0x${n.toString(16).padStart(8, '0')}${'a'.repeat(56)}${Math.random().toString(16).slice(2, 10)}`,
  kind: 'transfer',
  from: `0x${'1'.repeat(40)}`,
  to: `0x${'2'.repeat(40)}`,
  amount: `${n}.00`,
  currency: 'MAD',
  time: new Date().toISOString(),
});

async function verify(db: TestApp['database']['db']): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await chainVerifyCommand.run({ db, args: [], out: (line) => lines.push(line), config: t.config });
  return { code, lines };
}

describe('the built-in ledger', () => {
  it('appends once per record id, chained to the previous record, under concurrency', async () => {
    const records = Array.from({ length: 20 }, (_, i) => payload(i + 1));
    const first = await Promise.all(records.map((p) => t.app.services.chain.record(p)));
    const again = await Promise.all(records.map((p) => t.app.services.chain.record(p)));
    expect(again).toEqual(first);
    const rows = await t.database.db
      .selectFrom('chain_records')
      .select(['seq', 'prev_hash', 'hash'])
      .orderBy('seq')
      .execute();
    const seqs = rows.map((r) => Number(r.seq));
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    expect(new Set(rows.map((r) => r.prev_hash)).size).toBe(rows.length);
  });

  it('refuses updates and deletes (append-only trigger)', async () => {
    await t.app.services.chain.record(payload(99));
    await expect(sql`UPDATE chain_records SET signature = 'x' WHERE seq = 1`.execute(t.database.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM chain_records WHERE seq = 1`.execute(t.database.db)).rejects.toThrow(/append-only/);
  });

  it('chain:verify passes on the intact chain and fails, non-zero, once a row is edited', async () => {
    const { txId } = await t.app.services.chain.record(payload(7));
    const intact = await verify(t.database.db);
    expect(intact.code, intact.lines.join('\n')).toBe(0);
    expect(intact.lines).toContain('Chain OK');

    const rollback = new Error('rollback');
    await expect(
      withTransaction(t.database.db, async (tx) => {
        // A superuser's path around the trigger, inside a transaction that is rolled back.
        await sql`SET LOCAL session_replication_role = replica`.execute(tx);
        await sql`UPDATE chain_records SET payload = jsonb_set(payload, '{amount}', '"9999.00"') WHERE hash = ${txId}`.execute(
          tx,
        );
        const tampered = await verify(tx);
        expect(tampered.code).toBe(1);
        expect(tampered.lines.join('\n')).toMatch(/hash does not match its payload/);
        const page = await import('../../modules/explorer/explorer.service.ts');
        const { parseSigningKey } = await import('./record-crypto.ts');
        const view = await page.recordView({ db: tx }, parseSigningKey(t.config.CHAIN_SIGNING_KEY).publicKey, txId);
        expect(view?.verified).toBe(false);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect((await verify(t.database.db)).code).toBe(0);
  });
});
