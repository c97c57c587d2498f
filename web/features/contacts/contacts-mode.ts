/** The contacts list: no transaction (manage), send (pick a recipient) or withdraw (pick an agency). */
export type ContactsMode = 'manage' | 'send' | 'withdraw';

export function modeOf(transaction: string | null): ContactsMode {
  return transaction === 'send' || transaction === 'withdraw' ? transaction : 'manage';
}

/** Where tapping a contact leads: its detail, or the create-transaction screen for the chosen type. */
export function contactTarget(mode: ContactsMode, id: number): string {
  return mode === 'manage' ? `/contacts/${id}` : `/transactions/create?contact=${id}&transaction=${mode}`;
}
