import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainInfoSchema } from '../../../common/api/chain.ts';
import type { ChainAdapter } from '../../adapters/chain/chain-adapter.ts';
import { call, ensureRates, signIn, testEnv, uniqueEmail } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import {
  agency,
  create,
  customer,
  recipientOf,
  teller,
  CODE,
  type Customer,
} from '../transfers/transactions.fixtures.ts';
import { connectDatabase } from '../../db/database.ts';
import { outboxDeadCommand, outboxRetryCommand } from '../../cli/commands/outbox.ts';
import { runOnce, startAnchorWorker } from './anchor-worker.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

const contacts = new Map<string, number>();

async function send(from: Customer, to: Customer, amount = '25.00'): Promise<string> {
  const key = `${from.email} ${to.email}`;
  const contact = contacts.get(key) ?? (await recipientOf(t, from, { email: to.email }));
  contacts.set(key, contact);
  const res = await create(t, from, { amount, contact });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return String(res.body.id);
}

const detail = (s: Customer, id: string) => call(t, 'GET', `/api/transactions/${id}/`, { token: s.token });
const records = (recordId: string) =>
  t.database.db.selectFrom('chain_records').select(['hash', 'seq']).where('record_id', '=', recordId).execute();
const job = (transactionId: string) =>
  t.database.db
    .selectFrom('chain_outbox')
    .selectAll()
    .where('transaction_id', '=', transactionId)
    .executeTakeFirstOrThrow();
/** Skips the backoff of a failed job, as the clock would after CHAIN_RETRY_BASE_MS. */
const makeDue = (transactionId: string) =>
  t.database.db
    .updateTable('chain_outbox')
    .set({ next_attempt_at: new Date(0) })
    .where('transaction_id', '=', transactionId)
    .execute();

