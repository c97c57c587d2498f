import anyAscii from 'any-ascii';
import { PAYEE_NAME_ALLOWED, PAYEE_NAME_MAX_LENGTH } from './holder-name.ts';

/**
 * The account holder's name as a payment file can carry it. ISO 20022 credit transfers between banks are
 * restricted to a Latin character set, and Moroccan banks match the creditor's name in upper case; the name
 * field (Nm) is cut at 35 characters by most banks' file specifications. So a name typed in Arabic, Tifinagh or
 * with accents is transliterated to Latin letters (any-ascii, a maintained per-character romanisation table),
 * upper-cased, stripped of what the set does not allow, and shortened at a word boundary.
 *
 * The result is deterministic. For a name in Latin letters it is the name a deposit carries; for a name in another
 * script it is only the suggestion the sender starts from when giving the holder's name as the bank account shows
 * it (holder-name.ts), since a romanisation is not the name the bank holds. A name made only of signs the set lacks gives an empty text, which a file
 * writer refuses (isPayeeNameForFile).
 */
export { isPayeeNameForFile, PAYEE_NAME_MAX_LENGTH } from './holder-name.ts';

const ALLOWED = PAYEE_NAME_ALLOWED;

export function payeeNameForFile(firstName: string, lastName: string): string {
  const full = `${firstName} ${lastName}`.normalize('NFC');
  let out = '';
  for (const char of full) {
    const upper = char.toUpperCase();
    // An apostrophe the sender typed (O'Neil) stays; the ones romanisation adds for Arabic hamza or ain go.
    const latin = ALLOWED.test(upper) && upper.length === 1 ? upper : anyAscii(char).replace(/['`]/g, '').toUpperCase();
    for (const c of latin) out += ALLOWED.test(c) ? c : ' ';
  }
  const words = out.replace(/\s+/g, ' ').trim();
  return shorten(words, PAYEE_NAME_MAX_LENGTH);
}

/** At most `max` characters, cut after the last whole word that fits (a single longer word is cut hard). */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1).lastIndexOf(' ');
  return (cut > 0 ? text.slice(0, cut) : text.slice(0, max)).trim();
}
