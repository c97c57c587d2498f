/**
 * The account holder's name as the sender gives it for a bank deposit, in the payment file's character set. A
 * name written in another script than Latin (Arabic, Tifinagh…) cannot be romanised into the name a Moroccan bank
 * holds (any-ascii turns 'فاطمة' into consonants), so for such a recipient the sender writes the name as the
 * bank account shows it; the romanised form is only a suggestion to start from. Kept apart from payee-name.ts
 * (and its romanisation table) so the screens check a name without loading that table.
 */
export const PAYEE_NAME_MAX_LENGTH = 35;

/** Upper-case Latin letters, digits, space and the signs the interbank character set allows in a name. */
export const PAYEE_NAME_ALLOWED = /[A-Z0-9 /\-?:().,'+]/;

export const holderNameMessages = {
  required: 'Write the account holder’s name in Latin letters, as the bank account shows it.',
  charset: 'Use Latin letters (A to Z), digits, spaces and / - ? : ( ) . , ’ + only, 35 characters at most.',
} as const;

/** Whether a text is already within the payment file's character set and length (what a file writer checks). */
export function isPayeeNameForFile(text: string): boolean {
  return text.length > 0 && text.length <= PAYEE_NAME_MAX_LENGTH && [...text].every((c) => PAYEE_NAME_ALLOWED.test(c));
}

/**
 * The name as typed, as the file carries it: spaces trimmed and single, upper case, and a typographic apostrophe
 * (what a phone's keyboard types in O’Neil) as the file's straight one.
 */
export function normaliseHolderName(text: string): string {
  return text
    .normalize('NFC')
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[’‘ʼ`´]/g, "'")
    .toUpperCase();
}

/** Whether a recipient's name has letters of another script than Latin: then the sender gives the holder's name. */
export function needsLatinHolderName(firstName: string, lastName: string): boolean {
  return [...`${firstName}${lastName}`].some((c) => /\p{L}/u.test(c) && !/\p{Script=Latin}/u.test(c));
}