describe('anchoring completed transactions on the built-in ledger', () => {
  it('gives a send a tx_id once the worker ran, with an explorer page that verifies', async () => {
    const alice = await customer(t, 100_00n);
    const bob = await customer(t);
    const id = await send(alice, bob);
    expect((await detail(alice, id)).body.tx_id).toBeNull();

    expect(await runOnce(t.app.services, { transactionIds: [id] })).toMatchObject({ published: 1, failed: 0 });
    const txId = (await detail(alice, id)).body.tx_id as string;
    expect(txId).toMatch(/^[0-9a-f]{64}$/);
    expect((await detail(bob, id)).body.tx_id).toBe(txId);

    const info = chainInfoSchema.parse((await call(t, 'GET', '/api/chain/')).body);
    const page = await fetch(`${t.baseUrl}${info.tx_url.replace('{id}', txId)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('data-verified="true"');
    expect(html).toContain('Ed25519 signature: verified');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('style=');
    // Only pseudonymous data is public: no e-mail, no name.
    expect(html).not.toContain(alice.email);
    expect(html).not.toContain('Rec');

    const me = await call<{ results: { account_id: string }[] }>(t, 'GET', '/api/users/', { token: alice.token });
    const address = me.body.results[0]?.account_id ?? '';
    const addressPage = await (await fetch(`${t.baseUrl}${info.address_url.replace('{address}', address)}`)).text();
    expect(addressPage).toContain(txId);
    expect(addressPage).toContain('sent');
  });

  it("shows the explorer in the reader's language: ?lang= from the app, else Accept-Language", async () => {
    const alice = await customer(t, 100_00n);
    const bob = await customer(t);
    const id = await send(alice, bob);
    await runOnce(t.app.services, { transactionIds: [id] });
    const txId = (await detail(alice, id)).body.tx_id as string;
    const page = (path: string, acceptLanguage = 'en') =>
      fetch(`${t.baseUrl}${path}`, { headers: { 'accept-language': acceptLanguage } }).then((r) => r.text());

    const german = await page(`/explorer/tx/${txId}?lang=de`, 'fr-FR,fr;q=0.9');
    expect(german).toContain('<html lang="de" dir="ltr">');
    expect(german).toContain('Ed25519-Signatur: geprüft');
    expect(german).not.toContain('Ed25519 signature');
    // Links to other records and addresses keep the language; every language is offered, named in itself.
    expect(german).toMatch(/href="\/explorer\/address\/0x[0-9a-f]{40}\?lang=de"/);
    expect(german).toContain('hreflang="ar" lang="ar" dir="rtl">العربية</a>');

    const arabic = await page(`/explorer/tx/${txId}`, 'ar-MA,ar;q=0.9,fr;q=0.8');
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toContain('تم التحقق');
    // What the chain holds stays as recorded, left to right inside the Arabic page.
    expect(arabic).toContain(`<code dir="ltr">${txId}</code>`);

    // In plain words first (the kind, the money and the date as the language writes them), the recorded values
    // and the checks folded under 'for experts', and a way back to the app in the page's language.
    const french = await page(`/explorer/tx/${txId}?lang=fr`);
    const plain = french.slice(0, french.indexOf('<details'));
    expect(plain).toContain('envoi d’argent');
    expect(plain).toContain('25,00\u00A0MAD');
    expect(plain).toMatch(/\d{1,2}(er)? [a-zéû]+ \d{4}/);
    expect(plain).not.toMatch(/\d{4}-\d{2}-\d{2}T|25\.00 MAD|>transfer</);
    expect(french).toContain('<summary>Pour les experts</summary>');
    expect(french).toContain('<a href="/?lang=fr">Retour à Sila</a>');
    expect(arabic).toContain('<a href="/?lang=ar">العودة إلى صلة</a>');

    expect(await page('/explorer/tx/' + 'f'.repeat(64) + '?lang=nl')).toContain(
      'Deze transactie staat niet in dit register.',
    );
    expect(await page('/explorer/tx/' + txId, 'xx')).toContain('<html lang="en" dir="ltr">');
  });

  it('answers unknown or malformed explorer ids with a 404 page, and serves its stylesheet', async () => {
    for (const path of [
      '/explorer/tx/' + 'f'.repeat(64),
      '/explorer/tx/nope',
      '/explorer/address/0x12',
      '/explorer/other',
    ]) {
      const res = await fetch(`${t.baseUrl}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('Not found');
    }
    const css = await fetch(`${t.baseUrl}/explorer/explorer.css`);
    expect(css.headers.get('content-type')).toContain('text/css');
  });

  it('anchors a teller payout and a claimed transfer as well', async () => {
    const agencyId = await agency(t);
    const alice = await customer(t, 100_00n);
    const withdrawal = await call(t, 'POST', '/api/transactions/', {
      token: alice.token,
      body: { amount: '10.00', contact: Number(agencyId), security_code: CODE },
    });
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(201);
    const id = String(withdrawal.body.id);
    const token = withdrawal.body.token as string;
    const tess = await teller(t, agencyId);
    const paid = await call(t, 'POST', `/api/withdrawals/${token}/validate/`, {
      token: tess.token,
      body: { id, security_code: CODE },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    const later = uniqueEmail('later');
    const contact = await recipientOf(t, alice, { email: later });
    const unclaimed = await create(t, alice, { amount: '5.00', contact });
    const unclaimedId = String(unclaimed.body.id);
    expect(await runOnce(t.app.services, { transactionIds: [unclaimedId] })).toMatchObject({ published: 0 });
    await signIn(t, { email: later });

    expect(await runOnce(t.app.services, { transactionIds: [id, unclaimedId] })).toMatchObject({
      published: 2,
      failed: 0,
    });
    expect((await detail(alice, id)).body.tx_id).toMatch(/^[0-9a-f]{64}$/);
    expect((await detail(alice, unclaimedId)).body.tx_id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('publishes a record once even when the worker dies between publishing and storing the tx_id', async () => {
    const alice = await customer(t, 100_00n);
    const bob = await customer(t);
    const id = await send(alice, bob);
    const real = t.app.services.chain;
    const crashing: ChainAdapter = {
      ...real,
      async record(payloads) {
        await real.record(payloads);
        throw new Error('worker killed after publishing');
      },
    };
    expect(await runOnce({ ...t.app.services, chain: crashing }, { transactionIds: [id] })).toMatchObject({
      failed: 1,
    });
    const failed = await job(id);
    expect(failed.published_at).toBeNull();
    expect((await detail(alice, id)).body.tx_id).toBeNull();

    await makeDue(id);
    expect(await runOnce(t.app.services, { transactionIds: [id] })).toMatchObject({ published: 1 });
    const done = await job(id);
    const onChain = await t.database.db
      .selectFrom('chain_records')
      .select(['hash'])
      .where('hash', '=', done.tx_id ?? '')
      .execute();
    expect(onChain).toHaveLength(1);
    const recordId = (
      await t.database.db
        .selectFrom('chain_records')
        .select('record_id')
        .where('hash', '=', done.tx_id ?? '')
        .executeTakeFirstOrThrow()
    ).record_id;
    expect(await records(recordId)).toHaveLength(1);
    expect((await detail(alice, id)).body.tx_id).toBe(done.tx_id);
    expect(done.attempts).toBe(2);
  });

  it('completes transfers while the chain is down, and anchors them when it is back', async () => {
    const alice = await customer(t, 100_00n);
    const bob = await customer(t);
    const down: ChainAdapter = {
      ...t.app.services.chain,
      async record() {
        throw new Error('connect ECONNREFUSED');
      },
    };
    const ids = [await send(alice, bob, '10.00'), await send(alice, bob, '11.00')];
    const failedFrom = Date.now();
    const outage = await runOnce({ ...t.app.services, chain: down }, { transactionIds: ids });
    expect(outage).toMatchObject({ published: 0, failed: 2 });
    // The send still works during the outage.
    ids.push(await send(alice, bob, '12.00'));
    for (const id of ids) {
      const res = await detail(alice, id);
      expect(res.body).toMatchObject({ status: 'completed', tx_id: null });
    }
    const retried = await job(ids[0] ?? '');
    expect(retried.last_error).toContain('ECONNREFUSED');
    // Backed off from the failure by at least half of CHAIN_RETRY_BASE_MS (the jitter's floor). Compared with the
    // clock after the requests above, a first delay of 0.5-1 s could already have passed on a loaded machine.
    expect(retried.next_attempt_at.getTime()).toBeGreaterThanOrEqual(failedFrom + t.config.CHAIN_RETRY_BASE_MS / 2);

    for (const id of ids) await makeDue(id);
    expect(await runOnce(t.app.services, { transactionIds: ids })).toMatchObject({ published: 3, failed: 0 });
    for (const id of ids) expect((await detail(alice, id)).body.tx_id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('retries only the records of a batch the chain refused, and publishes the others of it', async () => {
    const alice = await customer(t, 100_00n);
    const bob = await customer(t);
    const ids = [await send(alice, bob, '1.00'), await send(alice, bob, '2.00'), await send(alice, bob, '3.00')];
    const real = t.app.services.chain;
    let refused = '';
    const partial: ChainAdapter = {
      ...real,
      async record(payloads) {
        const outcomes = await real.record(payloads.slice(1));
        refused = payloads[0]?.reference_hash ?? '';
        return [{ ok: false, error: new Error('refused by the network') }, ...outcomes];
      },
    };
    expect(await runOnce({ ...t.app.services, chain: partial }, { transactionIds: ids })).toMatchObject({
      published: 2,
      failed: 1,
      errors: ['refused by the network'],
    });
    const jobs = await Promise.all(ids.map(job));
    const failedJob = jobs.find((j) => j.published_at === null);
    expect(failedJob?.last_error).toBe('refused by the network');
    expect(await records(refused)).toHaveLength(0);
    for (const j of jobs.filter((x) => x !== failedJob)) {
      expect((await detail(alice, j.transaction_id)).body.tx_id).toBe(j.tx_id);
    }

    await makeDue(failedJob?.transaction_id ?? '');
    expect(await runOnce(t.app.services, { transactionIds: ids })).toMatchObject({ published: 1, failed: 0 });
    expect(await records(refused)).toHaveLength(1);
  });

  it('lets several workers publish at once: each record once, one unbroken chain', async () => {
    const alice = await customer(t, 1000_00n);
    const bob = await customer(t);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await send(alice, bob, `${i + 1}.00`));
    const results = await Promise.all(
      Array.from({ length: 4 }, () => runOnce(t.app.services, { transactionIds: ids, limit: 4 })),
    );
    expect(results.reduce((n, r) => n + r.published, 0)).toBe(12);
    expect(results.every((r) => r.failed === 0)).toBe(true);
    const done = await Promise.all(ids.map(job));
    expect(new Set(done.map((j) => j.tx_id)).size).toBe(12);
    const hashes = done.map((j) => j.tx_id ?? '');
    const rows = await t.database.db.selectFrom('chain_records').select('hash').where('hash', 'in', hashes).execute();
    expect(rows).toHaveLength(12);
    const all = await t.database.db
      .selectFrom('chain_records')
      .select(['seq', 'prev_hash', 'hash'])
      .orderBy('seq')
      .execute();
    all.forEach((row, i) => {
      expect(Number(row.seq)).toBe(i + 1);
      expect(row.prev_hash).toBe(i === 0 ? '0'.repeat(64) : all[i - 1]?.hash);
    });
  });

  it('publishes the explorer templates at GET /api/chain/', async () => {
    const res = await call(t, 'GET', '/api/chain/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      network: 'local',
      tx_url: '/explorer/tx/{id}',
      address_url: '/explorer/address/{address}',
    });
  });
});

describe('anchoring failures that do not go away', () => {
  const capture = () => {
    const lines: { level: string; details: object; message: string }[] = [];
    const log = {
      info: (details: object, message: string) => lines.push({ level: 'info', details, message }),
      warn: (details: object, message: string) => lines.push({ level: 'warn', details, message }),
      error: (details: object, message: string) => lines.push({ level: 'error', details, message }),
    };
    return { lines, log };
  };
  const until = async (check: () => boolean | Promise<boolean>, ms = 5_000) => {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('makes a record refused on every attempt a dead letter after CHAIN_MAX_ATTEMPTS: logged once, listed, no longer leased, and put back by outbox:retry', async () => {
    const alice = await customer(t, 100_00n);
    const bob = await customer(t);
    const id = await send(alice, bob);
    const refusing: ChainAdapter = {
      ...t.app.services.chain,
      async record(payloads) {
        return payloads.map(() => ({ ok: false as const, error: new Error('execution reverted') }));
      },
    };
    const { lines, log } = capture();
    const deps = {
      ...t.app.services,
      chain: refusing,
      config: {
        ...t.config,
        CHAIN_MAX_ATTEMPTS: 3,
        CHAIN_WORKER_INTERVAL_MS: 10,
        CHAIN_RETRY_BASE_MS: 10,
        CHAIN_RETRY_MAX_MS: 20,
      },
    };
    const stop = startAnchorWorker(deps, log, { transactionIds: [id] });
    try {
      await until(async () => (await job(id)).dead_at !== null);
      // Given up: the worker goes on polling but never leases it again.
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      await stop();
    }
    const dead = await job(id);
    expect(dead).toMatchObject({ attempts: 3, published_at: null, last_error: 'execution reverted' });
    const deadLines = lines.filter((l) => l.level === 'error');
    expect(deadLines).toHaveLength(1);
    expect(deadLines[0]?.details).toMatchObject({ transactionId: id, attempts: 3, lastError: 'execution reverted' });
    expect(await runOnce(deps, { transactionIds: [id] })).toMatchObject({ published: 0, failed: 0 });

    const out: string[] = [];
    const listed = await outboxDeadCommand.run({ db: t.database.db, args: [], out: (l) => out.push(l) });
    expect(listed).toBe(1);
    expect(out.join('\n')).toMatch(new RegExp(`transaction ${id}  3 attempts .*execution reverted`));

    const retried = await outboxRetryCommand.run({
      db: t.database.db,
      args: ['--kind', 'anchoring', '--id', dead.id],
      out: () => undefined,
    });
    expect(retried).toBe(0);
    expect(await job(id)).toMatchObject({ dead_at: null, attempts: 0 });
    expect(await runOnce(t.app.services, { transactionIds: [id] })).toMatchObject({ published: 1, failed: 0 });
    expect((await detail(alice, id)).body.tx_id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('logs a chain outage once when it starts and once when it ends, whatever the number of passes', async () => {
    const alice = await customer(t, 100_00n);
    const bob = await customer(t);
    const ids = [await send(alice, bob, '4.00'), await send(alice, bob, '5.00')];
    let chainUp = false;
    const real = t.app.services.chain;
    const flaky: ChainAdapter = {
      ...real,
      async record(payloads) {
        if (!chainUp) throw new Error('connect ECONNREFUSED 10.0.0.1:8545');
        return real.record(payloads);
      },
    };
    const { lines, log } = capture();
    const config = { ...t.config, CHAIN_WORKER_INTERVAL_MS: 10, CHAIN_RETRY_BASE_MS: 10, CHAIN_RETRY_MAX_MS: 20 };
    const stop = startAnchorWorker({ ...t.app.services, chain: flaky, config }, log, { transactionIds: ids });
    try {
      await until(async () => (await job(ids[0] ?? '')).attempts >= 10 && (await job(ids[1] ?? '')).attempts >= 10);
      chainUp = true;
      await until(async () => (await Promise.all(ids.map(job))).every((j) => j.published_at !== null));
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      await stop();
    }
    expect(lines.map((l) => `${l.level} ${l.message}`)).toEqual([
      'warn anchoring: the public ledger unavailable: retrying quietly until it is back',
      expect.stringMatching(/^info anchoring: the public ledger back after \d+ s$/),
    ]);
    expect(lines[0]?.details).toEqual({ reason: 'connect ECONNREFUSED 10.0.0.1:8545' });
  });

  it('logs a database outage once when it starts and once when it ends, not a stack trace per pass', async () => {
    const alice = await customer(t, 100_00n);
    const bob = await customer(t);
    const id = await send(alice, bob, '6.00');
    const unreachable = connectDatabase({ url: 'postgres://postgres@127.0.0.1:1/test', poolMax: 1 });
    const { lines, log } = capture();
    const deps = { ...t.app.services, db: unreachable.db, config: { ...t.config, CHAIN_WORKER_INTERVAL_MS: 10 } };
    const stop = startAnchorWorker(deps, log, { transactionIds: [id] });
    try {
      await new Promise((r) => setTimeout(r, 500)); // dozens of passes, each refused
      deps.db = t.database.db; // the database is back
      await until(async () => (await job(id)).published_at !== null);
    } finally {
      await stop();
      await unreachable.close();
    }
    expect(lines.map((l) => `${l.level} ${l.message}`)).toEqual([
      'warn anchoring: the database unavailable: retrying quietly until it is back',
      expect.stringMatching(/^info anchoring: the database back after \d+ s$/),
    ]);
  });
});
