-- requires: fold_text.sql
--
-- sanctions_name_key(): the one normalisation of a screened name that sanctions clearances are keyed on: Unicode
-- compatibility forms, case and accents fold, spaces and punctuation become one space. Anything else, another
-- word above all, is another name: a clearance is for the exact name an operator looked at. The code calls it in
-- its queries, so there is one definition.

CREATE OR REPLACE FUNCTION sanctions_name_key(name text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $$
  SELECT btrim(regexp_replace(fold_text(normalize(name, NFKC)), '[[:space:][:punct:]]+', ' ', 'g'))
$$;
