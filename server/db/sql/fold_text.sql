-- fold_text(): case and accents folded, with unaccent's dictionary named, so the function can be IMMUTABLE and
-- feed the contacts' generated search columns. If the unaccent rules file ever changed, those columns would have
-- to be computed again (UPDATE contacts SET first_name = first_name).

CREATE OR REPLACE FUNCTION fold_text(text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;
