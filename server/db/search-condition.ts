import { sql, type RawBuilder } from 'kysely';

/** `%`, `_` and the escape character itself are matched literally: a search is text, never a pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The digits to look for in stored E.164 numbers when the search looks like a phone ("06 12", "+212 6…",
 * "0033 6"): the international 00 and the trunk 0 people type are dropped, since numbers are stored without them.
 */
export function phoneDigits(term: string): string | undefined {
  if (!/^[+\d\s().-]+$/.test(term)) return undefined;
  let digits = term.replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  else if (digits.startsWith('0')) digits = digits.slice(1);
  return digits.length >= 2 ? digits : undefined;
}

/** A search's bind values: its LIKE pattern over the text, and over phone numbers when it looks like one. */
export function searchPatterns(term: string): { pattern: string; phonePattern: string | undefined } {
  const digits = phoneDigits(term);
  return {
    pattern: `%${escapeLike(term.normalize('NFC').toLowerCase())}%`,
    phonePattern: digits === undefined ? undefined : `%${digits}%`,
  };
}

/**
 * Case- and accent-insensitive search over names and e-mail (and the place, for agencies). unaccent runs before
 * lower so that "É" folds to "e" whatever the database's collation. The first name appears twice so that both
 * "Amina El Idrissi" and "El Idrissi Amina" match.
 */
export function searchCondition(term: string, withPlace: boolean): RawBuilder<boolean> {
  const { pattern, phonePattern } = searchPatterns(term);
  return searchConditionOf(pattern, phonePattern, withPlace);
}

/** searchCondition from searchPatterns' values (bound as they are: a statement template may stand in for them). */
export function searchConditionOf(
  pattern: string,
  phonePattern: string | undefined,
  withPlace: boolean,
): RawBuilder<boolean> {
  const text = withPlace
    ? sql`concat_ws(' ', first_name, last_name, first_name, email, city, address, zip_code)`
    : sql`concat_ws(' ', first_name, last_name, first_name, email)`;
  const byText = sql<boolean>`lower(unaccent(${text})) LIKE lower(unaccent(${pattern})) ESCAPE '\\'`;
  return phonePattern === undefined ? byText : sql<boolean>`(${byText} OR phone_number LIKE ${phonePattern})`;
}

/** Great-circle distance in km from a point (haversine, mean Earth radius), computed by PostgreSQL. */
export function distanceKm(latitude: number, longitude: number): RawBuilder<number> {
  return sql<number>`6371.0088 * 2 * asin(least(1, sqrt(
    power(sin(radians(latitude::float8 - ${latitude}::float8) / 2), 2)
    + cos(radians(${latitude}::float8)) * cos(radians(latitude::float8))
      * power(sin(radians(longitude::float8 - ${longitude}::float8) / 2), 2))))`;
}
