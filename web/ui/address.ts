/**
 * An agency's (or a recipient's) postal address on one line, as every screen writes it: street, then zip code
 * and city ('120 Boulevard Mohammed V, 20250 Casablanca'); missing parts are left out. One place; shown inside <bdi>
 * so Arabic screens never reorder it.
 */
export function formatAddress(street: string | null | undefined, zipCode: string | null | undefined, city: string | null | undefined): string {
  return [street, [zipCode, city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/** The address of a withdrawal's agency, from a transaction's recipient fields. */
export const transactionAddress = (tx: {
  recipient_address: string | null;
  recipient_zip_code: string | null;
  recipient_city: string | null;
}) => formatAddress(tx.recipient_address, tx.recipient_zip_code, tx.recipient_city);
