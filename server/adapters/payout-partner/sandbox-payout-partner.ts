import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { parseRib } from '../../../common/banking/rib.ts';
import { signPayload, verifySignature } from '../payments/webhook-signature.ts';
import type {
  BankDepositPartner,
  MobileWalletPartner,
  PayeeCheck,
  WalletCallback,
  WalletFailure,
  WalletPayoutRequest,
} from './payout-partner.ts';
import { isMoroccanMobile } from './payout-partner.ts';
import type { CreditTransferFile } from './pain001.ts';
import { readPain002 } from './pain002.ts';

/**
 * The built-in partner of development and tests, like the card sandbox: it answers as a real one would, and
 * documented test RIBs and test numbers give each other answer, as a payment provider's test cards do.
 *
 * Confirmation of payee answers 'match' for any RIB but these (valid RIBs at Attijariwafa bank, code 007):
 */
export const SANDBOX_TEST_RIBS = {
  /** 'close match': the bank holds the name with its first word shortened to an initial. */
  closeMatch: '007780000000000000000160',
  noMatch: '007780000000000000000257',
  unavailable: '007780000000000000000354',
} as const;

/** Wallet payouts complete within seconds, except to these numbers, each failing with its reason. */
export const SANDBOX_TEST_WALLETS: Record<string, WalletFailure> = {
  '+212600000001': 'wallet_not_found',
  '+212600000002': 'wallet_ceiling_exceeded',
  '+212600000003': 'partner_unavailable',
};

/**
 * Numbers whose callback never comes: the sandbox accepts the payout and then stays silent. Asked for the payout's
 * status, it answers as an operator that lost its callback would (`callback_lost`: completed) or as one that never
 * answers (`no_answer`: still processing), for the follow-up of late callbacks.
 */
export const SANDBOX_SILENT_WALLETS: Record<string, 'callback_lost' | 'no_answer'> = {
  '+212600000004': 'callback_lost',
  '+212600000005': 'no_answer',
};

/** The callback's signature header (same scheme as the card webhooks: t=<seconds>,v1=<hex HMAC>). */
export const WALLET_SIGNATURE_HEADER = 'x-payout-signature';

const callbackSchema = z.object({
  idempotency_key: z.string().min(1).max(200),
  partner_reference: z.string().min(1).max(100),
  status: z.enum(['completed', 'failed']),
  reason: z.enum(['wallet_not_found', 'wallet_ceiling_exceeded', 'partner_unavailable']).optional(),
});

/** A verified callback body as the wallet interface reads it; shared by the sandbox and the HTTP partner. */
export function walletCallbackFrom(rawBody: Buffer): WalletCallback {
  const body = callbackSchema.parse(JSON.parse(rawBody.toString('utf8')));
  if (body.status === 'failed' && !body.reason) throw new Error('a failed payout callback without its reason');
  return {
    idempotencyKey: body.idempotency_key,
    partnerReference: body.partner_reference,
    outcome: body.status === 'completed' ? { status: 'completed' } : { status: 'failed', reason: body.reason! },
  };
}

export interface SandboxOptions {
  /** The callbacks' signing secret (the receiving route checks with the same). */
  secret: string;
  /** Where the callback goes: the receiving route in the app, or a test's collector. */
  deliver: (rawBody: string, signature: string) => Promise<void>;
  /** How long the sandbox takes to answer a wallet payout (a few seconds in development, 0 in tests). */
  delayMs: number;
  now: () => Date;
}

