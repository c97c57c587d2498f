import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCommand } from '../../../../cli/admin-command.ts';
import { payoutsExportCommand, payoutsImportCommand } from '../../../../cli/commands/payouts.ts';
import { payoutMessages } from '../../../../../common/api/payouts.ts';
import { SANDBOX_TEST_RIBS } from '../../../../adapters/payout-partner/sandbox-payout-partner.ts';
import { call, ensureRates, testEnv } from '../../../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../../../tests/support/test-app.ts';
import { checkLedger } from '../../../../ledger/ledger-check.ts';
import { agency, balanceOf, create, customer, recipientOf, type Customer } from '../../transactions.fixtures.ts';

/** A bank deposit to a recipient's Moroccan account: the send, its guards and confirmation of payee. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ...testEnv, PAYOUT_CUTOFF: '14:00', PAYOUT_HOLIDAYS: '2031-01-02' } });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

const RIB = '007780000123456789012396';

async function pendingBalance(): Promise<string> {
  const row = await t.database.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('kind', '=', 'bank_payouts_pending')
    .executeTakeFirstOrThrow();
  return String(row.balance);
}

let phones = 0;
/** A recipient of `s` named Fatima Zahra with a RIB (each with a phone of their own: a customer's are unique). */
async function withRib(s: Customer, rib = RIB): Promise<number> {
  phones += 1;
  const phone = `+2126123${String(phones).padStart(5, '0')}`;
  return recipientOf(t, s, { first_name: 'Fatima', last_name: 'Zahra', phone_number: phone, rib });
}

describe('sending a bank deposit', () => {
  it('moves the amount to bank payouts pending in one entry, processing, with the expected arrival date', async () => {
    const alice = await customer(t, 200_00n);
    const contact = await withRib(alice);
    const before = BigInt(await pendingBalance());
    const res = await create(t, alice, { amount: 50, contact, delivery: 'bank_deposit' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      status: 'processing',
      category: 'sending',
      delivery: 'bank_deposit',
      amount: '50.00',
      payout: {
        method: 'bank_deposit',
        rib: RIB,
        bank: expect.any(String),
        holder_name: 'FATIMA ZAHRA',
        payee_check: 'match',
        return_reason: null,
      },
    });
    const arrival = (res.body.payout as { expected_arrival: string }).expected_arrival;
    expect(arrival).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Date.parse(arrival)).toBeGreaterThan(Date.now() - 86_400_000);
    expect(await balanceOf(t, alice)).toBe('150.00');
    expect(BigInt(await pendingBalance()) - before).toBe(50_00n);
    const entries = await t.database.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('reference_type', '=', 'transaction')
      .where('reference_id', '=', String(res.body.id))
      .execute();
    expect(entries).toHaveLength(1);
    // The detail and the history say the same.
    const detail = await call(t, 'GET', `/api/transactions/${String(res.body.id)}/`, { token: alice.token });
    expect(detail.body).toMatchObject({ status: 'processing', payout: { expected_arrival: arrival } });
    const list = await call<{ results: { id: number; delivery?: string }[] }>(
      t,
      'GET',
      '/api/transactions/?category=sending',
      { token: alice.token },
    );
    expect(list.body.results.find((r) => r.id === res.body.id)?.delivery).toBe('bank_deposit');
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('refuses a recipient without a RIB and an agency, on the contact field, moving nothing', async () => {
    const alice = await customer(t, 100_00n);
    const noRib = await recipientOf(t, alice, { phone_number: '+212612399001' });
    const res = await create(t, alice, { amount: 20, contact: noRib, delivery: 'bank_deposit' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ contact: [payoutMessages.noRib] });
    const agencyId = await agency(t);
    const toAgency = await create(t, alice, { amount: 20, contact: agencyId, delivery: 'bank_deposit' });
    expect(toAgency.status).toBe(400);
    expect(await balanceOf(t, alice)).toBe('100.00');
  });

  it('passes the guards of every send: bounds, balance, wrong code', async () => {
    const alice = await customer(t, 30_00n);
    const contact = await withRib(alice);
    expect((await create(t, alice, { amount: 0.5, contact, delivery: 'bank_deposit' })).status).toBe(400);
    const broke = await create(t, alice, { amount: 40, contact, delivery: 'bank_deposit' });
    expect(broke.status).toBe(400);
    const wrongCode = await create(t, alice, {
      amount: 10,
      contact,
      delivery: 'bank_deposit',
      security_code: '000000',
    });
    expect(wrongCode.status).toBeGreaterThanOrEqual(400);
    expect(wrongCode.status).toBeLessThan(500);
    expect(await balanceOf(t, alice)).toBe('30.00');
  });

  it('replays an Idempotency-Key: one deposit, one debit; another body under the key is a 409', async () => {
    const alice = await customer(t, 100_00n);
    const contact = await withRib(alice);
    const body = { amount: 25, contact, delivery: 'bank_deposit' };
    const first = await create(t, alice, body, 'bank-deposit-key-1');
    const again = await create(t, alice, body, 'bank-deposit-key-1');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await balanceOf(t, alice)).toBe('75.00');
    expect((await create(t, alice, { ...body, amount: 26 }, 'bank-deposit-key-1')).status).toBe(409);
  });
});

