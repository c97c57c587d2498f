import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type SignedIn } from '../../../tests/support/identity.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { serviceDeps } from '../../app.ts';
import { startDatabaseClock } from '../../clock.ts';
import { exportDeposits, importReport } from '../transfers/methods/bank-deposit/payment-files.ts';
import { agency, create, customer, recipientOf, teller } from '../transfers/transactions.fixtures.ts';
import { operator, startOpsScratchApp } from './ops.fixtures.ts';

/**
 * `/api/ops/payout-files/` over HTTP, on a database of its own: an export takes every waiting deposit of the
 * database, which other test files would add to meanwhile.
 */
let t: TestApp;
let op: SignedIn;
beforeAll(async () => ({ t, op } = await startOpsScratchApp('ops_payout_files_test')));
afterAll(() => t.close());

type Body = Record<string, unknown>;
const get = (path: string, as: { token: string } = op) =>
  call<Body & { results: Body[]; lines: Body[] }>(t, 'GET', `/api/ops/payout-files/${path}`, { token: as.token });

let phones = 0;
async function deposit(owner: SignedIn, amount: number): Promise<number> {
  phones += 1;
  const contact = await recipientOf(t, owner, {
    first_name: 'Fatima',
    last_name: 'Zahra',
    phone_number: `+2126124${String(phones).padStart(5, '0')}`,
    rib: '007780000123456789012396',
  });
  const res = await create(t, owner, { amount, contact, delivery: 'bank_deposit' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

/** The payment-file commands' work, as `npm run admin -- payouts:…` does it (the file's text is not kept). */
async function withDeps<T>(work: (deps: ReturnType<typeof serviceDeps>) => Promise<T>): Promise<T> {
  const clock = await startDatabaseClock(t.database.db);
  try {
    return await work(serviceDeps({ config: t.config, db: t.database.db, clock }));
  } finally {
    clock.stop();
  }
}

async function exportFile(): Promise<string> {
  const done = await withDeps((deps) => exportDeposits(deps, async () => undefined));
  if (!done) throw new Error('nothing exported');
  return done.messageId;
}

function report(messageId: string, lines: { id: number; status: string; reason?: string }[]): string {
  const tx = lines
    .map(
      (l) =>
        `<TxInfAndSts><OrgnlEndToEndId>SILA-${l.id}</OrgnlEndToEndId><TxSts>${l.status}</TxSts>${
          l.reason ? `<StsRsnInf><Rsn><Cd>${l.reason}</Cd></Rsn></StsRsnInf>` : ''
        }</TxInfAndSts>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10"><CstmrPmtStsRpt><GrpHdr><MsgId>BANK-${messageId}</MsgId><CreDtTm>2026-11-30T10:00:00</CreDtTm></GrpHdr><OrgnlGrpInfAndSts><OrgnlMsgId>${messageId}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId></OrgnlGrpInfAndSts><OrgnlPmtInfAndSts><OrgnlPmtInfId>${messageId}</OrgnlPmtInfId>${tx}</OrgnlPmtInfAndSts></CstmrPmtStsRpt></Document>`;
}

describe('payout-files/', () => {
  let first: string;
  let second: string;
  let ids: number[];
  beforeAll(async () => {
    const owner = await customer(t, 1_000_00n);
    ids = [await deposit(owner, 60), await deposit(owner, 40), await deposit(owner, 25.5)];
    first = await exportFile();
    await withDeps((deps) =>
      importReport(
        deps,
        report(first, [
          { id: ids[0] ?? 0, status: 'ACSC' },
          { id: ids[1] ?? 0, status: 'RJCT', reason: 'AC04' },
        ]),
      ),
    );
    await deposit(owner, 10);
    second = await exportFile();
  });

  it('lists the files newest first: message id, transfers, control sum and the count in each state', async () => {
    const res = await get('');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.results.map((f) => f.message_id)).toEqual([second, first]);
    expect(res.body.results[1]).toMatchObject({
      message_id: first,
      transfers: 3,
      control_sum: '125.50',
      currency: 'MAD',
      states: { submitted: 1, credited: 1, returned: 1 },
    });
    expect(res.body.results[0]).toMatchObject({ transfers: 1, control_sum: '10.00', states: { submitted: 1 } });
    const paged = await get('?page=2&page_size=1');
    expect(paged.body.results.map((f) => f.message_id)).toEqual([first]);
    expect(paged.body.previous).toEqual(expect.stringContaining('page=1'));
  });

  it("shows one file's transfers with their state, the bank's reason of a return and the transfer's id", async () => {
    const list = await get('');
    const id = list.body.results.find((f) => f.message_id === first)?.id as number;
    const res = await get(`${id}/`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id, message_id: first, transfers: 3 });
    expect(res.body.lines).toEqual([
      expect.objectContaining({
        id: ids[0],
        end_to_end_id: `SILA-${ids[0]}`,
        amount: '60.00',
        state: 'credited',
        reason: null,
      }),
      expect.objectContaining({ id: ids[1], amount: '40.00', state: 'returned', reason: 'AC04' }),
      expect.objectContaining({ id: ids[2], amount: '25.50', state: 'submitted', reason: null }),
    ]);
    expect(res.body.lines[0]).toMatchObject({ holder_name: 'FATIMA ZAHRA', sender: { name: expect.any(String) } });
    // The link goes to the transfer's back-office detail.
    expect((await call(t, 'GET', `/api/ops/transactions/${ids[1]}/`, { token: op.token })).status).toBe(200);
  });

  it('an auditor reads both; customers and tellers get 403; an unknown or malformed id is a 404 or 400', async () => {
    const auditor = await operator(t, 'AUDITOR');
    const list = await get('', auditor);
    expect(list.status).toBe(200);
    const id = list.body.results[0]?.id as number;
    expect((await get(`${id}/`, auditor)).status).toBe(200);
    const c = await customer(t);
    const banker = await teller(t, await agency(t));
    for (const who of [c, banker]) {
      expect((await get('', who)).status).toBe(403);
      expect((await get(`${id}/`, who)).status).toBe(403);
    }
    expect((await call(t, 'GET', '/api/ops/payout-files/')).status).toBe(401);
    expect((await get('999999/')).status).toBe(404);
    expect((await get('abc/')).status).toBe(400);
    // Read-only: nothing but GET exists here, and an auditor could not write anyway.
    const post = await call(t, 'POST', `/api/ops/payout-files/${id}/`, { token: op.token, body: {} });
    expect(post.status).toBe(404);
  });
});
