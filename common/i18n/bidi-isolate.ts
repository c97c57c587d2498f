/**
 * Right-to-left text we send (Arabic SMS, e-mail, push, receipts) with left-to-right pieces inside: a reference
 * '686 984 1276', a date's '29' and '2026', a Latin name 'Fatima Zahra', an agency 'Wallet Casablanca Centre'.
 * Without isolation the Unicode bidirectional algorithm lays a run of digit groups out right to left ('1276 984
 * 686') and lets a Latin name swallow the punctuation next to it. Each such run is put between LEFT-TO-RIGHT ISOLATE
 * (U+2066) and POP DIRECTIONAL ISOLATE (U+2069): it keeps its own order and cannot reorder the sentence around it.
 * Pieces already isolated (the amounts of common/money/locale-amount.ts) are left as they are.
 */

import { directionOf, type Language } from './languages.ts';

const LRI = '\u2066';
const FSI = '\u2068';
const PDI = '\u2069';
// Marks that steer the bidirectional algorithm: a name typed with one of them (an unclosed isolate, an override)
// would reorder the rest of the message; they carry no letter, so a name without them reads the same.
const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/**
 * A name or any other text a person typed (a sender, a recipient, an agency and its city, an e-mail address), as a
 * message of `language` puts it in. In a right-to-left language it goes between FIRST STRONG ISOLATE (U+2068) and
 * POP DIRECTIONAL ISOLATE: it takes its direction from its own first letter ('Jean Dupont' left to right, 'كريم'
 * right to left) and cannot carry the punctuation or the words next to it into its own direction. A left-to-right
 * language gets it as typed: two invisible marks there change nothing on screen but would make a French SMS a
 * Unicode one, shorter per part.
 */
export function nameIn(language: Language, value: string): string {
  const clean = value.replace(BIDI_CONTROLS, '');
  return directionOf(language) === 'rtl' && clean !== '' ? `${FSI}${clean}${PDI}` : clean;
}

// Already isolated (LRI, RLI or FSI … PDI), or a link (an isolate's closing mark next to it would be taken into
// the link by the phone's link detection): kept whole.
const ISOLATED = /([\u2066-\u2068][^\u2069]*\u2069|https?:\/\/\S+)/u;
// A run that starts and ends with a Latin letter or a digit and holds no Arabic letter nor line break inside.
const LTR_RUN = /[\p{Script=Latin}\p{Nd}](?:[^\p{Script=Arabic}\u2066-\u2069\n]*[\p{Script=Latin}\p{Nd}])?/gu;

/** Every left-to-right run of a right-to-left text, isolated. */
export function isolateLtrRuns(text: string): string {
  return text
    .split(ISOLATED)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(LTR_RUN, (run) => `${LRI}${run}${PDI}`)))
    .join('');
}

/** The text with its isolated pieces and links taken out: what a check of "nothing left to isolate" reads. */
export const withoutIsolated = (text: string): string => text.replace(new RegExp(ISOLATED.source, 'gu'), '');

/**
 * A set of Arabic message texts (strings, functions that write one, or objects of them) whose every output has its
 * left-to-right runs isolated: the values a template puts in (names, codes, references, dates) included.
 */
export function isolatedInArabic<T>(texts: T): T {
  if (typeof texts === 'string') return isolateLtrRuns(texts) as T;
  if (typeof texts === 'function') {
    const write = texts as (...args: unknown[]) => unknown;
    return ((...args: unknown[]) => {
      const text = write(...args);
      // A template may write one text or several at once (a notification's title and body).
      return typeof text === 'string' ? isolateLtrRuns(text) : isolatedInArabic(text);
    }) as T;
  }
  if (typeof texts !== 'object' || texts === null) return texts;
  return Object.fromEntries(Object.entries(texts).map(([key, value]) => [key, isolatedInArabic(value)])) as T;
}
