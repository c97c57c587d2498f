import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, uniquePhone } from '../../../tests/support/identity.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { fundWallet } from '../../../tests/support/factories.ts';
import { completedEvent, eurCents, postEvent, validated, startCardApp } from '../billing/billing.fixtures.ts';
import { create, customer, recipientOf, setCode } from '../transfers/transactions.fixtures.ts';
import { leaseDue } from '../../jobs/outbox-queue.ts';
import { receiptMessageId, runReceiptMails } from './receipt-mail.worker.ts';
import { pdfText } from './receipts.fixtures.ts';

/**
 * The receipt by e-mail. Queued by the database with the money (receipt_mails, migration 0350), rendered
 * and mailed by the worker in the payer's language, retried, sent once. The PDFs are written to .data/screenshots/
 * as PNG (pdftoppm) to be looked at.
 */
let t: TestApp;
beforeAll(async () => ({ t } = await startCardApp()));
afterAll(() => t.close());

interface Mail {
  subject: string | null;
  body: string;
  attachments?: { filename: string; content_type: string; base64: string }[] | null;
}

async function receiptMails(to: string): Promise<Mail[]> {
  const res = await call<{ results: Mail[] }>(t, 'GET', `/api/dev/outbox/?to=${encodeURIComponent(to)}`);
  return res.body.results.filter((m) => (m.attachments ?? []).length > 0);
}

const queued = async (transactionId: unknown) =>
  (
    await sql<{
      n: string;
    }>`SELECT count(*)::text AS n FROM receipt_mails WHERE transaction_id = ${String(transactionId)}`.execute(
      t.database.db,
    )
  ).rows[0]?.n;

describe('receipt by e-mail', () => {
  it('a completed send: queued with the money, mailed once with the PDF in the payer’s language', async () => {
    const alice = await customer(t, 500_00n);
    const bob = await customer(t);
    await sql`UPDATE users SET language = 'fr' WHERE id = ${String(alice.userId)}`.execute(t.database.db);
    const toBob = await recipientOf(t, alice, { email: bob.email });
    const sent = await create(t, alice, { amount: 120, contact: toBob });
    expect(sent.status).toBe(201);
    expect(await queued(sent.body.id)).toBe('1');
    // The recipient paid nothing: no receipt row for them, and a refused send (too much) queues nothing.
    const refused = await create(t, alice, { amount: 4_000, contact: toBob });
    expect(refused.status).toBe(400);

    expect((await runReceiptMails(t.app.services)).sent).toBeGreaterThanOrEqual(1);
    const mails = await receiptMails(alice.email);
    expect(mails).toHaveLength(1);
    const reference = `TX-${String(sent.body.id).padStart(8, '0')}`;
    expect(mails[0]?.subject).toBe(`Sila : Votre reçu ${reference}`);
    expect(mails[0]?.body).toContain('pièce jointe');
    expect(mails[0]?.attachments?.map((a) => [a.filename, a.content_type])).toEqual([
      [`receipt-${String(sent.body.id)}-fr.pdf`, 'application/pdf'],
    ]);
    const text = pdfText(Buffer.from(mails[0]?.attachments?.[0]?.base64 ?? '', 'base64'), 'receipt-mail-fr');
    expect(text).toMatch(/Reçu de transaction/);
    expect(text).toMatch(/120,00/);
    expect(await receiptMails(bob.email)).toEqual([]);

    // Exactly once: another pass sends nothing more.
    await runReceiptMails(t.app.services);
    expect(await receiptMails(alice.email)).toHaveLength(1);
  });

  it('in Arabic for an Arabic-speaking payer, retried after a mail failure and then sent once', async () => {
    const alice = await customer(t, 500_00n);
    await sql`UPDATE users SET language = 'ar' WHERE id = ${String(alice.userId)}`.execute(t.database.db);
    const nobody = await recipientOf(t, alice, { email: `nobody-${Date.now()}@example.com` });
    const bob = await customer(t);
    const sent = await create(t, alice, { amount: 75, contact: await recipientOf(t, alice, { email: bob.email }) });
    // An unregistered recipient: not complete until claimed, so not yet a receipt.
    const waiting = await create(t, alice, { amount: 10, contact: nobody });
    expect(waiting.body.status).toBe('unclaimed');
    expect(await queued(waiting.body.id)).toBe('0');

    const down = {
      ...t.app.services,
      mail: {
        builtIn: true,
        send: () => Promise.reject(new Error('SMTP down')),
      },
    };
    expect((await runReceiptMails(down)).failed).toBeGreaterThanOrEqual(1);
    const row = (
      await sql<{ attempts: number; last_error: string; done: boolean; later: boolean }>`
        SELECT attempts, last_error, done_at IS NOT NULL AS done, next_attempt_at > now() AS later
          FROM receipt_mails WHERE transaction_id = ${String(sent.body.id)}`.execute(t.database.db)
    ).rows[0];
    expect(row).toMatchObject({ attempts: 1, last_error: 'SMTP down', done: false, later: true });
    expect(await receiptMails(alice.email)).toEqual([]);

    await sql`UPDATE receipt_mails SET next_attempt_at = now() WHERE transaction_id = ${String(sent.body.id)}`.execute(
      t.database.db,
    );
    await runReceiptMails(t.app.services);
    await runReceiptMails(t.app.services);
    const mails = await receiptMails(alice.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`صلة: إيصالك \u2066TX-${String(sent.body.id).padStart(8, '0')}\u2069`);
    const text = pdfText(Buffer.from(mails[0]?.attachments?.[0]?.base64 ?? '', 'base64'), 'receipt-mail-ar');
    expect(text).toMatch(/إيصال/);
  });

  it('a top-up mails its payer; a payer with no proved e-mail gets none', async () => {
    const alice = await customer(t);
    const { exchange, session } = await validated(t, alice, '100.00');
    expect((await postEvent(t, completedEvent(session, eurCents(exchange.total_amount)))).status).toBe(200);
    await runReceiptMails(t.app.services);
    const mails = await receiptMails(alice.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/TX-\d{8}/);

    // Signed in by phone: no e-mail to mail to, so nothing is queued for their send.
    const phone = await signIn(t, { phone_number: uniquePhone() });
    await setCode(t, phone);
    await sql`UPDATE users SET email = NULL WHERE id = ${String(phone.userId)}`.execute(t.database.db);
    const bob = await customer(t);
    await fundWallet(t.database.db, phone.userId, 100_00n);
    const sent = await create(t, phone, { amount: 20, contact: await recipientOf(t, phone, { email: bob.email }) });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(await queued(sent.body.id)).toBe('0');
  });
});

