import {
  holderNameMessages,
  isPayeeNameForFile,
  needsLatinHolderName,
  normaliseHolderName,
} from '../../../common/banking/holder-name';
import { parseRib, ribMessages, type RibError } from '../../../common/banking/rib';
import { parsePhone, phoneMessages, type PhoneParseError, type PhonePrefix } from '../../../common/identity/phone';
import { phoneForApi } from '../../ui/phone-input-format';

/** The new-recipient form as typed. The phone is the formatted national number. */
export interface RecipientDraft {
  firstName: string;
  lastName: string;
  email: string;
  prefix: PhonePrefix | '';
  phone: string;
  /** The bank account (RIB) as typed, spaces allowed; empty when the recipient has none. */
  rib: string;
  /** The account holder's name in Latin letters, asked with a RIB when the name is in another script. */
  ribHolder: string;
}

export const emptyDraft: RecipientDraft = {
  firstName: '',
  lastName: '',
  email: '',
  prefix: '+212',
  phone: '',
  rib: '',
  ribHolder: '',
};

export type DraftProblem =
  | { kind: 'required' }
  | { kind: 'prefixAndNumber' }
  | { kind: 'phone'; message: (typeof phoneMessages)[PhoneParseError] }
  | { kind: 'rib'; message: (typeof ribMessages)[RibError] }
  | { kind: 'ribHolder'; message: (typeof holderNameMessages)[keyof typeof holderNameMessages] };

export interface CreateRecipientBody {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  rib: string;
  /** Only when the form asks for it (asksHolderName). */
  rib_holder?: string;
}

/** Whether the form asks for the holder's name in Latin letters: a RIB, for a name written in another script. */
export function asksHolderName(draft: RecipientDraft): boolean {
  return draft.rib.trim() !== '' && needsLatinHolderName(draft.firstName, draft.lastName);
}

/** Arabic script (letters, presentation forms) anywhere in a name: that input switches to right-to-left. */
export function hasArabicScript(text: string): boolean {
  return /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/.test(text);
}

/**
 * The client-side rules, checked before any request: both names, and an e-mail or a phone; a number needs its
 * prefix. The prefix is a choice with a default (+212: recipients are in Morocco), so a prefix with no number simply means "no phone".
 */
export function checkDraft(
  draft: RecipientDraft,
): { ok: true; body: CreateRecipientBody } | { ok: false; problem: DraftProblem } {
  const firstName = draft.firstName.trim();
  const lastName = draft.lastName.trim();
  const email = draft.email.trim();
  const hasNumber = /\d/.test(draft.phone);
  if (!firstName || !lastName || (!email && !hasNumber)) return { ok: false, problem: { kind: 'required' } };
  if (hasNumber && draft.prefix === '') return { ok: false, problem: { kind: 'prefixAndNumber' } };
  let phoneNumber = '';
  if (hasNumber && draft.prefix !== '') {
    const parsed = parsePhone(phoneForApi(draft.prefix, draft.phone));
    if (!parsed.ok) return { ok: false, problem: { kind: 'phone', message: phoneMessages[parsed.error] } };
    phoneNumber = parsed.value;
  }
  let rib = '';
  if (draft.rib.trim() !== '') {
    const parsed = parseRib(draft.rib);
    if (!parsed.ok) return { ok: false, problem: { kind: 'rib', message: ribMessages[parsed.error] } };
    rib = parsed.value.digits;
  }
  let ribHolder = '';
  if (asksHolderName(draft)) {
    ribHolder = normaliseHolderName(draft.ribHolder);
    if (ribHolder === '') return { ok: false, problem: { kind: 'ribHolder', message: holderNameMessages.required } };
    if (!isPayeeNameForFile(ribHolder))
      return { ok: false, problem: { kind: 'ribHolder', message: holderNameMessages.charset } };
  }
  return {
    ok: true,
    body: {
      first_name: firstName,
      last_name: lastName,
      email,
      phone_number: phoneNumber,
      rib,
      ...(ribHolder !== '' && { rib_holder: ribHolder }),
    },
  };
}
