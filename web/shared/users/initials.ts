/** First letters of first and last name in upper case, or XX when there is no name yet. */
export function initials(firstName: string, lastName: string): string {
  // Array.from splits by code point, so a name starting outside the BMP keeps its whole first letter.
  const letters = [firstName, lastName].map((name) => Array.from(name.trim())[0] ?? '').join('');
  return letters === '' ? 'XX' : letters.toLocaleUpperCase();
}
