import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SUBSCRIPTION_PRICE_CENTS } from '../../../common/api/billing.ts';
import { ratesSchema } from '../../../common/api/rates.ts';
import { formatAmount, money } from '../../../common/money/money.ts';
import { currentRates } from './rates.service.ts';
import type { RouteModuleOptions } from '../route-module.ts';

/** Public: the rates are shown before sign-in decisions and are the same for everyone. */
export const ratesRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps }) => {
  app.get(
    '/rates/',
    {
      schema: {
        tags: ['rates'],
        summary: 'Current rates (MAD per EUR), card fee fraction, subscription price, add-money and transfer bounds',
        response: { 200: ratesSchema },
      },
    },
    async () => {
      const rates = await currentRates(deps.db, deps.clock.now());
      return {
        official: rates.official,
        freemium: rates.freemium,
        subscription: rates.subscription,
        fee: rates.card_fee,
        subscription_price: formatAmount(money('EUR', SUBSCRIPTION_PRICE_CENTS)),
        min_amount: '1.00',
        max_amount: formatAmount(money('EUR', BigInt(deps.config.TOPUP_MAX_EUR) * 100n)),
        transfer_min_amount: formatAmount(money('MAD', BigInt(deps.config.TRANSFER_MIN_MAD) * 100n)),
        transfer_max_amount: formatAmount(money('MAD', BigInt(deps.config.TRANSFER_MAX_MAD) * 100n)),
        // Whole days, rounded down: the confirmation never promises a day more than the pickup really waits.
        pickup_valid_days: Math.max(1, Math.floor(deps.config.PICKUP_TTL_SECONDS / 86_400)),
        updated_at: rates.effective_at.toISOString(),
      };
    },
  );
};
