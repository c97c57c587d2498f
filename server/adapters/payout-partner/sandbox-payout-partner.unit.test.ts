import { describe, expect, it } from 'vitest';
import { parseRib } from '../../../common/banking/rib.ts';
import { money } from '../../../common/money/money.ts';
import { InvalidSignatureError, signPayload } from '../payments/webhook-signature.ts';
import { writePain001 } from './pain001.ts';
import { isMoroccanMobile } from './payout-partner.ts';
import {
  SANDBOX_TEST_RIBS,
  SANDBOX_TEST_WALLETS,
  sandboxBankDeposits,
  sandboxMobileWallets,
} from './sandbox-payout-partner.ts';

const now = () => new Date('2026-11-30T10:00:00Z');

describe('sandbox confirmation of payee', () => {
  const bank = sandboxBankDeposits(now);

  it('documents valid test RIBs, one per answer other than a match', () => {
    for (const rib of Object.values(SANDBOX_TEST_RIBS)) expect(parseRib(rib).ok, rib).toBe(true);
  });

  it('matches any name, except at the test RIBs', async () => {
    expect(await bank.confirmPayee('230810211111222233334466', 'AMINA EL IDRISSI')).toEqual({ result: 'match' });
    expect(await bank.confirmPayee(SANDBOX_TEST_RIBS.closeMatch, 'AMINA EL IDRISSI')).toEqual({
      result: 'close_match',
      bankHolderName: 'A EL IDRISSI',
    });
    expect(await bank.confirmPayee(SANDBOX_TEST_RIBS.noMatch, 'AMINA EL IDRISSI')).toEqual({ result: 'no_match' });
    expect(await bank.confirmPayee(SANDBOX_TEST_RIBS.unavailable, 'AMINA EL IDRISSI')).toEqual({
      result: 'unavailable',
    });
  });

  it('answers a submitted file with a pain.002 the reader reads: settled, and AC01 at the no-match RIB', async () => {
    const file = {
      messageId: 'SILA-20261130-0001',
      createdAt: now(),
      executionDate: '2026-11-30',
      debtor: { name: 'SILA PAYMENTS SAS', rib: '007780000123456789012396', bic: 'BCMAMAMC' },
      deposits: [
        { endToEndId: 'D1', amount: money('MAD', 10_000n), creditorName: 'AMINA', rib: '230810211111222233334466' },
        { endToEndId: 'D2', amount: money('MAD', 20_000n), creditorName: 'KARIM', rib: SANDBOX_TEST_RIBS.noMatch },
      ],
    };
    await bank.submitFile(file, writePain001(file));
    const [report, ...more] = await bank.collectReports();
    expect(more).toEqual([]);
    expect(bank.readReport(report ?? '')).toMatchObject({
      originalMessageId: 'SILA-20261130-0001',
      transactions: [
        { endToEndId: 'D1', status: 'settled' },
        { endToEndId: 'D2', status: 'rejected', reason: 'AC01' },
      ],
    });
    expect(await bank.collectReports()).toEqual([]);
  });
});

describe('sandbox mobile wallets', () => {
  const secret = 'whsec_test_wallet';
  function setUp() {
    const received: { body: string; signature: string }[] = [];
    const wallets = sandboxMobileWallets({
      secret,
      delayMs: 0,
      now,
      deliver: (body, signature) => {
        received.push({ body, signature });
        return Promise.resolve();
      },
    });
    return { wallets, received };
  }
  const request = (phone: string, key = `key-${phone}`) => ({
    idempotencyKey: key,
    phone,
    amount: money('MAD', 50_000n),
    recipientName: 'AMINA EL IDRISSI',
  });

  it('completes a payout by a signed callback that verifies', async () => {
    const { wallets, received } = setUp();
    const { partnerReference } = await wallets.requestPayout(request('+212612345678'));
    await wallets.settled();
    expect(received).toHaveLength(1);
    const callback = wallets.verifyCallback(Buffer.from(received[0]!.body), received[0]!.signature, now());
    expect(callback).toEqual({
      idempotencyKey: 'key-+212612345678',
      partnerReference,
      outcome: { status: 'completed' },
    });
  });

  it('fails at each documented test number with its reason', async () => {
    const { wallets, received } = setUp();
    for (const phone of Object.keys(SANDBOX_TEST_WALLETS)) await wallets.requestPayout(request(phone));
    await wallets.settled();
    const outcomes = received.map((r) => wallets.verifyCallback(Buffer.from(r.body), r.signature, now()).outcome);
    expect(outcomes).toEqual([
      { status: 'failed', reason: 'wallet_not_found' },
      { status: 'failed', reason: 'wallet_ceiling_exceeded' },
      { status: 'failed', reason: 'partner_unavailable' },
    ]);
  });

  it('the same idempotency key is the same payout: one reference, one callback', async () => {
    const { wallets, received } = setUp();
    const first = await wallets.requestPayout(request('+212712345678', 'same'));
    const again = await wallets.requestPayout(request('+212712345678', 'same'));
    await wallets.settled();
    expect(again).toEqual(first);
    expect(received).toHaveLength(1);
  });

  it('refuses a callback whose body or signature was changed, signed with another secret, or too old', async () => {
    const { wallets, received } = setUp();
    await wallets.requestPayout(request('+212612345678'));
    await wallets.settled();
    const { body, signature } = received[0]!;
    const forged = body.replace('completed', 'failed');
    expect(() => wallets.verifyCallback(Buffer.from(forged), signature, now())).toThrow(InvalidSignatureError);
    expect(() => wallets.verifyCallback(Buffer.from(body), undefined, now())).toThrow(InvalidSignatureError);
    const other = signPayload(body, 'another-secret', now());
    expect(() => wallets.verifyCallback(Buffer.from(body), other, now())).toThrow(InvalidSignatureError);
    const later = new Date(now().getTime() + 3_600_000);
    expect(() => wallets.verifyCallback(Buffer.from(body), signature, later)).toThrow(InvalidSignatureError);
  });

  it('pays only Moroccan mobile numbers', async () => {
    const { wallets } = setUp();
    await expect(wallets.requestPayout(request('+33612345678'))).rejects.toThrow(/Moroccan mobile/);
    expect(isMoroccanMobile('+212612345678')).toBe(true);
    expect(isMoroccanMobile('+212712345678')).toBe(true);
    expect(isMoroccanMobile('+212512345678')).toBe(false);
    expect(isMoroccanMobile('+21261234567')).toBe(false);
  });
});
