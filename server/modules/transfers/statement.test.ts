import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENT_COLUMNS } from '../../../common/api/statement.ts';
import { statementMessages, transactionMessages } from '../../../common/api/messages.ts';
import { languageChoiceMessage } from '../../../common/i18n/languages.ts';
import { call, signIn, uniqueEmail, type SignedIn } from '../../../tests/support/identity.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { completedEvent, eurCents, postEvent, validated, startCardApp } from '../billing/billing.fixtures.ts';
import { agency, create, customer, recipientOf, teller } from './transactions.fixtures.ts';

/** `GET /api/transactions/export/`, the statement as RFC 4180 CSV. */
let t: TestApp;
beforeAll(async () => ({ t } = await startCardApp()));
afterAll(() => t.close());

const day = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function statement(s: SignedIn, query: string) {
  const res = await fetch(`${t.baseUrl}/api/transactions/export/${query}`, {
    headers: { authorization: `Bearer ${s.token}` },
  });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** RFC 4180 records (quoted fields with commas, quotes and line breaks) of a text without its BOM. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  expect(field).toBe('');
  expect(record).toEqual([]);
  return records;
}

const rowsOf = (bytes: Buffer) => {
  const records = parseCsv(bytes.toString('utf8').slice(1));
  const [header, ...rows] = records;
  return { header, rows: rows.map((r) => Object.fromEntries(STATEMENT_COLUMNS.map((c, i) => [c, r[i]]))) };
};

/** The English header row (the test sign-ups are in English, so it is also their statement's default). */
const ENGLISH_HEADER = [
  'Reference',
  'Date (UTC)',
  'Transaction',
  'Status',
  'Debit/Credit',
  'Sender or recipient',
  'Amount',
  'Currency',
  'Fees',
  'Fees currency',
  'Amount paid',
  'Amount paid currency',
  'Exchange rate',
  'Public ledger ID',
];

