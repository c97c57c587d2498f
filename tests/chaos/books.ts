import type { RateEvent } from './journal.ts';

/**
 * The client's books: what every wallet must hold at the end, built only from what the clients did and were told
 * (the journal), never from the app's tables. A known outcome moves both bounds by its amount; an outcome the
 * client cannot know (an unanswered request, a transfer that may have expired or been claimed) widens the range
 * by it. Each wallet's final balance must fall in its range: a move credited to the wrong wallet, at the wrong
 * rate, twice, or not at all lands outside one (or, for a move inside an unknown outcome, in the totals).
 */

export interface Range {
  min: bigint;
  max: bigint;
}

export class WalletBook {
  private readonly ranges = new Map<string, Range>();

  private range(userId: string): Range {
    let r = this.ranges.get(userId);
    if (!r) {
      r = { min: 0n, max: 0n };
      this.ranges.set(userId, r);
    }
    return r;
  }

  /** A move the client knows happened: `delta` (signed) on `userId`'s wallet. */
  exact(userId: string, delta: bigint): void {
    this.between(userId, delta, delta);
  }

  /** A move of `low` to `high` (signed, low <= high): e.g. [-amount, 0] for a send that may or may not exist. */
  between(userId: string, low: bigint, high: bigint): void {
    const r = this.range(userId);
    r.min += low < high ? low : high;
    r.max += low < high ? high : low;
  }

  /** A move that happened or not: 0 or `delta`. */
  maybe(userId: string, delta: bigint): void {
    this.between(userId, delta < 0n ? delta : 0n, delta < 0n ? 0n : delta);
  }

  expected(userId: string): Range {
    return { ...this.range(userId) };
  }

  users(): string[] {
    return [...this.ranges.keys()];
  }
}

export const formatRange = (r: Range) => (r.min === r.max ? `${r.min}` : `[${r.min}, ${r.max}]`);

/** A decimal rate ("10.7", "10.7000") as an exact fraction units / 10^scale; the client's own parser. */
function rateFraction(rate: string): { units: bigint; scale: bigint } {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!m) throw new Error(`not a rate: ${rate}`);
  const decimals = m[2] ?? '';
  return { units: BigInt(`${m[1]}${decimals}`), scale: BigInt(decimals.length) };
}

/** Two decimals are the same number ("10.7" and "10.7000"). */
export function sameDecimal(a: string, b: string): boolean {
  const x = rateFraction(a);
  const y = rateFraction(b);
  return x.units * 10n ** y.scale === y.units * 10n ** x.scale;
}

/**
 * EUR cents -> MAD centimes at `rate` (MAD per EUR), as the exchange rules say: euros x rate, rounded once to whole
 * dirhams (half away from zero). Written here again on purpose: the app's eurToMad is what is under test.
 */
export function madFor(eurCents: bigint, rate: string): bigint {
  const { units, scale } = rateFraction(rate);
  const denominator = 100n * 10n ** scale;
  const product = eurCents * units;
  const dirhams = (2n * product + denominator) / (2n * denominator);
  return dirhams * 100n;
}

/**
 * The customer rates that may have priced a validation sent at `sentAt` and answered at `answeredAt`: the one in
 * force when it left, and any set while it was under way. (Chaos customers never subscribe: the freemium rate.)
 */
export function ratesDuring(events: RateEvent[], sentAt: number, answeredAt: number): string[] {
  const before = events.filter((e) => e.to <= sentAt).sort((a, b) => a.to - b.to);
  const during = events.filter((e) => e.to > sentAt && e.from <= answeredAt);
  const candidates = [...before.slice(-1), ...during].map((e) => e.freemium);
  return [...new Set(candidates)];
}
