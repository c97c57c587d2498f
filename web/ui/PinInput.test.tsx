import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PinInput } from './PinInput';

afterEach(cleanup);

describe('PinInput', () => {
  it('is a numeric one-time-code field, not a password field a password manager offers to save', () => {
    render(<PinInput label="Code de sécurité" value="" onChange={() => undefined} />);
    const field = screen.getByLabelText('Code de sécurité');
    expect(field.getAttribute('type')).not.toBe('password');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('pattern')).toBe('[0-9]*');
  });
});
