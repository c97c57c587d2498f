import { formatAmount, isCurrency, money } from '../money/money.ts';

/**
 * A tree's record on the public ledger (ADR 012, "Publication"): what the explorer of the built-in ledger serves
 * for a record id, or what the registry's `Recorded` event carries on an EVM network.
 */
export interface AnchoredRecord {
  reference_hash: string;
  kind: string;
  /** Decimal in the currency's units ("2340118.00"). */
  amount: string;
  currency: string;
  /** ISO 8601 on the built-in ledger; whole seconds on an EVM network (the event's uint64). */
  time: string;
}

/** The record's amount for a total in minor units, exactly as the record is written. */
export function anchoredAmount(currency: string, total: bigint): string {
  return isCurrency(currency) ? formatAmount(money(currency, total)) : String(total);
}

/** The record id of a tree: its root. */
export const recordIdOf = (root: string): string => `0x${root}`;

export type AnchorCheck = { ok: true } | { ok: false; code: 'not_anchored' | 'anchor_differs'; reason: string };

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * Compares what the server said (root, total, leaf count, currency, time) with the record read from the public
 * ledger itself. The record is looked up by the root, so a root that was never published is not found; a record
 * found must say the same total, leaf count, currency and time, or the server showed this customer a tree other
 * than the one it published.
 */
export function compareWithAnchor(
  proof: { root: string; total: string; leaf_count: number; currency: string; taken_at: string },
  record: AnchoredRecord | undefined,
): AnchorCheck {
  if (!record || record.reference_hash.toLowerCase() !== recordIdOf(proof.root)) {
    return { ok: false, code: 'not_anchored', reason: `the root ${proof.root} is not on the public ledger` };
  }
  const differs = (what: string, published: string, served: string): AnchorCheck => ({
    ok: false,
    code: 'anchor_differs',
    reason: `the public ledger records ${what} ${published}, the proof says ${served}`,
  });
  const amount = anchoredAmount(proof.currency, BigInt(proof.total));
  if (record.amount !== amount) return differs('a total of', record.amount, amount);
  if (record.kind !== `liabilities:${proof.leaf_count}`)
    return differs('the kind', record.kind, `liabilities:${proof.leaf_count}`);
  if (record.currency !== proof.currency) return differs('the currency', record.currency, proof.currency);
  const time = /^\d+$/.test(record.time) ? Number(record.time) : seconds(record.time);
  if (time !== seconds(proof.taken_at)) return differs('the time', record.time, proof.taken_at);
  return { ok: true };
}

/**
 * The record of a root on the built-in ledger, read from its explorer (`/explorer/records/0x<root>`); undefined
 * when the ledger has none. `explorerOrigin` is the site's origin ('' in the browser: the same origin).
 */
export async function explorerRecord(
  explorerOrigin: string,
  root: string,
  fetcher: (url: string) => Promise<{ status: number; ok: boolean; json: () => Promise<unknown> }>,
): Promise<AnchoredRecord | undefined> {
  const response = await fetcher(`${explorerOrigin.replace(/\/+$/, '')}/explorer/records/${recordIdOf(root)}`);
  if (response.status === 404) return undefined;
  if (!response.ok) throw new Error(`the public ledger answered ${response.status}`);
  const body = (await response.json()) as { payload?: Partial<Record<keyof AnchoredRecord, unknown>> } | null;
  const p = body?.payload ?? {};
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    reference_hash: text(p.reference_hash),
    kind: text(p.kind),
    amount: text(p.amount),
    currency: text(p.currency),
    time: text(p.time),
  };
}
