import { sql, type Kysely } from 'kysely';

/**
 * A customer's country of residence may be any country of the European Union, Morocco or the United States (it was
 * France, Morocco or the US only: people in Spain, Italy, Belgium, the Netherlands or Germany could not give theirs).
 * The list is the application's (common/identity/phone.ts); the check keeps a typo out of the column.
 */
const countries = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'MA',
  'US',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP CONSTRAINT IF EXISTS users_country_check`.execute(db);
  await sql`ALTER TABLE users ADD CONSTRAINT users_country_check CHECK (country IN (${sql.join(countries.map((c) => sql.lit(c)))}))`.execute(
    db,
  );
}
