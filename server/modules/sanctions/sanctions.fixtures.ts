import { join } from 'node:path';
import { expect } from 'vitest';
import { call, type SignedIn } from '../../../tests/support/identity.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { sanctionsImportCommand } from '../../cli/commands/sanctions-import.ts';
import { startOpsApp } from '../ops/ops.fixtures.ts';
import { create, customer, recipientOf } from '../transfers/transactions.fixtures.ts';

/** Test data of the sanctions tests: the synthetic lists of tests/fixtures/sanctions/ (invented names). */
export const sanctionsFixtures = join(import.meta.dirname, '../../../tests/fixtures/sanctions');

/** `npm run admin -- sanctions:import` as an operator runs it; answers the exit code and what it printed. */
export async function importList(t: TestApp, args: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await sanctionsImportCommand.run({
    db: t.database.db,
    args,
    out: (l) => lines.push(l),
    config: t.config,
  });
  return { code, output: lines.join('\n') };
}

/** The EU and OFAC fixtures in force (other test files import the same ones, so the content is the same). */
export async function importTestLists(t: TestApp): Promise<void> {
  for (const args of [
    ['--format', 'eu', join(sanctionsFixtures, 'eu-consolidated.csv')],
    [
      '--format',
      'ofac',
      join(sanctionsFixtures, 'SDN.CSV'),
      '--aliases',
      join(sanctionsFixtures, 'ALT.CSV'),
      '--date',
      '2026-11-20',
    ],
  ]) {
    const { code, output } = await importList(t, args);
    expect(code, output).toBe(0);
  }
}

/**
 * The app a test of screening starts with: the rates in force (a send is priced), an operator to decide the reviews
 * and the EU and OFAC test lists imported.
 */
export async function startScreeningApp(): Promise<{ t: TestApp; op: SignedIn }> {
  const started = await startOpsApp();
  await importTestLists(started.t);
  return started;
}

/**
 * A send held for review: a sender with 1,000 MAD, a recipient with an account whose name the sender writes as one
 * would the EU entry "Mohammed Al-Hassan Zaytouni" of the test lists ("Mohamed El Hassan Zitouni"), and `amount`
 * MAD sent to them. The caller checks the answer (`sent`).
 */
export async function sendToListedRecipient(t: TestApp, amount: number) {
  const sender = await customer(t, 100_000n);
  const recipient = await customer(t);
  const contact = await recipientOf(t, sender, {
    first_name: 'Mohamed',
    last_name: 'El Hassan Zitouni',
    email: recipient.email,
  });
  return { sender, recipient, contact, sent: await create(t, sender, { amount, contact }) };
}

/** The newest sanctions_hit review of `subject` (e.g. `transaction:12`), as an operator lists it. */
export async function sanctionsReviewOf(t: TestApp, op: SignedIn, subject: string) {
  const res = await call<{ results: (Record<string, unknown> & { id: number; payload: Record<string, unknown> })[] }>(
    t,
    'GET',
    `/api/ops/reviews/?kind=sanctions_hit&subject=${subject}`,
    { token: op.token },
  );
  expect(res.status).toBe(200);
  return res.body.results[0];
}

/** What compliance-hold holds for one transaction, in minor units as text. */
export async function heldInComplianceHold(t: TestApp, transactionId: unknown): Promise<string | null> {
  const row = await t.database.db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_entries as e', 'e.id', 'p.entry_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select((eb) => eb.fn.sum<string>('p.amount').as('held'))
    .where('e.reference_type', '=', 'transaction')
    .where('e.reference_id', '=', String(transactionId))
    .where('a.kind', '=', 'compliance_hold')
    .executeTakeFirst();
  return row?.held ?? null;
}

/** The ledger kinds of one transaction's entries, in the order they were booked. */
export async function entryKindsOf(t: TestApp, transactionId: unknown): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('ledger_entries')
    .select('kind')
    .where('reference_type', '=', 'transaction')
    .where('reference_id', '=', String(transactionId))
    .orderBy('id')
    .execute();
  return rows.map((r) => r.kind);
}
