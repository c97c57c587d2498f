import type { Kysely } from 'kysely';
import { formatDecimal, parseDecimal, type Decimal } from '../../../common/money/decimal.ts';
import type { Database } from '../../db/schema.ts';
import { serviceUnavailable } from '../../http/http-error.ts';
import { insertRates, latestRates, type RatesRow } from './rates.repository.ts';

export type CurrentRates = RatesRow;

/** The newest rates row, or a 503: without rates nothing priced can be shown (operators run `rates:set`). */
export async function currentRates(db: Kysely<Database>): Promise<CurrentRates> {
  const rates = await latestRates(db);
  if (!rates) throw serviceUnavailable();
  return rates;
}

export async function hasRates(db: Kysely<Database>): Promise<boolean> {
  return (await latestRates(db)) !== undefined;
}

export interface RatesInput {
  official: string;
  freemium: string;
  subscription: string;
  fee: string;
}

/** Compares two exact decimals without floating point. */
function compareDecimal(a: Decimal, b: Decimal): number {
  const scale = Math.max(a.scale, b.scale);
  const x = a.units * 10n ** BigInt(scale - a.scale);
  const y = b.units * 10n ** BigInt(scale - b.scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Checks and records new rates; they apply from now on. The customer rates may not beat the official rate and the
 * subscription rate may not be worse than the freemium one: either would be a typo that costs money.
 */
export function validateRates(input: RatesInput): string[] {
  const problems: string[] = [];
  const parsed = new Map<string, Decimal>();
  for (const name of ['official', 'freemium', 'subscription', 'fee'] as const) {
    const text = input[name];
    const value = parseDecimal(text);
    if (!value || (value.units === 0n && name !== 'fee')) {
      problems.push(`--${name} must be a positive decimal (e.g. 10.85), got "${text}"`);
    } else if (value.scale > (name === 'fee' ? 6 : 4)) problems.push(`--${name} has too many decimals`);
    else parsed.set(name, value);
  }
  const [official, freemium, subscription, fee] = ['official', 'freemium', 'subscription', 'fee'].map((n) =>
    parsed.get(n),
  );
  if (fee && compareDecimal(fee, { units: 1n, scale: 0 }) >= 0)
    problems.push('--fee is a fraction below 1 (0.016 = 1.6 %)');
  // Customers see the fee as a percent with 2 decimals (SPEC.md 9): a finer fee would charge what is not shown.
  else if (fee && fee.scale > 4 && fee.units % 10n ** BigInt(fee.scale - 4) !== 0n) {
    const percent = formatDecimal({ units: fee.units, scale: fee.scale - 2 });
    problems.push(
      `--fee has more precision than the 2-decimal percent shown to customers (${input.fee} = ${percent} %)`,
    );
  }
  if (official && freemium && compareDecimal(freemium, official) > 0)
    problems.push('--freemium may not exceed --official');
  if (official && subscription && compareDecimal(subscription, official) > 0) {
    problems.push('--subscription may not exceed --official');
  }
  if (freemium && subscription && compareDecimal(subscription, freemium) < 0) {
    problems.push('--subscription may not be below --freemium');
  }
  return problems;
}

export async function setRates(db: Kysely<Database>, input: RatesInput): Promise<RatesRow> {
  const problems = validateRates(input);
  if (problems.length > 0) throw new RangeError(problems.join('; '));
  return insertRates(db, {
    official: input.official,
    freemium: input.freemium,
    subscription: input.subscription,
    cardFee: input.fee,
  });
}
