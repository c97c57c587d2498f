import { describe, expect, it } from 'vitest';
import { isPayeeNameForFile, normaliseHolderName } from './holder-name.ts';

describe('the holder name a sender types', () => {
  it('takes a phone keyboard’s typographic apostrophe as the file’s straight one', () => {
    expect(normaliseHolderName('  amina  o’neil ')).toBe("AMINA O'NEIL");
    expect(normaliseHolderName('Aït Ba‘amrane')).toBe("AÏT BA'AMRANE");
    expect(isPayeeNameForFile(normaliseHolderName('Amina O’Neil'))).toBe(true);
  });

  it('still refuses what the payment file cannot carry', () => {
    expect(isPayeeNameForFile(normaliseHolderName('فاطمة'))).toBe(false);
    expect(isPayeeNameForFile(normaliseHolderName('Amina & co'))).toBe(false);
  });
});