describe('confirmation of payee', () => {
  it('answers match, close match with the bank name, no match and could not be checked before the code', async () => {
    const alice = await customer(t);
    const answers: Record<string, unknown> = {};
    for (const [name, rib] of Object.entries({ match: RIB, ...SANDBOX_TEST_RIBS })) {
      const contact = await withRib(alice, rib);
      const res = await call(t, 'POST', '/api/transactions/payee-check/', { token: alice.token, body: { contact } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      answers[name] = res.body;
    }
    expect(answers.match).toMatchObject({ result: 'match', holder_name: 'FATIMA ZAHRA', needs_confirmation: false });
    expect(answers.closeMatch).toMatchObject({
      result: 'close_match',
      bank_holder_name: 'F ZAHRA',
      needs_confirmation: true,
    });
    expect(answers.noMatch).toMatchObject({ result: 'no_match', needs_confirmation: true });
    expect(answers.unavailable).toMatchObject({ result: 'unavailable', needs_confirmation: false });
    expect((answers.match as { expected_arrival: string }).expected_arrival).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("refuses another customer's recipient and a recipient without a RIB", async () => {
    const alice = await customer(t);
    const bob = await customer(t);
    const contact = await withRib(alice);
    const other = await call(t, 'POST', '/api/transactions/payee-check/', { token: bob.token, body: { contact } });
    expect(other.status).toBe(400);
    const noRib = await recipientOf(t, alice, { phone_number: '+212612399002' });
    const none = await call(t, 'POST', '/api/transactions/payee-check/', {
      token: alice.token,
      body: { contact: noRib },
    });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ contact: [payoutMessages.noRib] });
  });

  it('a name the bank does not confirm goes only with confirm_payee', async () => {
    const alice = await customer(t, 100_00n);
    const contact = await withRib(alice, SANDBOX_TEST_RIBS.noMatch);
    const refused = await create(t, alice, { amount: 10, contact, delivery: 'bank_deposit' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ confirm_payee: [payoutMessages.confirmPayee] });
    expect(await balanceOf(t, alice)).toBe('100.00');
    const sent = await create(t, alice, { amount: 10, contact, delivery: 'bank_deposit', confirm_payee: true });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ payout: { payee_check: 'no_match' } });
  });
});

describe('payment files', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'payouts-'));
  const schema = fileURLToPath(
    new URL('../../../../adapters/payout-partner/fixtures/schemas/pain.001.001.09.xsd', import.meta.url),
  );
  const run = async (command: AdminCommand, args: string[]) => {
    const lines: string[] = [];
    const code = await command.run({ db: t.database.db, args, out: (l) => lines.push(l), config: t.config });
    return { code, text: lines.join('\n') };
  };
  const statusOf = async (id: unknown) =>
    (await call(t, 'GET', `/api/transactions/${String(id)}/`, { token: owner.token })).body;
  let owner: Customer;

  it('exports every waiting deposit once into a valid pain.001, then imports settled and rejected lines once', async () => {
    owner = await customer(t, 300_00n);
    const settled = await create(t, owner, { amount: 60, contact: await withRib(owner), delivery: 'bank_deposit' });
    const rejected = await create(t, owner, { amount: 40, contact: await withRib(owner), delivery: 'bank_deposit' });
    expect(await balanceOf(t, owner)).toBe('200.00');
    const file = path.join(dir, 'first.xml');
    const exported = await run(payoutsExportCommand, ['--out', file]);
    expect(exported.code, exported.text).toBe(0);
    const xml = readFileSync(file, 'utf8');
    expect(xml).toContain(`<EndToEndId>SILA-${String(settled.body.id)}</EndToEndId>`);
    expect(xml).toContain(`<EndToEndId>SILA-${String(rejected.body.id)}</EndToEndId>`);
    await promisify(execFile)('xmllint', ['--noout', '--schema', schema, file]);
    expect(await statusOf(settled.body.id)).toMatchObject({ status: 'submitted' });
    // Nothing new: no second file, never the same deposit twice.
    const second = path.join(dir, 'second.xml');
    const again = await run(payoutsExportCommand, ['--out', second]);
    expect(again.code).toBe(0);
    expect(again.text).toContain('Nothing to send');
    expect(existsSync(second)).toBe(false);

    const messageId = /<MsgId>([^<]+)<\/MsgId>/.exec(xml)?.[1] ?? '';
    const report = path.join(dir, 'report.xml');
    writeFileSync(
      report,
      `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10"><CstmrPmtStsRpt><GrpHdr><MsgId>BANK-1</MsgId><CreDtTm>2026-11-30T10:00:00</CreDtTm></GrpHdr><OrgnlGrpInfAndSts><OrgnlMsgId>${messageId}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId></OrgnlGrpInfAndSts><OrgnlPmtInfAndSts><OrgnlPmtInfId>${messageId}</OrgnlPmtInfId><TxInfAndSts><OrgnlEndToEndId>SILA-${String(settled.body.id)}</OrgnlEndToEndId><TxSts>ACSC</TxSts></TxInfAndSts><TxInfAndSts><OrgnlEndToEndId>SILA-${String(rejected.body.id)}</OrgnlEndToEndId><TxSts>RJCT</TxSts><StsRsnInf><Rsn><Cd>AC04</Cd></Rsn></StsRsnInf></TxInfAndSts></OrgnlPmtInfAndSts></CstmrPmtStsRpt></Document>`,
    );
    const imported = await run(payoutsImportCommand, [report]);
    expect(imported.code, imported.text).toBe(0);
    expect(imported.text).toContain('1 completed, 1 returned');
    expect(await statusOf(settled.body.id)).toMatchObject({ status: 'completed' });
    expect(await statusOf(rejected.body.id)).toMatchObject({ status: 'refunded', payout: { return_reason: 'AC04' } });
    expect(await balanceOf(t, owner)).toBe('240.00');
    // The same report again changes nothing.
    const replay = await run(payoutsImportCommand, [report]);
    expect(replay.text).toContain('0 completed, 0 returned, 2 unchanged');
    expect(await balanceOf(t, owner)).toBe('240.00');
    const audit = await t.database.db
      .selectFrom('audit')
      .select('action')
      .where('action', 'in', ['payouts.export', 'payouts.import'])
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(3);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });
});
