import { expectedArrival, type ArrivalDates } from '../../../../../common/banking/arrival-date.ts';
import type { BankDepositPartner } from '../../../../adapters/payout-partner/payout-partner.ts';
import { sandboxBankDeposits } from '../../../../adapters/payout-partner/sandbox-payout-partner.ts';
import type { ServiceDeps } from '../../../service-deps.ts';

/**
 * The bank deposits' partner of this configuration: the built-in sandbox (PAYOUT_BANK_PARTNER=sandbox), the only
 * implementation until a partner bank's channel exists (ADR 023). One per configuration, so the sandbox keeps the
 * files it was given and the reports it owes across calls of one server.
 */
const partners = new WeakMap<object, BankDepositPartner>();

export function bankPartner(deps: Pick<ServiceDeps, 'config' | 'clock'>): BankDepositPartner {
  let partner = partners.get(deps.config);
  if (!partner) {
    partner = sandboxBankDeposits(() => deps.clock.now());
    partners.set(deps.config, partner);
  }
  return partner;
}

/** When a deposit sent at `sentAt` is executed and reaches the recipient's account, under the configured calendar. */
export function arrivalOf(deps: Pick<ServiceDeps, 'config'>, sentAt: Date): ArrivalDates {
  const [hours = 0, minutes = 0] = deps.config.PAYOUT_CUTOFF.split(':').map(Number);
  return expectedArrival(sentAt, {
    cutOffMinutes: hours * 60 + minutes,
    holidays: deps.config.PAYOUT_HOLIDAYS,
    settlementDays: deps.config.PAYOUT_SETTLEMENT_DAYS,
  });
}
