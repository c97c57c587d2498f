/** Login and security codes have 6 digits. */
export const CODE_LENGTH = 6;

/**
 * Keeps digits only: letters, spaces and the dashes some SMS apps add are dropped. Arabic-Indic digits (٠-٩, and
 * the Persian ۰-۹ some keyboards send) become ASCII, since an Arabic phone keyboard may type them.
 */
export function digitsOnly(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[^0-9]/g, '');
}

/**
 * Writes `incoming` digits into the boxes from `start` on. Six or more digits are a whole code (a paste or an SMS
 * autofill), which fills every box whatever box received it.
 */
export function fillDigits(boxes: readonly string[], start: number, incoming: string): string[] {
  const digits = digitsOnly(incoming);
  if (digits.length >= CODE_LENGTH) return digits.slice(0, CODE_LENGTH).split('');
  const next = [...boxes];
  for (let i = 0; i < digits.length && start + i < CODE_LENGTH; i += 1) next[start + i] = digits[i] ?? '';
  return next;
}