describe('receipt mails: at least once, recognisably the same message', () => {
  it('one Message-ID at every attempt; a leased row waits for its lease to end; then it is sent once', async () => {
    const alice = await customer(t, 500_00n);
    const bob = await customer(t);
    const sent = await create(t, alice, { amount: 12, contact: await recipientOf(t, alice, { email: bob.email }) });
    expect(sent.body.status).toBe('completed');
    const transactionId = String(sent.body.id);
    const onlyThis = sql<boolean>`transaction_id = ${transactionId}`;
    const row = async () =>
      (
        await sql<{ attempts: number; done: boolean; lease_left: number }>`
          SELECT attempts, done_at IS NOT NULL AS done,
                 extract(epoch FROM next_attempt_at - now())::float8 AS lease_left
            FROM receipt_mails WHERE transaction_id = ${transactionId}`.execute(t.database.db)
      ).rows[0];
    const expire = () =>
      sql`UPDATE receipt_mails SET next_attempt_at = now() WHERE transaction_id = ${transactionId}`.execute(
        t.database.db,
      );

    // Every attempt's Message-ID and, while it is being sent, how long the row stays leased to this worker.
    const ids: (string | undefined)[] = [];
    const leases: number[] = [];
    let refuse = true;
    const watching = {
      ...t.app.services,
      mail: {
        builtIn: true,
        async send(message: Parameters<typeof t.app.services.mail.send>[0]) {
          if (message.to !== alice.email) return t.app.services.mail.send(message);
          ids.push(message.messageId);
          leases.push((await row())?.lease_left ?? 0);
          if (refuse) throw new Error('SMTP answered 451');
          return t.app.services.mail.send(message);
        },
      },
    };

    // A first attempt that fails: rescheduled, not done.
    await runReceiptMails(watching);
    expect(ids).toHaveLength(1);
    // Sent under the receipt lease (300 s by default), not the 60 s of the chain's.
    expect(leases[0]).toBeGreaterThan(t.config.RECEIPT_MAIL_LEASE_SECONDS - 30);
    expect(await row()).toMatchObject({ attempts: 1, done: false });

    // A worker that leased the row and died mid-send (the SMTP server may have accepted it): nobody sends it
    // again until its lease ends.
    await expire();
    expect(
      await leaseDue(t.database.db, 'receipt_mails', { limit: 1, leaseSeconds: 300, where: onlyThis }),
    ).toHaveLength(1);
    refuse = false;
    await runReceiptMails(watching);
    expect(ids).toHaveLength(1);
    expect(await row()).toMatchObject({ attempts: 2, done: false });

    // The lease ends: sent, with the same Message-ID as the first attempt, and done.
    await expire();
    await runReceiptMails(watching);
    await runReceiptMails(watching);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[0]).toBe(receiptMessageId(t.config, transactionId));
    expect(ids[0]).toMatch(/^<receipt\.TX-\d{8}\.[0-9a-f]{12}@wallet\.localhost>$/);
    expect(await row()).toMatchObject({ attempts: 3, done: true });
    expect(await receiptMails(alice.email)).toHaveLength(1);
  });
});
