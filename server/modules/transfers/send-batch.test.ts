import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericMessages } from '../../../common/api/messages.ts';
import { ensureRates, otherCode, testEnv } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { checkLedger } from '../../ledger/ledger-check.ts';
import { balanceOf, create, customer, newKey, recipientOf, type Customer } from './transactions.fixtures.ts';

/**
 * Group commit of sends (SEND_BATCH): sends that arrive together are written by one statement and one commit, and
 * each still gets the answer it would get alone. One write at a time (SEND_BATCH_IN_FLIGHT=1), so a burst queues
 * behind the first send and leaves as batches. A batch is seen from outside by its one transaction: the rows it
 * wrote share their created_at (the transaction's start), where sends written alone each have their own.
 */
let batched: TestApp;
let alone: TestApp;
beforeAll(async () => {
  [batched, alone] = await Promise.all([
    startTestApp({ env: { ...testEnv, SEND_BATCH: 'on', SEND_BATCH_IN_FLIGHT: '1' } }),
    startTestApp({ env: { ...testEnv, SEND_BATCH: 'off' } }),
  ]);
  await ensureRates(batched);
});
afterAll(async () => {
  await Promise.all([batched.close(), alone.close()]);
});

/** `n` funded senders, each with a registered recipient of their own. */
async function pairs(t: TestApp, n: number, balance = 100_00n) {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const sender = await customer(t, balance);
      const recipient = await customer(t);
      const contact = await recipientOf(t, sender, { email: recipient.email });
      return { sender, recipient, contact };
    }),
  );
}

async function writes(t: TestApp, senders: Customer[]): Promise<{ rows: number; transactions: number }> {
  // The start as PostgreSQL keeps it, to the microsecond: read into a Date it keeps milliseconds, where sends written
  // alone in one burst often share one.
  const rows = await t.database.db
    .selectFrom('transactions')
    .select(sql<string>`created_at::text`.as('started'))
    .where(
      'sender_user_id',
      'in',
      senders.map((s) => String(s.userId)),
    )
    .execute();
  return { rows: rows.length, transactions: new Set(rows.map((r) => r.started)).size };
}

describe('sends written together', () => {
  it('a burst of sends: each 201 with its own row and balances, fewer commits than sends, the ledger balanced', async () => {
    const all = await pairs(batched, 16);
    const answers = await Promise.all(
      all.map(({ sender, contact }, i) => create(batched, sender, { amount: `${i + 1}.00`, contact }, newKey())),
    );
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(16);
    for (const [i, { sender, recipient }] of all.entries()) {
      expect(await balanceOf(batched, sender)).toBe(`${100 - (i + 1)}.00`);
      expect(await balanceOf(batched, recipient)).toBe(`${i + 1}.00`);
    }
    const w = await writes(
      batched,
      all.map((p) => p.sender),
    );
    expect(w.rows).toBe(16);
    // Behind the first send, the other fifteen left in a few writes (alone, they start apart: see the last test).
    expect(w.transactions).toBeLessThanOrEqual(8);
    expect((await checkLedger(batched.database.db)).problems).toEqual([]);
  });

  it('each send of a batch gets its own refusal, and a refused one leaves nothing behind', async () => {
    const [ok, poor, wrongCode, twice, conflict, frozen] = await pairs(batched, 6, 10_00n);
    if (!ok || !poor || !wrongCode || !twice || !conflict || !frozen) throw new Error('six pairs');
    await batched.database.db
      .updateTable('users')
      .set({ frozen_at: new Date() })
      .where('id', '=', String(frozen.sender.userId))
      .execute();
    const twiceKey = newKey();
    const conflictKey = newKey();
    const poorKey = newKey();
    // A first send occupies the one write; the rest arrive while it is written and leave together.
    const first = create(batched, ok.sender, { amount: '1.00', contact: ok.contact }, newKey());
    const [okAnswer, ...rest] = await Promise.all([
      first,
      create(batched, poor.sender, { amount: '50.00', contact: poor.contact }, poorKey),
      create(
        batched,
        wrongCode.sender,
        { amount: '1.00', contact: wrongCode.contact, security_code: otherCode('135790') },
        newKey(),
      ),
      create(batched, twice.sender, { amount: '2.00', contact: twice.contact }, twiceKey),
      create(batched, twice.sender, { amount: '2.00', contact: twice.contact }, twiceKey),
      create(batched, conflict.sender, { amount: '3.00', contact: conflict.contact }, conflictKey),
      create(batched, conflict.sender, { amount: '4.00', contact: conflict.contact }, conflictKey),
      create(batched, frozen.sender, { amount: '1.00', contact: frozen.contact }, newKey()),
    ]);
    const [poorAnswer, wrongAnswer, twice1, twice2, conflict1, conflict2, frozenAnswer] = rest;
    expect(okAnswer?.status).toBe(201);
    // Not enough funds: the usual field error, and the key is free again (nothing of the send was kept).
    expect(poorAnswer?.status).toBe(400);
    expect(poorAnswer?.body).toHaveProperty('amount');
    expect((await create(batched, poor.sender, { amount: '5.00', contact: poor.contact }, poorKey)).status).toBe(201);
    // A wrong code is counted, as it is alone.
    expect(wrongAnswer?.status).toBe(400);
    const counted = await batched.database.db
      .selectFrom('users')
      .select('security_code_failures')
      .where('id', '=', String(wrongCode.sender.userId))
      .executeTakeFirstOrThrow();
    expect(Number(counted.security_code_failures)).toBe(1);
    // One key twice: one send, the same answer twice.
    expect([twice1?.status, twice2?.status]).toEqual([201, 201]);
    expect(twice1?.body.id).toBe(twice2?.body.id);
    expect(await balanceOf(batched, twice.sender)).toBe('8.00');
    // One key for two different sends: the first is sent, the second refused.
    expect([conflict1?.status, conflict2?.status].sort()).toEqual([201, 409]);
    expect([conflict1, conflict2].find((a) => a?.status === 409)?.body).toEqual({
      detail: genericMessages.idempotencyConflict,
    });
    expect(await balanceOf(batched, conflict.sender)).toMatch(/^(7|6)\.00$/);
    expect(frozenAnswer?.status).toBe(403);
    expect(await balanceOf(batched, frozen.sender)).toBe('10.00');
    expect((await checkLedger(batched.database.db)).problems).toEqual([]);
  });

  it('SEND_BATCH=off: every send of a burst is its own transaction', async () => {
    const all = await pairs(alone, 8);
    const answers = await Promise.all(
      all.map(({ sender, contact }) => create(alone, sender, { amount: '1.00', contact }, newKey())),
    );
    for (const answer of answers) expect(answer.status).toBe(201);
    const w = await writes(
      alone,
      all.map((p) => p.sender),
    );
    expect(w.rows).toBe(8);
    // Each its own transaction: two may still start in the same microsecond.
    expect(w.transactions).toBeGreaterThanOrEqual(7);
  });
});
