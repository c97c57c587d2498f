import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsMessages } from '../../../common/api/ops.ts';
import { call, ensureRates, testEnv, type SignedIn } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { checkLedger } from '../../ledger/ledger-check.ts';
import { bankRecipient, exportPaymentFile } from '../transfers/methods/bank-deposit/bank-deposit.fixtures.ts';
import { balanceOf, CODE, create, customer, recipientOf, type Customer } from '../transfers/transactions.fixtures.ts';
import { operator, opsAction } from './ops.fixtures.ts';

/**
 * An operator returns a bank deposit not yet in a payment file (cancelled before the file), as the other refunds:
 * at once up to OPS_FOUR_EYES_MAD (100 MAD here), above it by a request another operator approves; audited; never
 * once the deposit is in a file, and never a mobile wallet payout (the operator may have it already).
 */
let t: TestApp;
let op: SignedIn;
let second: SignedIn;
beforeAll(async () => {
  t = await startTestApp({ env: { ...testEnv, OPS_FOUR_EYES_MAD: '100', PAYOUT_WALLET_SANDBOX_DELAY_MS: '0' } });
  await ensureRates(t);
  [op, second] = await Promise.all([operator(t), operator(t)]);
});
afterAll(async () => {
  await t.close();
});

type Body = Record<string, unknown>;
const refund = (id: unknown, as = op) =>
  call(t, 'POST', `/api/ops/transactions/${String(id)}/refund/`, {
    token: as.token,
    body: { reason: 'Customer asked', security_code: CODE },
  });
const opsDetail = async (id: unknown) =>
  (
    await call<Body & { entries: { metadata: Body }[] }>(t, 'GET', `/api/ops/transactions/${String(id)}/`, {
      token: op.token,
    })
  ).body;

async function deposit(amount: number): Promise<{ sender: Customer; id: number }> {
  const sender = await customer(t, 1_000_00n);
  const contact = await bankRecipient(t, sender);
  const res = await create(t, sender, { amount, contact, delivery: 'bank_deposit' });
  expect(res.body).toMatchObject({ status: 'processing' });
  return { sender, id: res.body.id as number };
}

describe('returning a bank deposit before its payment file', () => {
  it('up to the threshold: at once, audited, the sender told; never in a file afterwards', async () => {
    const { sender, id } = await deposit(50);
    expect(await balanceOf(t, sender)).toBe('950.00');
    expect(await opsDetail(id)).toMatchObject({ kind: 'payout', status: 'processing', refundable: true });
    const res = await refund(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ refunded: true, transaction: { status: 'refunded', refundable: false } });
    expect(await balanceOf(t, sender)).toBe('1000.00');
    const shown = await call<Body>(t, 'GET', `/api/transactions/${id}/`, { token: sender.token });
    // A refund, not a bank's return: no bank reason.
    expect(shown.body).toMatchObject({ status: 'refunded', payout: { return_reason: null } });
    const notices = await call<{ results: { kind: string; transaction: number | null }[] }>(
      t,
      'GET',
      '/api/notifications/',
      {
        token: sender.token,
      },
    );
    expect(notices.body.results.filter((n) => n.transaction === id).map((n) => n.kind)).toEqual(['transfer_refunded']);
    const audit = await call<{ results: Body[] }>(
      t,
      'GET',
      `/api/ops/audit/?action=transaction.refund&target_type=transaction&target_id=${id}`,
      { token: op.token },
    );
    expect(audit.body.results).toMatchObject([{ actor: op.userId, reason: 'Customer asked' }]);
    expect(await exportPaymentFile(t)).not.toContain(`SILA-${id}<`);
    expect((await refund(id)).status).toBe(409);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('above the threshold: a request another operator approves', async () => {
    const { sender, id } = await deposit(150);
    const requested = await refund(id);
    expect(requested.status, JSON.stringify(requested.body)).toBe(202);
    const approvalId = (requested.body.approval as { id: number }).id;
    expect(await balanceOf(t, sender)).toBe('850.00');
    expect((await opsAction(t, op, `approvals/${approvalId}/approve/`, { reason: 'Looks right' })).status).toBe(403);
    const approved = await opsAction(t, second, `approvals/${approvalId}/approve/`, { reason: 'Checked' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ transaction: { id, status: 'refunded' } });
    expect(await balanceOf(t, sender)).toBe('1000.00');
    expect((await opsDetail(id)).entries.at(-1)?.metadata).toMatchObject({
      reason: 'refund',
      approval: String(approvalId),
      approved_by: String(second.userId),
    });
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('is refused once the deposit is in a payment file, and for a mobile wallet payout', async () => {
    const { id } = await deposit(40);
    expect(await exportPaymentFile(t)).toContain(`SILA-${id}<`);
    expect(await opsDetail(id)).toMatchObject({ status: 'submitted', refundable: false });
    expect(await refund(id)).toMatchObject({ status: 409, body: { detail: opsMessages.notRefundable } });

    const sender = await customer(t, 100_00n);
    const contact = await recipientOf(t, sender, {
      first_name: 'Amina',
      last_name: 'Idrissi',
      phone_number: '+212600000005',
    });
    const wallet = await create(t, sender, { amount: 40, contact, delivery: 'mobile_wallet' });
    expect(wallet.status).toBe(201);
    expect(await opsDetail(wallet.body.id)).toMatchObject({ refundable: false });
    expect(await refund(wallet.body.id)).toMatchObject({ status: 409, body: { detail: opsMessages.notRefundable } });
    expect(await balanceOf(t, sender)).toBe('60.00');
  });
});
