import { formatAmount, isCurrency, money } from '../../../common/money/money.ts';
import type { AnchorPayload, ChainAdapter } from '../../adapters/chain/chain-adapter.ts';
import { hmac } from '../../security/keys.ts';
import type { AnchorSource } from './anchor-sources.repository.ts';

/** The record id: a salted hash of our reference, so the chain links to our rows without revealing them. */
export function referenceHash(salt: Buffer, transactionId: string): string {
  return `0x${hmac(salt, 'transaction', transactionId).toString('hex')}`;
}

/**
 * The public description of a completed transaction: pseudonymous addresses, amount, kind and time only. Built
 * from the stored row, so every retry publishes exactly the same payload.
 */
export function anchorPayload(source: AnchorSource, chain: ChainAdapter, salt: Buffer): AnchorPayload {
  const user = (id: string | null) => (id === null ? null : chain.walletAddress(id));
  const currency = source.currency;
  const amount = isCurrency(currency) ? formatAmount(money(currency, BigInt(source.amount))) : source.amount;
  const common = {
    v: '1',
    reference_hash: referenceHash(salt, source.id),
    amount,
    currency,
    time: source.completed_at.toISOString(),
  } as const;
  switch (source.kind) {
    case 'transfer':
      return { ...common, kind: 'transfer', from: user(source.sender_user_id), to: user(source.recipient_user_id) };
    // A collected cash pickup leaves the platform as cash over an agency's counter, like a withdrawal; a bank
    // deposit leaves it to an account at another bank (no agency, no address of ours).
    case 'withdrawal':
    case 'pickup':
    case 'payout':
      return {
        ...common,
        kind: 'withdrawal',
        from: user(source.sender_user_id),
        to: source.agency_id === null ? null : chain.agencyAddress(source.agency_id),
      };
    case 'exchange':
      return { ...common, kind: 'topup', from: null, to: user(source.recipient_user_id) };
  }
}

/** Only what is final is anchored: a transfer waiting to be claimed or a withdrawal not yet paid out is not. */
export function isAnchorable(source: AnchorSource): boolean {
  return ['completed', 'claimed', 'validated', 'collected'].includes(source.status);
}