export function sandboxBankDeposits(now: () => Date): BankDepositPartner & { submitted: string[] } {
  const pending: string[] = [];
  const submitted: string[] = [];
  return {
    submitted,
    confirmPayee(rib: string, holderName: string): Promise<PayeeCheck> {
      const digits = parseRib(rib);
      if (!digits.ok) return Promise.resolve({ result: 'no_match' });
      switch (digits.value.digits) {
        case SANDBOX_TEST_RIBS.closeMatch: {
          const [first = '', ...rest] = holderName.split(' ');
          return Promise.resolve({ result: 'close_match', bankHolderName: [first.slice(0, 1), ...rest].join(' ') });
        }
        case SANDBOX_TEST_RIBS.noMatch:
          return Promise.resolve({ result: 'no_match' });
        case SANDBOX_TEST_RIBS.unavailable:
          return Promise.resolve({ result: 'unavailable' });
        default:
          return Promise.resolve({ result: 'match' });
      }
    },
    // The sandbox bank settles every deposit of a file at once, except deposits to the no-match test RIB,
    // which it rejects as a wrong account (AC01), as a real bank would a name that is not its holder's.
    submitFile(file: CreditTransferFile, xml: string): Promise<void> {
      submitted.push(xml);
      const lines = file.deposits.map((d) =>
        d.rib === SANDBOX_TEST_RIBS.noMatch
          ? `<TxInfAndSts><OrgnlEndToEndId>${d.endToEndId}</OrgnlEndToEndId><TxSts>RJCT</TxSts><StsRsnInf><Rsn><Cd>AC01</Cd></Rsn></StsRsnInf></TxInfAndSts>`
          : `<TxInfAndSts><OrgnlEndToEndId>${d.endToEndId}</OrgnlEndToEndId><TxSts>ACSC</TxSts></TxInfAndSts>`,
      );
      pending.push(
        `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10"><CstmrPmtStsRpt><GrpHdr><MsgId>SANDBOX-${file.messageId}</MsgId><CreDtTm>${now().toISOString().slice(0, 19)}</CreDtTm></GrpHdr><OrgnlGrpInfAndSts><OrgnlMsgId>${file.messageId}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId></OrgnlGrpInfAndSts><OrgnlPmtInfAndSts><OrgnlPmtInfId>${file.messageId}</OrgnlPmtInfId>${lines.join('')}</OrgnlPmtInfAndSts></CstmrPmtStsRpt></Document>`,
      );
      return Promise.resolve();
    },
    collectReports(): Promise<string[]> {
      return Promise.resolve(pending.splice(0));
    },
    readReport: readPain002,
  };
}

export function sandboxMobileWallets(options: SandboxOptions): MobileWalletPartner & { settled(): Promise<void> } {
  const byKey = new Map<string, string>();
  /** What the sandbox would answer for each key it accepted (the callback it sent, or would have sent). */
  const outcomes = new Map<string, string>();
  const inFlight = new Set<Promise<void>>();
  return {
    requestPayout(request: WalletPayoutRequest): Promise<{ partnerReference: string }> {
      if (!isMoroccanMobile(request.phone)) return Promise.reject(new Error('not a Moroccan mobile number'));
      const known = byKey.get(request.idempotencyKey);
      // The same key again is the same payout: its reference, and no second callback.
      if (known) return Promise.resolve({ partnerReference: known });
      const partnerReference = `sbx_${randomUUID()}`;
      byKey.set(request.idempotencyKey, partnerReference);
      const failure = SANDBOX_TEST_WALLETS[request.phone];
      const body = JSON.stringify({
        idempotency_key: request.idempotencyKey,
        partner_reference: partnerReference,
        status: failure ? 'failed' : 'completed',
        ...(failure ? { reason: failure } : {}),
      });
      const silent = SANDBOX_SILENT_WALLETS[request.phone];
      if (silent !== 'no_answer') outcomes.set(request.idempotencyKey, body);
      if (silent !== undefined) return Promise.resolve({ partnerReference });
      const delivery = new Promise<void>((resolve) => setTimeout(resolve, options.delayMs))
        .then(() => options.deliver(body, signPayload(body, options.secret, options.now())))
        .finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
      return Promise.resolve({ partnerReference });
    },
    verifyCallback(rawBody: Buffer, signature: string | undefined, now: Date): WalletCallback {
      verifySignature(rawBody, signature, options.secret, now);
      return walletCallbackFrom(rawBody);
    },
    payoutStatus(idempotencyKey: string): Promise<WalletCallback | null> {
      const body = outcomes.get(idempotencyKey);
      return Promise.resolve(body === undefined ? null : walletCallbackFrom(Buffer.from(body, 'utf8')));
    },
    /** Every callback sent so far has been delivered (for tests). */
    async settled(): Promise<void> {
      await Promise.all([...inFlight]);
    },
  };
}
