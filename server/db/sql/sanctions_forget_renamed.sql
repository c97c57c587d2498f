-- Renaming a recipient, or a cash pickup's recipient, forgets its sanctions screening (sanctions_version back to
-- NULL), whichever code renames it: the next send, reservation or payout screens the new name before any money
-- moves (wallet_send() answers 'slow' for a recipient screened against no version).

CREATE OR REPLACE FUNCTION sanctions_forget_renamed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
  BEGIN
    NEW.sanctions_version := NULL;
    RETURN NEW;
  END
$$;

DROP TRIGGER IF EXISTS contacts_renamed_rescreen ON contacts;
CREATE TRIGGER contacts_renamed_rescreen
  BEFORE UPDATE OF first_name, last_name ON contacts
  FOR EACH ROW
  WHEN (old.first_name IS DISTINCT FROM new.first_name OR old.last_name IS DISTINCT FROM new.last_name)
  EXECUTE FUNCTION sanctions_forget_renamed();

DROP TRIGGER IF EXISTS pickups_renamed_rescreen ON pickups;
CREATE TRIGGER pickups_renamed_rescreen
  BEFORE UPDATE OF recipient_first_name, recipient_last_name ON pickups
  FOR EACH ROW
  WHEN (OLD.recipient_first_name IS DISTINCT FROM NEW.recipient_first_name
        OR OLD.recipient_last_name IS DISTINCT FROM NEW.recipient_last_name)
  EXECUTE FUNCTION sanctions_forget_renamed();
