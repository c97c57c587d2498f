import { describe, expect, it } from 'vitest';
import { advance, restartAt, startFlow, typeEntry } from './security-code-flow';
import type { SecurityCodeFlow } from './security-code-flow';

function enter(flow: SecurityCodeFlow, code: string) {
  return advance(typeEntry(flow, code));
}

describe('security code flow', () => {
  it('asks for a new code, then its confirmation, and saves on a match', () => {
    const first = enter(startFlow(false), '135790');
    expect(first.flow).toMatchObject({ step: 'confirm', entry: '', message: null });
    expect(first.save).toBeUndefined();
    const second = enter(first.flow, '135790');
    expect(second.save).toEqual({ security_code: '135790' });
  });

  it('starts over on a mismatch, forgetting the first code', () => {
    const first = enter(startFlow(false), '135790');
    const mismatch = enter(first.flow, '246810');
    expect(mismatch.save).toBeUndefined();
    expect(mismatch.flow).toEqual({ step: 'new', entry: '', current: '', first: '', message: 'mismatch' });
  });

  it('refuses anything but exactly 6 digits, staying on the step', () => {
    for (const code of ['', '12345', '12345a']) {
      const result = enter(startFlow(false), code);
      expect(result.flow.step).toBe('new');
      expect(result.flow.message).toBe('mustBeSixDigits');
    }
  });

  it('asks for the current code first when one is set, and sends it along', () => {
    const current = enter(startFlow(true), '111111');
    expect(current.flow.step).toBe('new');
    const confirm = enter(enter(current.flow, '246810').flow, '246810');
    expect(confirm.save).toEqual({ security_code: '246810', current_security_code: '111111' });
  });

  it('goes back to the current code when the server refuses it, else to a new code', () => {
    const ready = enter(enter(enter(startFlow(true), '111111').flow, '246810').flow, '246810').flow;
    expect(restartAt(ready, 'current_security_code')).toMatchObject({ step: 'current', current: '', first: '' });
    expect(restartAt(ready, 'security_code')).toMatchObject({ step: 'new', current: '111111', first: '' });
  });

  it('refuses a code anyone would try first (000000, 123456, 121212) before asking to confirm it', () => {
    for (const code of ['000000', '123456', '121212']) {
      const result = enter(startFlow(false), code);
      expect(result.flow).toMatchObject({ step: 'new', entry: '', message: 'guessable' });
    }
    // The current code is whatever was set before: an old easy code still opens the change.
    expect(enter(startFlow(true), '000000').flow).toMatchObject({ step: 'new', message: null });
  });

  it('clears the message as soon as the user types again', () => {
    const refused = enter(startFlow(false), '12');
    expect(typeEntry(refused.flow, '123').message).toBeNull();
  });
});
