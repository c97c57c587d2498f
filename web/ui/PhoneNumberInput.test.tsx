import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PhonePrefix } from '../../common/identity/phone';
import { PhoneNumberInput } from './PhoneNumberInput';

function Field({ initial = '' }: { initial?: string }) {
  const [prefix, setPrefix] = useState<PhonePrefix | ''>('+33');
  const [value, setValue] = useState(initial);
  return <PhoneNumberInput id="p" prefix={prefix} value={value} onChange={setValue} onPrefixChange={setPrefix} />;
}

afterEach(cleanup);

describe('PhoneNumberInput', () => {
  it("a pasted '+212 6 12 34 56 78' switches the prefix and keeps the national digits", () => {
    render(<Field />);
    fireEvent.input(screen.getByTestId('phone-input'), { target: { value: '+212 6 12 34 56 78' } });
    expect(screen.getByTestId<HTMLSelectElement>('phone-prefix').value).toBe('+212');
    expect(screen.getByTestId<HTMLInputElement>('phone-input').value).toBe('6 12 34 56 78');
  });

  it('takes a 17-character paste whole (no maxLength cutting it first)', () => {
    render(<Field />);
    expect(screen.getByTestId('phone-input').hasAttribute('maxlength')).toBe(false);
  });

  it('a digit typed in the middle leaves the caret after it, not at the end', () => {
    render(<Field initial="06 12 34 56" />);
    const field = screen.getByTestId<HTMLInputElement>('phone-input');
    field.focus();
    // '9' typed after '06 1': the browser's value and caret before the reformat.
    // Through the native setter, as the browser does, so React sees a change.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, '06 192 34 56');
    field.setSelectionRange(5, 5);
    fireEvent.input(field);
    expect(field.value).toBe('06 19 23 45 6');
    expect(field.selectionStart).toBe(5);
  });
});