describe('GET /api/transactions/export/', () => {
  it('a CSV with BOM and a header in the user’s language, the period’s rows oldest first, fees only to the payer', async () => {
    const alice = await customer(t, 1_000_00n);
    const bob = await customer(t);
    const toBob = await recipientOf(t, alice, { email: bob.email, first_name: 'Dupont, "Jo"', last_name: 'محمد' });
    const first = await create(t, alice, { amount: 100, contact: toBob });
    const second = await create(t, alice, { amount: 25.5, contact: toBob });
    expect([first.status, second.status]).toEqual([201, 201]);
    const query = `?start_date=${day()}&end_date=${day(1)}&format=csv`;

    const { res, bytes } = await statement(alice, query);
    expect(res.status, bytes.toString()).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="statement-${day()}_${day()}.csv"`);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toMatch(/\r\n$/);
    const sent = rowsOf(bytes);
    expect(sent.header).toEqual(ENGLISH_HEADER);
    expect(sent.rows.map((r) => [r.reference, r.type, r.direction, r.amount, r.fee, r.fee_currency])).toEqual([
      [`TX-${String(first.body.id).padStart(8, '0')}`, 'Money sent', 'Debit', '100.00', '0.00', 'MAD'],
      [`TX-${String(second.body.id).padStart(8, '0')}`, 'Money sent', 'Debit', '25.50', '0.00', 'MAD'],
    ]);
    expect(sent.rows[0]?.counterparty).toBe('Dupont, "Jo" محمد');
    expect(new Date(sent.rows[0]?.date_utc ?? '').toISOString()).toBe(sent.rows[0]?.date_utc);

    // The recipient's statement: the same transfers as received, no fee nor anything of the sender's but the name.
    const received = rowsOf((await statement(bob, query)).bytes);
    expect(received.rows.map((r) => [r.type, r.direction, r.amount, r.fee, r.fee_currency])).toEqual([
      ['Money received', 'Credit', '100.00', '', ''],
      ['Money received', 'Credit', '25.50', '', ''],
    ]);
    // format is optional (csv is the one) and the period outside today holds nothing but the header.
    const empty = await statement(alice, `?start_date=${day(-30)}&end_date=${day(-29)}`);
    expect(empty.res.status).toBe(200);
    expect(rowsOf(empty.bytes).rows).toEqual([]);
  });

  it('a top-up: the EUR paid, its fee and the rate for its payer', async () => {
    const alice = await customer(t);
    const { exchange, session } = await validated(t, alice, '100.00');
    expect((await postEvent(t, completedEvent(session, eurCents(exchange.total_amount)))).status).toBe(200);
    const { rows } = rowsOf((await statement(alice, `?start_date=${day()}&end_date=${day(1)}`)).bytes);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'Money added (EUR to MAD)',
      status: 'Completed',
      direction: 'Credit',
      currency: 'MAD',
      amount_paid_currency: 'EUR',
    });
    expect(rows[0]?.amount_paid).toMatch(/^\d+\.\d{2}$/);
    expect(rows[0]?.fee).toMatch(/^\d+\.\d{2}$/);
    expect(rows[0]?.fee_currency).toBe('EUR');
    expect(rows[0]?.exchange_rate).toMatch(/^\d+(\.\d+)?$/);
  });

  it('a teller’s statement has their agency’s withdrawals without the customer’s fee', async () => {
    const agencyId = await agency(t);
    const tess = await teller(t, agencyId);
    const alice = await customer(t, 100_00n);
    expect((await create(t, alice, { amount: 40, contact: Number(agencyId) })).status).toBe(201);
    const { rows } = rowsOf((await statement(tess, `?start_date=${day()}&end_date=${day(1)}`)).bytes);
    expect(rows.map((r) => [r.type, r.direction, r.fee])).toEqual([['Withdrawal at an agency', '', '']]);
  });

  it('speaks the asked language: French and Arabic headers and words, the same numbers; else the user’s own', async () => {
    const alice = await customer(t, 2_000_00n);
    // Bob signed up in Dutch: without lang, his statement is in Dutch.
    const bobEmail = uniqueEmail('nl');
    const bob = await signIn(t, { email: bobEmail }, 'nl');
    const toBob = await recipientOf(t, alice, { email: bobEmail, first_name: 'Bob', last_name: 'Bennani' });
    const sent = await create(t, alice, { amount: 1005.5, contact: toBob });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const period = `?start_date=${day()}&end_date=${day(1)}&format=csv`;
    const facts = (r: Record<string, string | undefined>) => [
      r.type,
      r.status,
      r.direction,
      r.counterparty,
      r.amount,
      r.currency,
      r.fee,
      r.fee_currency,
    ];

    const fr = await statement(alice, `${period}&lang=fr`);
    expect(fr.res.status).toBe(200);
    expect([...fr.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const french = rowsOf(fr.bytes);
    expect(french.header).toEqual([
      'Référence',
      'Date (UTC)',
      'Opération',
      'Statut',
      'Débit/Crédit',
      'Expéditeur ou bénéficiaire',
      'Montant',
      'Devise',
      'Frais',
      'Devise des frais',
      'Montant payé',
      'Devise du montant payé',
      'Taux de change',
      'Identifiant dans le registre public',
    ]);
    // The words are French; the amounts stay plain numbers (not 1 005,50) beside their currency, the date ISO.
    expect(french.rows.map(facts)).toEqual([
      ['Envoi d’argent', 'Effectuée', 'Débit', 'Bob Bennani', '1005.50', 'MAD', '0.00', 'MAD'],
    ]);
    expect(new Date(french.rows[0]?.date_utc ?? '').toISOString()).toBe(french.rows[0]?.date_utc);
    expect(french.rows[0]?.reference).toBe(`TX-${String(sent.body.id).padStart(8, '0')}`);

    const arabic = rowsOf((await statement(alice, `${period}&lang=ar`)).bytes);
    expect(arabic.header).toEqual([
      'المرجع',
      'التاريخ (UTC)',
      'العملية',
      'الحالة',
      'مدين/دائن',
      'المرسل أو المستفيد',
      'المبلغ',
      'العملة',
      'الرسوم',
      'عملة الرسوم',
      'المبلغ المدفوع',
      'عملة المبلغ المدفوع',
      'سعر الصرف',
      'المعرّف في السجل العام',
    ]);
    expect(arabic.rows.map(facts)).toEqual([
      ['إرسال أموال', 'منجزة', 'مدين', 'Bob Bennani', '1005.50', 'MAD', '0.00', 'MAD'],
    ]);

    // No lang: the stored preference (Dutch for Bob, English for Alice); lang wins over it.
    const dutch = rowsOf((await statement(bob, period)).bytes);
    expect(dutch.header).toEqual([
      'Referentie',
      'Datum (UTC)',
      'Transactie',
      'Status',
      'Af/Bij',
      'Afzender of ontvanger',
      'Bedrag',
      'Valuta',
      'Kosten',
      'Valuta kosten',
      'Betaald bedrag',
      'Valuta betaald bedrag',
      'Wisselkoers',
      'ID in het openbaar register',
    ]);
    expect(dutch.rows.map(facts)).toEqual([['Geld ontvangen', 'Uitgevoerd', 'Bij', '', '1005.50', 'MAD', '', '']]);
    expect(rowsOf((await statement(alice, period)).bytes).header).toEqual(ENGLISH_HEADER);
    expect(rowsOf((await statement(bob, `${period}&lang=de`)).bytes).rows.map(facts)).toEqual([
      ['Geld erhalten', 'Ausgeführt', 'Haben', '', '1005.50', 'MAD', '', ''],
    ]);

    // A language we do not speak is a 400 on lang, as the receipt's and the notifications'.
    for (const lang of ['pt', 'FR', '']) {
      const bad = await call(t, 'GET', `/api/transactions/export/${period}&lang=${lang}`, { token: alice.token });
      expect([bad.status, bad.body], lang).toEqual([400, { lang: [languageChoiceMessage] }]);
    }
  });

  it('refuses a period over 366 days, an end before the start, an impossible day, another format (400 on the field)', async () => {
    const alice = await customer(t);
    const get = (query: string) => call(t, 'GET', `/api/transactions/export/${query}`, { token: alice.token });
    expect((await get('?start_date=2028-01-01&end_date=2029-01-01')).status).toBe(200);
    const long = await get('?start_date=2026-01-01&end_date=2027-01-03');
    expect([long.status, long.body]).toEqual([400, { end_date: [statementMessages.periodTooLong] }]);
    const backwards = await get('?start_date=2026-03-01&end_date=2026-03-01');
    expect([backwards.status, backwards.body]).toEqual([400, { end_date: [statementMessages.endBeforeStart] }]);
    // 2026-02-30 is no day: a 400, not a statement from 2 March.
    const impossible = await get('?start_date=2026-02-30&end_date=2026-03-05');
    expect([impossible.status, impossible.body]).toEqual([400, { start_date: [transactionMessages.invalidDate] }]);
    const pdf = await get('?start_date=2026-01-01&end_date=2026-01-02&format=pdf');
    expect([pdf.status, pdf.body]).toEqual([400, { format: [statementMessages.format] }]);
    const missing = await get('?start_date=2026-01-01');
    expect(missing.status).toBe(400);
    expect(missing.body).toHaveProperty('end_date');
    // The list's filters share the date parser: no rolling over there either.
    const list = await call(t, 'GET', '/api/transactions/?start_date=2026-02-30', { token: alice.token });
    expect([list.status, list.body]).toEqual([400, { start_date: [transactionMessages.invalidDate] }]);
  });

  it('refuses a period of more than 10,000 rows rather than cutting it short', async () => {
    const alice = await customer(t, 100_00n);
    const nobody = await recipientOf(t, alice, { email: `nobody-${Date.now()}@example.com` });
    const seed = await create(t, alice, { amount: 10, contact: nobody });
    expect([seed.status, seed.body.status]).toEqual([201, 'unclaimed']);
    // 10,000 more transfers in March 2025, copies of the real one with no expiry (nothing sweeps them).
    await sql`
      INSERT INTO transactions (kind, status, sender_user_id, contact_id, amount, ledger_entry_id, created_at)
      SELECT kind, status, sender_user_id, contact_id, amount, ledger_entry_id, timestamptz '2025-03-15 10:00Z'
        FROM transactions, generate_series(1, ${10_000}) WHERE id = ${String(seed.body.id)}`.execute(t.database.db);
    const whole = await call(t, 'GET', '/api/transactions/export/?start_date=2025-03-01&end_date=2025-04-01', {
      token: alice.token,
    });
    expect(whole.status).toBe(200);
    await sql`UPDATE transactions SET created_at = timestamptz '2025-03-20 10:00Z' WHERE id = ${String(seed.body.id)}`.execute(
      t.database.db,
    );
    const over = await call(t, 'GET', '/api/transactions/export/?start_date=2025-03-01&end_date=2025-04-01', {
      token: alice.token,
    });
    expect([over.status, over.body]).toEqual([400, { detail: statementMessages.tooManyRows }]);
    // The copies have no money of their own: gone before another file's sums (proof of liabilities) read them.
    await sql`DELETE FROM transaction_events WHERE transaction_id IN (SELECT id FROM transactions
               WHERE sender_user_id = ${String(alice.userId)} AND id <> ${String(seed.body.id)})`.execute(
      t.database.db,
    );
    await sql`DELETE FROM transactions WHERE sender_user_id = ${String(alice.userId)} AND id <> ${String(seed.body.id)}`.execute(
      t.database.db,
    );
  });
});
