import type { ChainInfo } from './chain.ts';

/** The explorer links of a transaction and of an address, from `GET /api/chain/`'s templates. */
export function explorerTxUrl(info: ChainInfo, txId: string): string {
  return info.tx_url.replace('{id}', encodeURIComponent(txId));
}

export function explorerAddressUrl(info: ChainInfo, address: string): string {
  return info.address_url.replace('{address}', encodeURIComponent(address));
}
