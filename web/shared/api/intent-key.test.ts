import { afterEach, describe, expect, it } from 'vitest';
import { intentKey, settleIntent } from './intent-key';

afterEach(() => sessionStorage.clear());

describe('intent keys', () => {
  it('one intent keeps its key until settled, another intent has its own', () => {
    const first = intentKey('send:4:10.00');
    expect(intentKey('send:4:10.00')).toBe(first);
    expect(intentKey('send:4:11.00')).not.toBe(first);
    settleIntent('send:4:10.00');
    expect(intentKey('send:4:10.00')).not.toBe(first);
  });
});
