import { describe, expect, it } from 'vitest';
import { verhoeffDigit } from '../pickups/reference.ts';
import { readCounterReference } from './counter-reference.ts';

describe('what the teller typed at the counter', () => {
  it('a withdrawal reference with or without dashes or spaces, in either case, in its dashed spelling', () => {
    for (const typed of ['9956-8QUF-HDGU', '99568QUFHDGU', '9956 8quf hdgu', ' 99568quf-hdgu '])
      expect(readCounterReference(typed), typed).toEqual({ kind: 'withdrawal', value: '9956-8QUF-HDGU' });
  });

  it('the QR code token as it is', () => {
    expect(readCounterReference('AbCdEfGhIjKlMnOpQrSt_-')).toEqual({ kind: 'withdrawal', value: 'AbCdEfGhIjKlMnOpQrSt_-' });
  });

  it('a pickup reference with or without spaces; a wrong check digit is caught', () => {
    const body = '184686149';
    const reference = `${body}${verhoeffDigit(body)}`;
    const grouped = `${reference.slice(0, 3)} ${reference.slice(3, 6)} ${reference.slice(6)}`;
    for (const typed of [reference, grouped, grouped.replace(/ /g, '-')])
      expect(readCounterReference(typed), typed).toEqual({ kind: 'pickup', value: reference });
    const typo = `${body}${(verhoeffDigit(body) + 1) % 10}`;
    expect(readCounterReference(typo)).toEqual({ kind: 'invalid', reason: 'check_digit' });
  });

  it('anything else is the wrong format', () => {
    for (const typed of ['', '12AB', '0000-0000-0000', 'IIII-LLLL-OOOO', '12345678901'])
      expect(readCounterReference(typed), typed).toEqual({ kind: 'invalid', reason: 'format' });
  });
});
