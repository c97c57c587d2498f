/**
 * The Merkle sum tree of a proof of liabilities (ADR 012, tree version 2), isomorphic: the server builds it with
 * Node's SHA-256, the browser verifies a proof with WebCrypto, `npm run verify-proof` with Node again. The byte
 * layout here IS the specification an independent verifier follows: change it only with a new version in the ADR.
 *
 * - owner  = SHA-256(0x02 || secret[32] || wallet address[20])   (the customer recomputes it: their address is on
 *            their profile, the secret comes with their proof and is drawn again for every snapshot)
 * - leaf   = SHA-256(0x00 || owner[32] || part u32be || amount u64be),   sum = amount
 *            (a customer's balance is split into several parts, each its own leaf at a random position)
 * - inner  = SHA-256(0x01 || left.hash[32] || left.sum u64be || right.hash[32] || right.sum u64be),
 *            sum = left.sum + right.sum
 * - the leaf level is filled up to its size class (a power of two) with zero-sum padding leaves whose hash is
 *   random: nobody but the server can tell them from a customer's part of 0.
 * - every sum is an integer in [0, 2^63 - 1]; anything else is refused, when building and when verifying.
 */

export const HASH_BYTES = 32;
export const SECRET_BYTES = 32;
export const ADDRESS_BYTES = 20;
export const MAX_SUM = 2n ** 63n - 1n;
const LEAF_TAG = 0x00;
const NODE_TAG = 0x01;
const OWNER_TAG = 0x02;

/** Synchronous SHA-256 (the server builds 200,000 hashes per 100,000 leaves: no promise per hash). */
export type Sha256 = (data: Uint8Array) => Uint8Array;
/** Asynchronous SHA-256: WebCrypto's `crypto.subtle.digest` in the browser. */
export type Sha256Async = (data: Uint8Array) => Promise<Uint8Array>;

export interface SumNode {
  hash: Uint8Array;
  sum: bigint;
}

export class SumTreeError extends Error {}

export const paddingNode: SumNode = { hash: new Uint8Array(HASH_BYTES), sum: 0n };

function checkSum(value: bigint, what: string): bigint {
  if (value < 0n) throw new SumTreeError(`${what} is negative`);
  if (value > MAX_SUM) throw new SumTreeError(`${what} exceeds 2^63 - 1`);
  return value;
}

/** Unsigned 64-bit big-endian (the value is checked to be in range first). */
function writeU64(out: Uint8Array, offset: number, value: bigint): void {
  new DataView(out.buffer, out.byteOffset, out.byteLength).setBigUint64(offset, value, false);
}

