import { httpMobileWallets } from '../../../../adapters/payout-partner/http-mobile-wallet-partner.ts';
import type { MobileWalletPartner } from '../../../../adapters/payout-partner/payout-partner.ts';
import { sandboxMobileWallets } from '../../../../adapters/payout-partner/sandbox-payout-partner.ts';
import type { Config } from '../../../../config.ts';
import { deriveKey } from '../../../../security/keys.ts';
import type { ServiceDeps } from '../../../service-deps.ts';

/** The path the operator calls back (mobile-wallet.routes.ts serves it under /api). */
export const WALLET_CALLBACK_PATH = '/api/payouts/mobile-wallet/callback/';

/** The callbacks' signing secret: the configured one, else (the sandbox's) one derived from SECRET_KEY. */
export function walletCallbackSecret(config: Pick<Config, 'PAYOUT_WALLET_CALLBACK_SECRET' | 'SECRET_KEY'>): string {
  return config.PAYOUT_WALLET_CALLBACK_SECRET ?? deriveKey(config.SECRET_KEY, 'wallet-callback').toString('hex');
}

/**
 * What the sandbox's callbacks are handed to: the callback route's own handling (the same verification and the same
 * code path as the operator's HTTP callback), registered by wallet-callback.ts so this file needs no import of it.
 */
type Deliver = (deps: ServiceDeps, rawBody: Buffer, signature: string) => Promise<unknown>;
let deliverCallback: Deliver | undefined;
export function onSandboxCallback(deliver: Deliver): void {
  deliverCallback = deliver;
}

const partners = new WeakMap<object, MobileWalletPartner>();

/**
 * The mobile wallet operator of this configuration (PAYOUT_WALLET_PARTNER): the built-in sandbox, which answers by
 * calling our callback handling after PAYOUT_WALLET_SANDBOX_DELAY_MS, or the HTTP operator. One per configuration,
 * so the sandbox remembers the keys it was given (a repeated request is the same payout) across one server's calls.
 */
export function walletPartner(deps: ServiceDeps): MobileWalletPartner {
  let partner = partners.get(deps.config);
  if (!partner) {
    const config = deps.config;
    const secret = walletCallbackSecret(config);
    partner =
      config.PAYOUT_WALLET_PARTNER === 'http' && config.PAYOUT_WALLET_URL !== undefined
        ? httpMobileWallets({
            url: config.PAYOUT_WALLET_URL,
            key: config.PAYOUT_WALLET_KEY ?? '',
            callbackSecret: secret,
            callbackUrl:
              config.PUBLIC_URL === undefined
                ? undefined
                : `${config.PUBLIC_URL.replace(/\/$/, '')}${WALLET_CALLBACK_PATH}`,
          })
        : sandboxMobileWallets({
            secret,
            delayMs: config.PAYOUT_WALLET_SANDBOX_DELAY_MS,
            now: () => deps.clock.now(),
            deliver: async (rawBody, signature) => {
              // A sandbox callback that fails (database down) is lost like an operator's unanswered one: the
              // payout stays waiting; logged by the handler's caller, never thrown into a timer.
              await deliverCallback?.(deps, Buffer.from(rawBody, 'utf8'), signature).catch(() => undefined);
            },
          });
    partners.set(config, partner);
  }
  return partner;
}

/** Tests: the partner a configuration uses, to wait for the sandbox's callbacks. */
export function walletPartnerOf(config: object): MobileWalletPartner | undefined {
  return partners.get(config);
}
