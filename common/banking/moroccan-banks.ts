/**
 * Moroccan bank codes: the first 3 digits of a RIB name the institution that keeps the account. Bank Al-Maghrib
 * assigns them to the participants of the interbank clearing system (SIMT) and publishes the list of credit
 * institutions; this table holds the banks that keep customers' current accounts.
 *
 * Source: Bank Al-Maghrib's list of participants' codes as printed on the institutions' RIBs (Bank Al-Maghrib's
 * own RIB, 001 810 00 780 002 011 062 03 18, which it published for the 2023 earthquake fund, shows code 001),
 * cross-checked against public RIB tables of Moroccan banks (Attijariwafa 007, Bank of Africa 011, BMCI 013, CIH
 * 230, Al Barid Bank 350, the regional Banques Populaires 1xx). Not every code could be read from the central
 * bank's own document: before the first real payout, compare this table with Bank Al-Maghrib's current list and
 * add or close codes here (a code not in the table is refused, so a missing bank refuses its customers' RIBs, it
 * never sends money to an unknown bank).
 */
export const MOROCCAN_BANKS: Readonly<Record<string, string>> = {
  '001': 'Bank Al-Maghrib',
  '005': 'Arab Bank Maroc',
  '007': 'Attijariwafa bank',
  '011': 'Bank of Africa',
  '013': 'BMCI',
  '021': 'Crédit du Maroc',
  '022': 'Société Générale Maroc',
  '028': 'Citibank Maghreb',
  '050': 'CFG Bank',
  // Banque Centrale Populaire and the regional Banques Populaires each have their code.
  '101': 'Banque Populaire',
  '117': 'Banque Populaire',
  '127': 'Banque Populaire',
  '145': 'Banque Populaire',
  '157': 'Banque Populaire',
  '164': 'Banque Populaire',
  '175': 'Banque Populaire',
  '181': 'Banque Populaire',
  '190': 'Banque Populaire',
  '225': 'Crédit Agricole du Maroc',
  '230': 'CIH Bank',
  '350': 'Al Barid Bank',
  '360': 'Umnia Bank',
  '362': 'Bank Assafa',
  '366': 'Bank Al Yousr',
  '367': 'BTI Bank',
};

/** The bank's name for a 3-digit code, or undefined when the code is no Moroccan bank's. */
export function moroccanBankName(code: string): string | undefined {
  return Object.hasOwn(MOROCCAN_BANKS, code) ? MOROCCAN_BANKS[code] : undefined;
}
