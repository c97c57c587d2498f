/**
 * The payload of a `sanctions_hit` review item, written by server/modules/sanctions and read by the
 * back-office's review screen (web/features/ops/SanctionsHit.tsx). Items opened before a field existed lack it.
 */

/** Whether a fact known on both sides agrees with the listed entry; null when one side does not know it. */
export type Agreement = 'agrees' | 'differs' | null;

/** One listed entry the screened name matched. */
export interface SanctionsMatchFacts {
  /** `source:external_id`, e.g. 'eu:900101'. */
  entry: string;
  /** EU, UN or OFAC. */
  list: string;
  external_id: string;
  /** The entry's name (primary or alias) that scored best. */
  listed_name: string;
  /** Every name of the entry, the primary first, then its aliases. */
  names: string[];
  birth_dates: string[];
  nationalities: string[];
  programme: string | null;
  /** The score that made it a hit (0..1), after the date-of-birth and nationality adjustments. */
  score: number;
  /** The names-only score, before those adjustments. */
  name_score?: number;
  birth_date?: Agreement;
  nationality?: Agreement;
  /** The version and date of the list the entry was in when screened. */
  list_version?: string;
  list_date?: string;
}

export interface SanctionsHitPayload {
  /** A send held for its recipient, a cash pickup held for its name, a recipient when added, a customer. */
  type: 'transfer' | 'pickup' | 'recipient' | 'customer';
  screened_name: string;
  matches: SanctionsMatchFacts[];
  transaction_id?: number;
  contact_id?: number | null;
  /** The customer screened (type customer). */
  user_id?: number;
  /** Who sent the held money (transfer, pickup). */
  sender_user_id?: number;
  /** Whose address book the recipient is in (recipient). */
  owner_user_id?: number;
  /** Minor units as text (transfer, pickup). */
  amount?: string;
}

/** A review payload that reads as a sanctions hit (a name and a list of matches). */
export function isSanctionsHitPayload(
  payload: Record<string, unknown>,
): payload is SanctionsHitPayload & Record<string, unknown> {
  return typeof payload.screened_name === 'string' && Array.isArray(payload.matches);
}
