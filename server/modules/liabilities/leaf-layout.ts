import { randomBytes } from 'node:crypto';

/**
 * Where a snapshot puts each customer's money in its tree (ADR 012, tree version 2), so that no node of anyone's
 * proof shows another customer's balance:
 * - each balance is split into PARTS random parts, each part its own leaf;
 * - the leaves go to random positions of a leaf level filled up to its size class (a power of two, at least
 *   MIN_LEAVES) with zero-sum padding leaves;
 * - a layout in which some node below the root covers every non-zero part of one customer and nothing else of
 *   anyone is drawn again: that node's sum, a sibling in someone's path, would be that customer's balance.
 */

/** Parts per balance: a sibling shows at most a random share of one balance. */
export const PARTS = 4;
/** The smallest size class: a small tree is as big as this, so its leaf count says little about its customers. */
export const MIN_LEAVES = 1024;
/** Layouts drawn before giving up; a redraw is needed about once in a thousand small trees, never in large ones. */
const MAX_DRAWS = 50;

/** The size class of a leaf level holding `leaves` leaves: the next power of two, at least MIN_LEAVES. */
export function sizeClass(leaves: number): number {
  let width = MIN_LEAVES;
  while (width < leaves) width *= 2;
  return width;
}

/** Uniform random bigint in [0, bound] from 8 random bytes (the modulo bias is below 2^-10 for any balance under 2^53). */
function randomUpTo(random: Buffer, offset: number, bound: bigint): bigint {
  return random.readBigUInt64BE(offset) % (bound + 1n);
}

/**
 * `balance` as PARTS amounts that add up to it, in random proportions. From PARTS minor units up every part is at
 * least one unit, so no part alone is the whole balance; below that, the balance is written one unit a part.
 */
export function splitBalance(balance: bigint, random: Buffer = randomBytes(8 * (PARTS - 1))): bigint[] {
  const parts = PARTS;
  const n = BigInt(parts);
  if (balance < n) return Array.from({ length: parts }, (_, i) => (BigInt(i) < balance ? 1n : 0n));
  const spare = balance - n;
  const cuts = Array.from({ length: parts - 1 }, (_, i) => randomUpTo(random, 8 * i, spare)).sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  const out: bigint[] = [];
  let previous = 0n;
  for (const cut of [...cuts, spare]) {
    out.push(1n + cut - previous);
    previous = cut;
  }
  return out;
}

/** A random permutation of 0..width-1 (Fisher-Yates on CSPRNG draws). */
function shuffledPositions(width: number): Int32Array {
  const positions = new Int32Array(width);
  for (let i = 0; i < width; i++) positions[i] = i;
  const random = new Uint32Array(randomBytes(4 * width).buffer);
  for (let i = width - 1; i > 0; i--) {
    const j = (random[i] ?? 0) % (i + 1);
    const t = positions[i] ?? 0;
    positions[i] = positions[j] ?? 0;
    positions[j] = t;
  }
  return positions;
}

const NONE = -1;
const SEVERAL = -2;

/**
 * True when a node below the root holds every non-zero part of one customer and nothing of anyone else: its sum,
 * which is a sibling in other customers' paths, would be that customer's balance. `ownerAt[position]` is the
 * customer whose non-zero part is there (NONE for padding and parts of 0); `nonZero[c]` how many parts of c are
 * not 0. A customer with one non-zero part (a balance under PARTS minor units) cannot be hidden and is not looked at.
 */
export function isolatesACustomer(ownerAt: Int32Array, nonZero: Uint8Array): boolean {
  let owner = ownerAt;
  let count = new Uint8Array(owner.length).map((_, i) => ((owner[i] ?? NONE) >= 0 ? 1 : 0));
  // Up to the root's two children (in every path), not the root (its sum is the published total).
  while (owner.length > 2) {
    const nextOwner = new Int32Array(owner.length / 2);
    const nextCount = new Uint8Array(owner.length / 2);
    for (let i = 0; i < nextOwner.length; i++) {
      const a = owner[2 * i] ?? NONE;
      const b = owner[2 * i + 1] ?? NONE;
      const o = a === NONE ? b : b === NONE || a === b ? a : SEVERAL;
      const c = o >= 0 ? (count[2 * i] ?? 0) + (count[2 * i + 1] ?? 0) : 0;
      if (o >= 0 && (nonZero[o] ?? 0) >= 2 && c === nonZero[o]) return true;
      nextOwner[i] = o;
      nextCount[i] = c;
    }
    owner = nextOwner;
    count = nextCount;
  }
  return false;
}

/**
 * Positions for every part of every customer (`parts[c][j]` goes to `positions[c * PARTS + j]`) in a level of
 * `width` leaves, redrawn until no node isolates a customer. The positions not returned are padding.
 */
export function layLeaves(parts: readonly (readonly bigint[])[], width: number): Int32Array {
  const nonZero = new Uint8Array(parts.length);
  parts.forEach((p, c) => (nonZero[c] = p.filter((amount) => amount > 0n).length));
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    const positions = shuffledPositions(width);
    const ownerAt = new Int32Array(width).fill(NONE);
    parts.forEach((p, c) =>
      p.forEach((amount, j) => {
        if (amount > 0n) ownerAt[positions[c * PARTS + j] ?? 0] = c;
      }),
    );
    if (!isolatesACustomer(ownerAt, nonZero)) return positions;
  }
  throw new Error(`no layout of ${parts.length} customers in ${width} leaves hides every balance`);
}