/** A wallet address (0x + 40 hex digits, any case) as its 20 bytes. */
export function addressBytes(address: string): Uint8Array {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new SumTreeError('a wallet address is 0x and 40 hex digits');
  const hex = address.slice(2).toLowerCase();
  const out = new Uint8Array(ADDRESS_BYTES);
  for (let i = 0; i < ADDRESS_BYTES; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** 53 bytes: 0x02, the customer's secret of this snapshot and their wallet address. Its hash names the owner. */
export function ownerPreimage(secret: Uint8Array, address: string): Uint8Array {
  if (secret.length !== SECRET_BYTES) throw new SumTreeError(`a secret has ${SECRET_BYTES} bytes`);
  const out = new Uint8Array(1 + SECRET_BYTES + ADDRESS_BYTES);
  out[0] = OWNER_TAG;
  out.set(secret, 1);
  out.set(addressBytes(address), 1 + SECRET_BYTES);
  return out;
}

/** 45 bytes: 0x00, the owner hash, the part's number (u32) and its amount (u64), big-endian. */
export function leafPreimage(owner: Uint8Array, part: number, amount: bigint): Uint8Array {
  if (owner.length !== HASH_BYTES) throw new SumTreeError(`an owner hash has ${HASH_BYTES} bytes`);
  if (!Number.isInteger(part) || part < 0 || part > 0xffffffff) throw new SumTreeError('part number out of range');
  checkSum(amount, 'an amount');
  const out = new Uint8Array(1 + HASH_BYTES + 12);
  out[0] = LEAF_TAG;
  out.set(owner, 1);
  new DataView(out.buffer).setUint32(1 + HASH_BYTES, part, false);
  writeU64(out, 1 + HASH_BYTES + 4, amount);
  return out;
}

/** 81 bytes: 0x01, the left hash and sum, the right hash and sum. */
export function nodePreimage(left: SumNode, right: SumNode): Uint8Array {
  if (left.hash.length !== HASH_BYTES || right.hash.length !== HASH_BYTES)
    throw new SumTreeError('a hash has 32 bytes');
  const out = new Uint8Array(1 + 2 * (HASH_BYTES + 8));
  out[0] = NODE_TAG;
  out.set(left.hash, 1);
  writeU64(out, 1 + HASH_BYTES, checkSum(left.sum, 'a sum'));
  out.set(right.hash, 1 + HASH_BYTES + 8);
  writeU64(out, 1 + 2 * HASH_BYTES + 8, checkSum(right.sum, 'a sum'));
  return out;
}

export function parentSum(left: SumNode, right: SumNode): bigint {
  return checkSum(left.sum + right.sum, 'a sum of sums');
}

export function leafNode(sha256: Sha256, owner: Uint8Array, part: number, amount: bigint): SumNode {
  return { hash: sha256(leafPreimage(owner, part, amount)), sum: amount };
}

/** Number of levels above the leaves: ceil(log2(leafCount)), 0 for one leaf or none. */
export function treeDepth(leafCount: number): number {
  let depth = 0;
  while (2 ** depth < leafCount) depth++;
  return depth;
}

/**
 * All levels, leaves first (sorted by hash by the caller: sortLeaves), root last. Level 0 is padded to a power of
 * two, so every level has an even count except the root's.
 */
export function buildLevels(sortedLeaves: readonly SumNode[], sha256: Sha256): SumNode[][] {
  const width = 2 ** treeDepth(sortedLeaves.length);
  const level0: SumNode[] = [...sortedLeaves];
  while (level0.length < width) level0.push(paddingNode);
  const levels: SumNode[][] = [level0];
  let current = level0;
  // The padding on the right is made of identical subtrees: the parent of two is hashed once per level (for
  // 100,000 leaves padded to 131,072, about 31,000 of the 131,000 node hashes).
  let pad = paddingNode;
  // `sha256` is synchronous, so one preimage buffer serves every node (nodePreimage's layout, without an
  // allocation per node: 131,000 of them for 100,000 leaves).
  const preimage = new Uint8Array(1 + 2 * (HASH_BYTES + 8));
  const view = new DataView(preimage.buffer);
  preimage[0] = NODE_TAG;
  const hashNode = (left: SumNode, right: SumNode, sum: bigint): SumNode => {
    if (left.hash.length !== HASH_BYTES || right.hash.length !== HASH_BYTES)
      throw new SumTreeError('a hash has 32 bytes');
    preimage.set(left.hash, 1);
    view.setBigUint64(1 + HASH_BYTES, checkSum(left.sum, 'a sum'), false);
    preimage.set(right.hash, 1 + HASH_BYTES + 8);
    view.setBigUint64(1 + 2 * HASH_BYTES + 8, checkSum(right.sum, 'a sum'), false);
    return { hash: sha256(preimage), sum };
  };
  while (current.length > 1) {
    const next: SumNode[] = [];
    let padParent: SumNode | undefined;
    for (let i = 0; i < current.length; i += 2) {
      const left = current[i] ?? paddingNode;
      const right = current[i + 1] ?? paddingNode;
      if (left === pad && right === pad) {
        padParent ??= hashNode(left, right, 0n);
        next.push(padParent);
        continue;
      }
      next.push(hashNode(left, right, parentSum(left, right)));
    }
    pad = padParent ?? pad;
    levels.push(next);
    current = next;
  }
  return levels;
}

export function rootOf(levels: readonly SumNode[][]): SumNode {
  return levels[levels.length - 1]?.[0] ?? paddingNode;
}

/** The siblings from the leaf at `index` up to the root's children. */
export function siblingPath(levels: readonly SumNode[][], index: number): SumNode[] {
  const path: SumNode[] = [];
  let i = index;
  for (let level = 0; level < levels.length - 1; level++) {
    const sibling = levels[level]?.[i ^ 1];
    if (!sibling) throw new SumTreeError(`no sibling at level ${level}`);
    path.push(sibling);
    i >>= 1;
  }
  return path;
}
