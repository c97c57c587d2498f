import type { ChainInfo } from './chain.ts';

/**
 * The explorer links of a transaction and of an address, from `GET /api/chain/`'s templates. The built-in
 * explorer is on our own origin (a path) and speaks the app's languages, so its links carry the reader's `lang`;
 * an external explorer's address is left exactly as configured. Apart from the schema (chain.ts), so that screens
 * build links without loading zod.
 */
const inLanguage = (url: string, lang: string | undefined) =>
  lang && url.startsWith('/') ? `${url}${url.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}` : url;

export function explorerTxUrl(info: ChainInfo, txId: string, lang?: string): string {
  return inLanguage(info.tx_url.replace('{id}', encodeURIComponent(txId)), lang);
}

export function explorerAddressUrl(info: ChainInfo, address: string, lang?: string): string {
  return inLanguage(info.address_url.replace('{address}', encodeURIComponent(address)), lang);
}
