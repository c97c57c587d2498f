import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money } from '../../../common/money/money.ts';
import { InvalidSignatureError, signPayload } from '../payments/webhook-signature.ts';
import { httpMobileWallets } from './http-mobile-wallet-partner.ts';

/** The HTTP wallet operator: where it may connect, what it sends, and how it reads the operator's answers. */
const request = {
  idempotencyKey: 'sila-payout-42',
  phone: '+212612345678',
  amount: money('MAD', 150_00n),
  recipientName: 'Amina Idrissi',
};
const base = { key: 'k', callbackSecret: 'a-callback-secret-of-tests', callbackUrl: 'https://sila.test/cb/' };

let seen: { method?: string; url?: string; headers: IncomingHttpHeaders; body: string }[] = [];
let answer = { status: 202, body: '{"partner_reference":"op-123"}' };
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    seen.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
});
let local = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  local = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/v1`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('the HTTP mobile wallet operator', () => {
  it('refuses a URL that is not https or whose address is not public, before any request', () => {
    expect(() => httpMobileWallets({ ...base, url: 'http://wallet.example.com' })).toThrow(/https/);
    expect(() => httpMobileWallets({ ...base, url: 'https://127.0.0.1/' })).toThrow(/not a public address/);
    expect(() => httpMobileWallets({ ...base, url: 'https://10.0.0.7/' })).toThrow(/not a public address/);
    expect(() => httpMobileWallets({ ...base, url: 'https://[::1]/' })).toThrow(/not a public address/);
  });

  it('never connects to a name that resolves to a private address', async () => {
    seen = [];
    const partner = httpMobileWallets({
      ...base,
      url: 'https://wallet.example.com/',
      // The DNS answer an attacker would have re-pointed: the metadata service.
      resolve: (_host, _options, callback) =>
        (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
          { address: '169.254.169.254', family: 4 },
        ]),
    });
    await expect(partner.requestPayout(request)).rejects.toThrow(/not a public address/);
    expect(seen).toEqual([]);
  });

  it('sends the payout with our idempotency key and key, and reads the reference', async () => {
    seen = [];
    answer = { status: 202, body: '{"partner_reference":"op-123"}' };
    const partner = httpMobileWallets({ ...base, url: local, trustLocal: true });
    expect(await partner.requestPayout(request)).toEqual({ partnerReference: 'op-123' });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers.authorization).toBe('Bearer k');
    expect(seen[0]?.headers['idempotency-key']).toBe('sila-payout-42');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({
      idempotency_key: 'sila-payout-42',
      phone: '+212612345678',
      amount: '15000',
      currency: 'MAD',
      recipient_name: 'Amina Idrissi',
      callback_url: 'https://sila.test/cb/',
    });
  });

  it('counts an error answer or one without a reference as a failed attempt', async () => {
    const partner = httpMobileWallets({ ...base, url: local, trustLocal: true });
    answer = { status: 503, body: '{}' };
    await expect(partner.requestPayout(request)).rejects.toThrow(/503/);
    answer = { status: 200, body: 'not json' };
    await expect(partner.requestPayout(request)).rejects.toThrow(/reference/);
    await expect(partner.requestPayout({ ...request, phone: '+33612345678' })).rejects.toThrow(/Moroccan/);
  });

  it("asks a payout's status by our key with a GET, and reads only a final answer about that payout", async () => {
    const partner = httpMobileWallets({ ...base, url: local, trustLocal: true });
    seen = [];
    answer = {
      status: 200,
      body: '{"idempotency_key":"sila-payout-42","partner_reference":"op-123","status":"failed","reason":"wallet_not_found"}',
    };
    expect(await partner.payoutStatus('sila-payout-42')).toEqual({
      idempotencyKey: 'sila-payout-42',
      partnerReference: 'op-123',
      outcome: { status: 'failed', reason: 'wallet_not_found' },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/v1/payouts/sila-payout-42', body: '' });
    expect(seen[0]?.headers.authorization).toBe('Bearer k');
    expect(seen[0]?.headers['idempotency-key']).toBe('sila-payout-42');
    // Still processing, or unknown to the operator: no answer yet.
    answer = { status: 200, body: '{"idempotency_key":"sila-payout-42","partner_reference":"op-123","status":"processing"}' };
    expect(await partner.payoutStatus('sila-payout-42')).toBeNull();
    answer = { status: 404, body: '{}' };
    expect(await partner.payoutStatus('sila-payout-42')).toBeNull();
    // An error, an unreadable answer, or one about another payout: it could not be asked.
    answer = { status: 503, body: '{}' };
    await expect(partner.payoutStatus('sila-payout-42')).rejects.toThrow(/503/);
    answer = { status: 200, body: 'not json' };
    await expect(partner.payoutStatus('sila-payout-42')).rejects.toThrow(/JSON/);
    answer = { status: 200, body: '{"idempotency_key":"sila-payout-7","partner_reference":"op-1","status":"completed"}' };
    await expect(partner.payoutStatus('sila-payout-42')).rejects.toThrow(/another payout/);
  });

  it('asks no status of a name that resolves to a private address', async () => {
    seen = [];
    const partner = httpMobileWallets({
      ...base,
      url: 'https://wallet.example.com/',
      resolve: (_host, _options, callback) =>
        (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
          { address: '10.0.0.7', family: 4 },
        ]),
    });
    await expect(partner.payoutStatus('sila-payout-42')).rejects.toThrow(/not a public address/);
    expect(seen).toEqual([]);
  });

  it('believes a callback only with a valid signature of its raw body', () => {
    const partner = httpMobileWallets({ ...base, url: local, trustLocal: true });
    const body = JSON.stringify({
      idempotency_key: 'sila-payout-42',
      partner_reference: 'op-123',
      status: 'failed',
      reason: 'wallet_not_found',
    });
    const now = new Date();
    expect(partner.verifyCallback(Buffer.from(body), signPayload(body, base.callbackSecret, now), now)).toEqual({
      idempotencyKey: 'sila-payout-42',
      partnerReference: 'op-123',
      outcome: { status: 'failed', reason: 'wallet_not_found' },
    });
    expect(() => partner.verifyCallback(Buffer.from(body), signPayload(body, 'another-secret', now), now)).toThrow(
      InvalidSignatureError,
    );
    expect(() => partner.verifyCallback(Buffer.from(body), undefined, now)).toThrow(InvalidSignatureError);
  });
});
