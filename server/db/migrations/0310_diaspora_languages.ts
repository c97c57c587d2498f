import { sql, type Kysely } from 'kysely';

/**
 * The diaspora's languages: Spanish, Italian, Dutch and German beside French, English and Arabic.
 * Every column holding a language (the user's preference, the language a sign-in code was asked in, the app's
 * language when a checkout opened) accepts the seven; the list is written out here, as a migration must not
 * change when common/i18n/languages.ts does.
 */
const columns = [
  ['users', 'users_language_check', false],
  ['login_codes', 'login_codes_language_check', false],
  ['payment_sessions', 'payment_sessions_language_check', true],
] as const;

async function setLanguages(db: Kysely<unknown>, list: readonly string[]): Promise<void> {
  const values = list.map((l) => `'${l}'`).join(', ');
  for (const [table, constraint, nullable] of columns) {
    const check = nullable ? `language IS NULL OR language IN (${values})` : `language IN (${values})`;
    await sql.raw(`ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS ${constraint}`).execute(db);
    await sql.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${constraint} CHECK (${check})`).execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await setLanguages(db, ['fr', 'en', 'ar', 'es', 'it', 'nl', 'de']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // A row in a new language goes back to French, the default, before the narrower check returns.
  for (const [table] of columns) {
    await sql.raw(`UPDATE ${table} SET language = 'fr' WHERE language IN ('es', 'it', 'nl', 'de')`).execute(db);
  }
  await setLanguages(db, ['fr', 'en', 'ar']);
}
