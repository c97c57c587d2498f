import type { SetSecurityCodeRequest } from '../../../common/api/users';
import { isGuessableSecurityCode } from '../../../common/identity/security-code-strength';
import { CODE_LENGTH } from '../../ui/code-digits';

/**
 * Security code: enter 6 digits, re-enter them to confirm; a mismatch starts over.
 * Changing an existing code asks the current one first (the server checks it on save). Pure, so it is tested
 * without a screen.
 */
export type SecurityCodeStep = 'current' | 'new' | 'confirm';
export type SecurityCodeMessage = 'mustBeSixDigits' | 'guessable' | 'mismatch';

export interface SecurityCodeFlow {
  step: SecurityCodeStep;
  /** What the keypad shows now. */
  entry: string;
  current: string;
  first: string;
  message: SecurityCodeMessage | null;
}

export function startFlow(hasSecurityCode: boolean): SecurityCodeFlow {
  return { step: hasSecurityCode ? 'current' : 'new', entry: '', current: '', first: '', message: null };
}

export function typeEntry(flow: SecurityCodeFlow, entry: string): SecurityCodeFlow {
  return { ...flow, entry, message: null };
}

export type Advance = { flow: SecurityCodeFlow; save?: SetSecurityCodeRequest };

/** The continue button: checks the length, then moves on, and asks to save once the confirmation matches. */
export function advance(flow: SecurityCodeFlow): Advance {
  if (!new RegExp(`^\\d{${CODE_LENGTH}}$`).test(flow.entry)) return { flow: { ...flow, message: 'mustBeSixDigits' } };
  switch (flow.step) {
    case 'current':
      return { flow: { ...flow, step: 'new', current: flow.entry, entry: '', message: null } };
    case 'new':
      // Refused here as the server would refuse it, before the user types it a second time.
      if (isGuessableSecurityCode(flow.entry)) return { flow: { ...flow, entry: '', message: 'guessable' } };
      return { flow: { ...flow, step: 'confirm', first: flow.entry, entry: '', message: null } };
    case 'confirm':
      if (flow.entry !== flow.first) return { flow: { ...flow, step: 'new', first: '', entry: '', message: 'mismatch' } };
      return {
        flow,
        save: { security_code: flow.first, ...(flow.current !== '' && { current_security_code: flow.current }) },
      };
  }
}

/** After a refused save: back to the step whose code the server refused, everything after it forgotten. */
export function restartAt(flow: SecurityCodeFlow, field: 'current_security_code' | 'security_code'): SecurityCodeFlow {
  const step: SecurityCodeStep = field === 'current_security_code' && flow.current !== '' ? 'current' : 'new';
  return { step, entry: '', current: step === 'current' ? '' : flow.current, first: '', message: null };
}

/** Where the user is among the code's entries: '1 of 2', '2 of 2', or of 3 with the current code. */
export function stepPosition(flow: Pick<SecurityCodeFlow, 'step'>, hasSecurityCode: boolean): { step: number; total: number } {
  const order: SecurityCodeStep[] = hasSecurityCode ? ['current', 'new', 'confirm'] : ['new', 'confirm'];
  return { step: order.indexOf(flow.step) + 1, total: order.length };
}
