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

const txIdOf = async (p: AnchorPayload): Promise<string> => {
  const [outcome] = await t.app.services.chain.record([p]);
  if (!outcome?.ok) throw new Error('not recorded');
  return outcome.txId;
};

describe('the built-in ledger', () => {
  it('appends a batch once per record id, chained in order, under concurrent and overlapping batches', async () => {
    const records = Array.from({ length: 20 }, (_, i) => payload(i + 1));
    const { chain } = t.app.services;
    // Overlapping batches at once (as several workers after a lease expired), one of them naming an id twice,
    // and single records in between.
    const batches = [
      records.slice(0, 8),
      records.slice(4, 12),
      records.slice(8, 16),
      [...records.slice(12, 20), ...records.slice(12, 14)],
      ...records
        .slice(0, 20)
        .filter((_, i) => i % 5 === 0)
        .map((p) => [p]),
    ];
    const answers = await Promise.all(batches.map((batch) => chain.record(batch)));
    const txIds = new Map<string, string>();
    batches.forEach((batch, b) =>
      batch.forEach((p, i) => {
        const outcome = answers[b]?.[i];
        expect(outcome?.ok).toBe(true);
        const txId = outcome?.ok ? outcome.txId : '';
        expect(txIds.get(p.reference_hash) ?? txId).toBe(txId);
        txIds.set(p.reference_hash, txId);
      }),
    );
    expect(txIds.size).toBe(20);

    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('chain_records')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    // Again, as a retry after a crash between publishing and storing: the same tx_ids, nothing appended.
    const again = await chain.record(records);
    expect(again).toEqual(records.map((p) => ({ ok: true, txId: txIds.get(p.reference_hash) })));
    expect(await count()).toBe(before);

    const rows = await t.database.db
      .selectFrom('chain_records')
      .select(['seq', 'record_id', 'prev_hash', 'hash'])
      .orderBy('seq')
      .execute();
    const seqs = rows.map((r) => Number(r.seq));
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    // No fork: every record links to the one before it.
    rows.forEach((row, i) => expect(row.prev_hash).toBe(i === 0 ? '0'.repeat(64) : rows[i - 1]?.hash));
    for (const p of records) {
      const mine = rows.filter((r) => r.record_id === p.reference_hash);
      expect(mine.map((r) => r.hash)).toEqual([txIds.get(p.reference_hash)]);
    }

    // One batch of new records takes consecutive places, in its own order.
    const fresh = Array.from({ length: 5 }, (_, i) => payload(40 + i));
    await chain.record(fresh);
    const freshIds = fresh.map((p) => p.reference_hash);
    const placed = await t.database.db
      .selectFrom('chain_records')
      .select(['seq', 'record_id'])
      .where('record_id', 'in', freshIds)
      .orderBy('seq')
      .execute();
    expect(placed.map((r) => r.record_id)).toEqual(freshIds);
    expect(Number(placed.at(-1)?.seq) - Number(placed[0]?.seq)).toBe(4);
  });

  it('appends nothing of a batch whose transaction fails, and the retry appends it whole', async () => {
    const batch = [payload(31), payload(32), payload(33)];
    const { chain } = t.app.services;
    // A NUL character, which jsonb refuses, makes the multi-row INSERT fail after the first record was chained.
    const [first, second, third] = batch as [AnchorPayload, AnchorPayload, AnchorPayload];
    await expect(chain.record([first, { ...second, currency: 'MAD\u0000' }, third])).rejects.toThrow();
    const ids = batch.map((p) => p.reference_hash);
    const found = await t.database.db
      .selectFrom('chain_records')
      .select('record_id')
      .where('record_id', 'in', ids)
      .execute();
    expect(found).toEqual([]);
    const outcomes = await chain.record(batch);
    expect(outcomes.every((o) => o.ok)).toBe(true);
  });

  it('refuses updates and deletes (append-only trigger)', async () => {
    await txIdOf(payload(99));
    // As the owner, whom no privilege stops: the trigger does.
    await expect(sql`UPDATE chain_records SET signature = 'x' WHERE seq = 1`.execute(t.owner.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM chain_records WHERE seq = 1`.execute(t.owner.db)).rejects.toThrow(/append-only/);
  });

  it('chain:verify passes on the intact chain and fails, non-zero, once a row is edited', async () => {
    const txId = await txIdOf(payload(7));
    const intact = await verify(t.database.db);
    expect(intact.code, intact.lines.join('\n')).toBe(0);
    expect(intact.lines).toContain('Chain OK');

    const rollback = new Error('rollback');
    await expect(
      withTransaction(t.owner.db, async (tx) => {
        // A superuser's path around the trigger, inside a transaction that is rolled back.
        await sql`SET LOCAL session_replication_role = replica`.execute(tx);
        await sql`UPDATE chain_records SET payload = jsonb_set(payload, '{amount}', '"9999.00"') WHERE hash = ${txId}`.execute(
          tx,
        );
        const tampered = await verify(tx);
        expect(tampered.code).toBe(1);
        expect(tampered.lines.join('\n')).toMatch(/hash does not match its payload/);
        const page = await import('../../modules/explorer/explorer.service.ts');
        const { parseSigningKey } = await import('../../security/signing-key.ts');
        const view = await page.recordView({ db: tx }, parseSigningKey(t.config.CHAIN_SIGNING_KEY).publicKey, txId);
        expect(view?.verified).toBe(false);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect((await verify(t.database.db)).code).toBe(0);
  });
});
