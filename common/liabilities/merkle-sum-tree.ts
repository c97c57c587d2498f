/**
 * The Merkle sum tree of a proof of liabilities (ADR 012), isomorphic: the server builds it with Node's SHA-256,
 * the browser verifies a proof with WebCrypto, `npm run verify-proof` with Node again. The byte layout here IS the
 * specification an independent verifier follows: change it only with a new version in the ADR.
 *
 * - leaf   = SHA-256(0x00 || nonce[32] || account_id u64be || balance u64be),   sum = balance
 * - inner  = SHA-256(0x01 || left.hash[32] || left.sum u64be || right.hash[32] || right.sum u64be),
 *            sum = left.sum + right.sum
 * - leaves sorted by leaf hash (bytewise, ascending), then padded to a power of two with padding nodes
 *   (hash = 32 zero bytes, sum = 0); a tree of one leaf is that leaf, a tree of none is the padding node.
 * - every sum is an integer in [0, 2^63 - 1]; anything else is refused, when building and when verifying.
 */

export const HASH_BYTES = 32;
export const NONCE_BYTES = 32;
export const MAX_SUM = 2n ** 63n - 1n;
const LEAF_TAG = 0x00;
const NODE_TAG = 0x01;

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

/** 49 bytes: 0x00, the nonce, the account id and the balance (both unsigned 64-bit big-endian). */
export function leafPreimage(nonce: Uint8Array, accountId: bigint, balance: bigint): Uint8Array {
  if (nonce.length !== NONCE_BYTES) throw new SumTreeError(`a nonce has ${NONCE_BYTES} bytes`);
  if (accountId < 0n || accountId > MAX_SUM) throw new SumTreeError('account id out of range');
  checkSum(balance, 'a balance');
  const out = new Uint8Array(1 + NONCE_BYTES + 16);
  out[0] = LEAF_TAG;
  out.set(nonce, 1);
  writeU64(out, 1 + NONCE_BYTES, accountId);
  writeU64(out, 1 + NONCE_BYTES + 8, balance);
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

export function leafNode(sha256: Sha256, nonce: Uint8Array, accountId: bigint, balance: bigint): SumNode {
  return { hash: sha256(leafPreimage(nonce, accountId, balance)), sum: balance };
}

/**
 * leafNode for many leaves with a synchronous `sha256`: one preimage buffer for all of them (same bytes as
 * leafPreimage, same checks), instead of an array and two views per leaf.
 */
export function leafHasher(sha256: Sha256): (nonce: Uint8Array, accountId: bigint, balance: bigint) => SumNode {
  const preimage = new Uint8Array(1 + NONCE_BYTES + 16);
  const view = new DataView(preimage.buffer);
  preimage[0] = LEAF_TAG;
  return (nonce, accountId, balance) => {
    if (nonce.length !== NONCE_BYTES) throw new SumTreeError(`a nonce has ${NONCE_BYTES} bytes`);
    if (accountId < 0n || accountId > MAX_SUM) throw new SumTreeError('account id out of range');
    preimage.set(nonce, 1);
    view.setBigUint64(1 + NONCE_BYTES, accountId, false);
    view.setBigUint64(1 + NONCE_BYTES + 8, checkSum(balance, 'a balance'), false);
    return { hash: sha256(preimage), sum: balance };
  };
}

export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return a.length - b.length;
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

/** Sorts leaves in tree order (by hash, bytewise); the hashes carry random nonces, so the order reveals nothing. */
export function sortLeaves<T extends { node: SumNode }>(leaves: T[]): T[] {
  return leaves.sort((a, b) => compareBytes(a.node.hash, b.node.hash));
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
