import { formatAmount, money, type Currency } from '../../../common/money/money.ts';

/** The reconciliation's figures: amounts as the screens show them, and running counts with their totals. */

export const fmt = (currency: Currency, minor: bigint | string) => formatAmount(money(currency, BigInt(minor)));
export const eur = (minor: bigint | string) => fmt('EUR', minor);
export const mad = (minor: bigint | string) => fmt('MAD', minor);

export interface Tally {
  count: number;
  minor: bigint;
}
export const tally = (): Tally => ({ count: 0, minor: 0n });
export const add = (t: Tally, minor: bigint | string) => {
  t.count += 1;
  t.minor += BigInt(minor);
};
