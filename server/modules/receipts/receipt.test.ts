import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type SignedIn } from '../../../tests/support/identity.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { runOnce } from '../anchoring/anchor-worker.ts';
import { completedEvent, eurCents, postEvent, validated, startCardApp } from '../billing/billing.fixtures.ts';
import { agency, create, customer, recipientOf } from '../transfers/transactions.fixtures.ts';
import { pdfText } from './receipts.fixtures.ts';

/**
 * The receipt PDF, read back as text with pdftotext (poppler-utils) in each language, and written as PNG
 * pages (pdftoppm) into .data/screenshots/ to be looked at: Arabic shaped and right to left.
 */
let t: TestApp;
beforeAll(async () => ({ t } = await startCardApp()));
afterAll(() => t.close());

async function receipt(s: SignedIn, id: unknown, lang?: string) {
  const res = await fetch(`${t.baseUrl}/api/transactions/${String(id)}/receipt/${lang ? `?lang=${lang}` : ''}`, {
    headers: { authorization: `Bearer ${s.token}` },
  });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

describe('GET /api/transactions/{id}/receipt/', () => {
  it('a send: reference, date, both names, the masked phone, amounts and fees, the ledger id, the rights, in every language', async () => {
    const alice = await customer(t, 5_000_00n);
    const bob = await customer(t);
    const contact = await recipientOf(t, alice, {
      first_name: 'Youssef',
      last_name: 'Alaoui',
      email: bob.email,
      phone_number: '+212612345678',
    });
    const sent = await create(t, alice, { amount: '1234.5', contact });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const id = String(sent.body.id);
    await runOnce(t.app.services, { transactionIds: [id] });
    const txId = ((await call(t, 'GET', `/api/transactions/${id}/`, { token: alice.token })).body.tx_id ??
      '') as string;
    expect(txId).toMatch(/^[0-9a-f]{64}$/);
    const reference = `TX-${id.padStart(8, '0')}`;

    const expected: Record<string, RegExp[]> = {
      fr: [/Reçu de transaction/, /Montant envoyé/, /1 234,50 MAD/, /Frais/, /0,00 MAD/, /Vos droits/, /réclamation/],
      // The date as the other server pages write English (pageLocales, en-GB): day, month, year, 24-hour clock.
      en: [
        /Transaction receipt/,
        /Amount sent/,
        /1,234\.50 MAD/,
        /Fees/,
        /0\.00 MAD/,
        /Your rights/,
        /complaint/,
        /\b\d{1,2} [A-Z][a-z]+ \d{4}(,| at) \d{2}:\d{2} UTC/,
      ],
      // pdftotext maps some of Arabic's contextual forms back to the wrong letter: words it reads back whole.
      ar: [/إيصال المعاملة/, /المرجع/, /التاريخ والوقت/, /1\.234,50 MAD/, /0,00 MAD/, /الرسوم/],
      // The diaspora's languages, each with its own number format and the currency code kept.
      es: [
        /Justificante de la operación/,
        /Importe enviado/,
        /1\.?234,50 MAD/,
        /Comisiones/,
        /Tus derechos/,
        /reclamación/,
      ],
      it: [/Ricevuta dell’operazione/, /Importo inviato/, /1\.?234,50 MAD/, /Commissioni/, /I tuoi diritti/, /reclamo/],
      // Dutch writes the currency before the amount (GLOSSARY.md), as the app's screens do.
      nl: [/Transactiebewijs/, /Verstuurd bedrag/, /MAD 1\.234,50/, /Kosten/, /Je rechten/, /klacht/],
      de: [/Transaktionsbeleg/, /Gesendeter Betrag/, /1\.234,50 MAD/, /Gebühren/, /Ihre Rechte/, /Beschwerden/],
    };
    for (const lang of ['fr', 'en', 'ar', 'es', 'it', 'nl', 'de'] as const) {
      const { res, body } = await receipt(alice, id, lang);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="receipt-${id}-${lang}.pdf"`);
      expect(body.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(body, `receipt-send-${lang}`);
      for (const pattern of expected[lang] ?? []) expect(text, `${lang}: ${String(pattern)}`).toMatch(pattern);
      expect(text).toContain(reference);
      expect(text).toContain('Youssef Alaoui');
      expect(text).toContain('+••••••••••78');
      expect(text).not.toContain('612345678');
      expect(text.replace(/[\s\u200e\u200f\u202a-\u202e]/gu, '')).toContain(txId);
      expect(text).toContain(`/explorer/tx/${txId.slice(0, 8)}`);
    }
    // Without lang: the user's own language (the test sign-ups are in English).
    const stored = await t.database.db
      .selectFrom('users')
      .select('language')
      .where('id', '=', String(alice.userId))
      .executeTakeFirstOrThrow();
    expect(stored.language).toBe('en');
    expect(pdfText((await receipt(alice, id)).body, 'receipt-send-default')).toMatch(/Transaction receipt/);

    // The recipient's receipt: what they received and from whom, no fee.
    const theirs = pdfText((await receipt(bob, id, 'en')).body, 'receipt-reception-en');
    expect(theirs).toMatch(/Money received/);
    expect(theirs).toMatch(/Amount received/);
    expect(theirs).not.toMatch(/Fees|Amount sent/);

    // Anyone else: 404, and a bad language is a 400 with a field message.
    const mallory = await customer(t);
    expect((await receipt(mallory, id, 'fr')).res.status).toBe(404);
    const bad = await call(t, 'GET', `/api/transactions/${id}/receipt/?lang=pt`, { token: alice.token });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(['lang']);
  });

  it('a withdrawal: the agency, its address, the code and the expiry', async () => {
    const agencyId = await agency(t);
    const alice = await customer(t, 100_00n);
    const res = await create(t, alice, { amount: 40, contact: Number(agencyId) });
    const text = pdfText((await receipt(alice, res.body.id, 'fr')).body, 'receipt-withdrawal-fr');
    expect(text).toMatch(/Lieu de retrait/);
    expect(text).toMatch(/Casablanca/);
    expect(text).toContain(String(res.body.identifier));
    expect(text).toMatch(/Valable jusqu’au/);
  });

  it('a top-up: amount paid, fee, the rate applied, the official rate and the mark-up, the MAD credited', async () => {
    const alice = await customer(t);
    const { exchange, session } = await validated(t, alice, '100.00');
    const paid = await postEvent(t, completedEvent(session, eurCents(exchange.total_amount)));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const list = await call<{ results: { id: number; category: string }[] }>(t, 'GET', '/api/transactions/', {
      token: alice.token,
    });
    const topUp = list.body.results.find((r) => r.category === 'exchange');
    expect(topUp).toBeDefined();
    for (const lang of ['fr', 'ar'] as const) {
      const text = pdfText((await receipt(alice, topUp?.id, lang)).body, `receipt-topup-${lang}`);
      expect(text).toContain('100');
      expect(text).toMatch(/1 EUR = \d+[.,]\d{4} MAD/);
      expect(text).toMatch(/\d+[.,]\d{2} %/);
    }
    const fr = pdfText((await receipt(alice, topUp?.id, 'fr')).body, 'receipt-topup-fr');
    expect(fr).toMatch(/Taux officiel/);
    expect(fr).toMatch(/Marge sur le taux officiel/);
    expect(fr).toMatch(/Montant converti crédité/);
    // What the card was charged (the euros converted plus the fee), not the euros converted alone.
    const euros = (decimal: unknown) => String(decimal).replace('.', ',');
    expect(exchange.total_amount).not.toBe(exchange.from_amount);
    expect(fr).toMatch(new RegExp(`Euros convertis\\s+${euros(exchange.from_amount)} EUR`));
    expect(fr).toMatch(new RegExp(`Frais\\s+${euros(exchange.fee_amount)} EUR`));
    expect(fr).toMatch(new RegExp(`Montant payé par carte\\s+${euros(exchange.total_amount)} EUR`));
    // The issuer (RECEIPT_ISSUER_*, their defaults here), and rights that do not offer to cancel a top-up.
    expect(fr).toContain('Émis par Sila Payments SAS');
    expect(fr).toContain('10 rue de la Paix, 75002 Paris, France');
    expect(fr).toContain('Agrément ACPR 17000 (sandbox)');
    const flat = fr.replace(/\s+/g, ' ');
    expect(flat).toContain('il ne peut pas être annulé');
    expect(flat).not.toContain('vous pouvez annuler');
    // The app's detail of the top-up says the same (its owner's detail only).
    const detail = await call(t, 'GET', `/api/transactions/${String(topUp?.id)}/`, { token: alice.token });
    expect(detail.body.top_up).toEqual({
      converted_amount: exchange.from_amount,
      fee_amount: exchange.fee_amount,
      paid_amount: exchange.total_amount,
      rate: expect.stringMatching(/^\d+\.\d+$/),
    });
    const ar = pdfText((await receipt(alice, topUp?.id, 'ar')).body, 'receipt-topup-ar');
    expect(ar).toContain('Sila Payments SAS');
    expect(ar).toContain(`${euros(exchange.total_amount)} EUR`);
  });

  it('a send names the issuer and keeps the rights of a send (cancel while the money waits)', async () => {
    const alice = await customer(t, 100_00n);
    const res = await create(t, alice, { amount: 40, contact: Number(await agency(t)) });
    const text = pdfText((await receipt(alice, res.body.id, 'fr')).body, 'receipt-withdrawal-issuer-fr');
    expect(text).toContain('Émis par Sila Payments SAS');
    expect(text.replace(/\s+/g, ' ')).toContain('vous pouvez annuler');
  });
});
