import { describe, expect, it } from 'vitest';
import { initialTellerState, pressValidate, submissionFailed } from './teller-steps';

describe('teller steps', () => {
  it('asks to confirm the handover without the box or without a loaded transaction', () => {
    expect(pressValidate(initialTellerState, true).state.message).toBe('confirmAmount');
    const ticked = { ...initialTellerState, confirmed: true };
    expect(pressValidate(ticked, false)).toMatchObject({ state: { step: 'confirm', message: 'confirmAmount' }, submit: false });
    expect(pressValidate(ticked, true)).toMatchObject({ state: { step: 'code', message: null }, submit: false });
  });

  it('submits only 6 digits, sets the invalid-code message on every press, clears the code on failure', () => {
    const codeStep = { ...initialTellerState, confirmed: true, step: 'code' as const, code: '123' };
    expect(pressValidate(codeStep, true)).toMatchObject({ state: { message: 'invalidCode' }, submit: false });
    const full = { ...codeStep, code: '123456' };
    const pressed = pressValidate(full, true);
    expect(pressed).toMatchObject({ state: { message: 'invalidCode' }, submit: true });
    expect(submissionFailed(pressed.state)).toMatchObject({ code: '', step: 'code' });
  });
});
