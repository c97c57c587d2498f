import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress, NOT_PUBLIC, publicOnlyLookup } from '../push/push-destination.ts';
import { verifySignature } from '../payments/webhook-signature.ts';
import type { MobileWalletPartner, WalletCallback, WalletPayoutRequest } from './payout-partner.ts';
import { isMoroccanMobile } from './payout-partner.ts';
import { walletCallbackFrom } from './sandbox-payout-partner.ts';

/** How long one request to the operator may take before it counts as a failed attempt (retried with the same key). */
const REQUEST_TIMEOUT_MS = 10_000;

export class WalletPartnerError extends Error {}

export interface HttpWalletOptions {
  /** The operator's API base (PAYOUT_WALLET_URL): payouts are POSTed to `<url>/payouts`. */
  url: string;
  /** Our API key at the operator (PAYOUT_WALLET_KEY), sent as a bearer token. */
  key: string;
  /** The callbacks' signing secret (PAYOUT_WALLET_CALLBACK_SECRET). */
  callbackSecret: string;
  /** Where the operator calls us back (PUBLIC_URL + the callback route), sent with each request. */
  callbackUrl: string | undefined;
  /** Tests: the name resolution the connection's address check runs on. */
  resolve?: LookupFunction;
  /** Tests only: a local stub operator, connected to as given (the address check is what keeps everything else out). */
  trustLocal?: boolean;
}

/**
 * The wallet operator over HTTPS. The URL is configuration, not user input, but the address it resolves to is still
 * judged when each connection opens (publicOnlyLookup, as pushes are): a DNS record re-pointed at the server's own
 * network (a metadata service, an admin port) is never connected to. An IP literal is judged before any request.
 * The request carries our idempotency key (header and body): a retry after a timeout is the same payout at the
 * operator. The callback is verified with the card webhooks' scheme before anything in it is believed.
 */
export function httpMobileWallets(options: HttpWalletOptions): MobileWalletPartner {
  const base = new URL(options.url);
  if (base.protocol !== 'https:' && !options.trustLocal) throw new Error('PAYOUT_WALLET_URL must be https');
  const literal = base.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!options.trustLocal && isIP(literal) !== 0 && !isPublicAddress(literal))
    throw new Error(`PAYOUT_WALLET_URL: ${literal} is not a public address`);
  const lookup = options.trustLocal ? undefined : publicOnlyLookup(options.resolve);
  const agent =
    base.protocol === 'https:'
      ? new HttpsAgent({ keepAlive: true, lookup })
      : new HttpAgent({ keepAlive: true, lookup });
  const endpoint = new URL(`${base.pathname.replace(/\/$/, '')}/payouts`, base);

  /** One request to the operator through the checked agent: a payout POSTed, or a payout's status asked (GET). */
  function exchange(
    url: URL,
    idempotencyKey: string,
    body: string | undefined,
  ): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const request = send(
        url,
        {
          agent,
          method: body === undefined ? 'GET' : 'POST',
          headers: {
            authorization: `Bearer ${options.key}`,
            'idempotency-key': idempotencyKey,
            ...(body !== undefined && {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            }),
          },
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size <= 64 * 1024) chunks.push(chunk);
          });
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  /** The operator's answer, or a WalletPartnerError saying why it could not be had. */
  async function ask(url: URL, idempotencyKey: string, body?: string): Promise<{ status: number; text: string }> {
    try {
      return await exchange(url, idempotencyKey, body);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === NOT_PUBLIC)
        throw new WalletPartnerError(`wallet operator refused: ${(error as Error).message}`);
      throw new WalletPartnerError(`wallet operator unreachable: ${(error as Error).message}`);
    }
  }

  return {
    async requestPayout(request: WalletPayoutRequest): Promise<{ partnerReference: string }> {
      if (!isMoroccanMobile(request.phone)) throw new WalletPartnerError('not a Moroccan mobile number');
      const body = JSON.stringify({
        idempotency_key: request.idempotencyKey,
        phone: request.phone,
        amount: request.amount.minor.toString(),
        currency: 'MAD',
        recipient_name: request.recipientName,
        ...(options.callbackUrl !== undefined && { callback_url: options.callbackUrl }),
      });
      const answer = await ask(endpoint, request.idempotencyKey, body);
      if (answer.status < 200 || answer.status > 299)
        throw new WalletPartnerError(`wallet operator answered ${String(answer.status)}`);
      let reference: unknown;
      try {
        reference = (JSON.parse(answer.text) as { partner_reference?: unknown }).partner_reference;
      } catch {
        reference = undefined;
      }
      if (typeof reference !== 'string' || reference.length === 0 || reference.length > 100)
        throw new WalletPartnerError('wallet operator answered without a reference');
      return { partnerReference: reference };
    },
    verifyCallback(rawBody: Buffer, signature: string | undefined, now: Date): WalletCallback {
      verifySignature(rawBody, signature, options.callbackSecret, now);
      return walletCallbackFrom(rawBody);
    },
    /**
     * `GET <url>/payouts/<key>`, through the same agent and address checks as the payouts: 404 (the operator never
     * got it) or a payout still processing is no answer yet (null); a final one reads as its callback would.
     */
    async payoutStatus(idempotencyKey: string): Promise<WalletCallback | null> {
      const url = new URL(`${endpoint.pathname}/${encodeURIComponent(idempotencyKey)}`, endpoint);
      const answer = await ask(url, idempotencyKey);
      if (answer.status === 404) return null;
      if (answer.status < 200 || answer.status > 299)
        throw new WalletPartnerError(`wallet operator answered ${String(answer.status)}`);
      let status: unknown;
      try {
        status = (JSON.parse(answer.text) as { status?: unknown }).status;
      } catch {
        throw new WalletPartnerError('wallet operator answered a status that is not JSON');
      }
      if (status !== 'completed' && status !== 'failed') return null;
      const outcome = walletCallbackFrom(Buffer.from(answer.text, 'utf8'));
      // An answer about another payout is no answer about this one.
      if (outcome.idempotencyKey !== idempotencyKey) throw new WalletPartnerError('wallet operator answered for another payout');
      return outcome;
    },
  };
}
