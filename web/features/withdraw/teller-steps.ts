/**
 * The teller page's steps and validation, as pure logic the page drives:
 * 1. the transaction is loaded; 2. the confirm box is ticked and validate pressed (else the handover message);
 * 3. a 6-digit code and validate: submitted only with exactly 6 digits. The invalid-code message is set on every
 * press of validate at the code step (even when the code then succeeds); a failure clears the code.
 */
export type TellerMessage = 'confirmAmount' | 'invalidCode' | null;

export interface TellerState {
  step: 'confirm' | 'code';
  confirmed: boolean;
  code: string;
  message: TellerMessage;
}

export const initialTellerState: TellerState = { step: 'confirm', confirmed: false, code: '', message: null };

export function pressValidate(state: TellerState, loaded: boolean): { state: TellerState; submit: boolean } {
  if (state.step === 'confirm') {
    if (!loaded || !state.confirmed) return { state: { ...state, message: 'confirmAmount' }, submit: false };
    return { state: { ...state, step: 'code', message: null }, submit: false };
  }
  return { state: { ...state, message: 'invalidCode' }, submit: /^\d{6}$/.test(state.code) };
}

export const submissionFailed = (state: TellerState): TellerState => ({ ...state, code: '' });
