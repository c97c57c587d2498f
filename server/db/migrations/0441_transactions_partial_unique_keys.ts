import { sql, type Kysely } from 'kysely';

/**
 * `transactions.token_hash` and `transactions.identifier` (a withdrawal's QR token and its short code) were UNIQUE
 * constraints, whose indexes hold an entry for every row, the NULL of every send, top-up and pickup included: two
 * index insertions per transfer into the rightmost leaf of each (NULLs sort last), which every concurrent send
 * wants at once (ADR 010). A unique index `WHERE x IS NOT NULL` refuses
 * exactly the same duplicates (NULLs never conflicted) and serves every query on them: they all compare with `=`,
 * which implies IS NOT NULL. No ON CONFLICT names these columns and no code reads the constraints' names.
 * Same index names, so the 23505 a duplicate raises still names them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE transactions DROP CONSTRAINT transactions_token_hash_key`.execute(db);
  await sql`CREATE UNIQUE INDEX transactions_token_hash_key ON transactions (token_hash) WHERE token_hash IS NOT NULL`.execute(
    db,
  );
  await sql`ALTER TABLE transactions DROP CONSTRAINT transactions_identifier_key`.execute(db);
  await sql`CREATE UNIQUE INDEX transactions_identifier_key ON transactions (identifier) WHERE identifier IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX transactions_token_hash_key`.execute(db);
  await sql`ALTER TABLE transactions ADD CONSTRAINT transactions_token_hash_key UNIQUE (token_hash)`.execute(db);
  await sql`DROP INDEX transactions_identifier_key`.execute(db);
  await sql`ALTER TABLE transactions ADD CONSTRAINT transactions_identifier_key UNIQUE (identifier)`.execute(db);
}
