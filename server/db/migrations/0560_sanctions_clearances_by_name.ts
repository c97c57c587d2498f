import { sql, type Kysely } from 'kysely';

/**
 * A sanctions false positive is cleared for the exact name an operator looked at, not for the person. Until now an
 * approval stored the matched entry keys on the contact or the customer (`sanctions_cleared`), so a rename to a name
 * that matches the same listed person outright ('Salim Qasrawi' cleared, then 'Abdelhafid Salim Qasrawi') was never
 * raised again and the money moved with no review.
 *
 * - `sanctions_name_key(name)`: the one normalisation of a screened name the clearances are keyed on: case and
 *   accents fold (fold_text(), as the recipients' search), spaces and ASCII punctuation become one space; anything
 *   else, another word above all, is another name. The code calls it in its queries, so there is one definition.
 * - `sanctions_clearances`: one row per entry cleared for a subject ('contact:ID', 'user:ID', or 'transaction:ID' for
 *   a pickup with no contact) under one screened name, with the lists' version the decision was taken on and the
 *   entry as the operator saw it (names, birth dates, nationalities): a later version of the lists keeps the clearance
 *   only while that entry reads the same.
 * - The approved `sanctions_hit` reviews are carried over with the name each one screened, and `sanctions_cleared`
 *   goes.
 * - Renaming a recipient or a pickup's recipient forgets its screening (`sanctions_version` to null), whichever code
 *   renames it: the next send, reservation or payout screens the new name before any money moves (wallet_send()
 *   answers 'slow' for a recipient screened against no version).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION sanctions_name_key(name text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
      SELECT btrim(regexp_replace(fold_text(normalize(name, NFKC)), '[[:space:][:punct:]]+', ' ', 'g'))
    $$`.execute(db);
  await sql`
    CREATE TABLE sanctions_clearances (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      subject text NOT NULL CHECK (subject ~ '^(contact|user|transaction):[0-9]+$'),
      screened_name text NOT NULL CHECK (screened_name <> ''),
      entry text NOT NULL,
      list_version bigint,
      listed jsonb NOT NULL,
      review_id bigint NOT NULL REFERENCES reviews (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (subject, screened_name, entry, review_id)
    )`.execute(db);
  await sql`CREATE TRIGGER sanctions_clearances_append_only BEFORE UPDATE OR DELETE ON sanctions_clearances
            FOR EACH ROW EXECUTE FUNCTION ledger_reject_change()`.execute(db);

  await sql`
    INSERT INTO sanctions_clearances (subject, screened_name, entry, list_version, listed, review_id, created_at)
    SELECT CASE WHEN r.payload->>'type' = 'customer' THEN 'user:' || (r.payload->>'user_id')
                ELSE 'contact:' || (r.payload->>'contact_id') END,
           sanctions_name_key(r.payload->>'screened_name'),
           m->>'entry',
           (m->>'list_version')::bigint,
           jsonb_build_object('names', m->'names', 'birth_dates', m->'birth_dates',
                              'nationalities', m->'nationalities'),
           r.id,
           r.decided_at
      FROM reviews r, jsonb_array_elements(r.payload->'matches') m
     WHERE r.kind = 'sanctions_hit' AND r.state = 'approved'
       AND sanctions_name_key(r.payload->>'screened_name') <> ''
       AND (r.payload->>'type' = 'customer' OR r.payload->>'contact_id' IS NOT NULL)
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`ALTER TABLE contacts DROP COLUMN sanctions_cleared`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN sanctions_cleared`.execute(db);

  await sql`
    CREATE FUNCTION sanctions_forget_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.sanctions_version := NULL;
        RETURN NEW;
      END $$`.execute(db);
  await sql`
    CREATE TRIGGER contacts_renamed_rescreen BEFORE UPDATE OF first_name, last_name ON contacts
      FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
      EXECUTE FUNCTION sanctions_forget_renamed()`.execute(db);
  await sql`
    CREATE TRIGGER pickups_renamed_rescreen BEFORE UPDATE OF recipient_first_name, recipient_last_name ON pickups
      FOR EACH ROW WHEN (OLD.recipient_first_name IS DISTINCT FROM NEW.recipient_first_name
                         OR OLD.recipient_last_name IS DISTINCT FROM NEW.recipient_last_name)
      EXECUTE FUNCTION sanctions_forget_renamed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER pickups_renamed_rescreen ON pickups`.execute(db);
  await sql`DROP TRIGGER contacts_renamed_rescreen ON contacts`.execute(db);
  await sql`DROP FUNCTION sanctions_forget_renamed()`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN sanctions_cleared text[] NOT NULL DEFAULT '{}'`.execute(db);
  await sql`ALTER TABLE contacts ADD COLUMN sanctions_cleared text[] NOT NULL DEFAULT '{}'`.execute(db);
  await sql`
    UPDATE contacts c SET sanctions_cleared = e.entries
      FROM (SELECT substr(subject, 9)::bigint AS id, array_agg(DISTINCT entry) AS entries
              FROM sanctions_clearances WHERE subject LIKE 'contact:%' GROUP BY 1) e
     WHERE c.id = e.id`.execute(db);
  await sql`
    UPDATE users u SET sanctions_cleared = e.entries
      FROM (SELECT substr(subject, 6)::bigint AS id, array_agg(DISTINCT entry) AS entries
              FROM sanctions_clearances WHERE subject LIKE 'user:%' GROUP BY 1) e
     WHERE u.id = e.id`.execute(db);
  await sql`DROP TABLE sanctions_clearances`.execute(db);
  await sql`DROP FUNCTION sanctions_name_key(text)`.execute(db);
}
