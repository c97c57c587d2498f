import { mnemonicToSeedSync } from '@scure/bip39';
import { describe, expect, it } from 'vitest';
import { hdWalletAddresses } from './hd-wallet-addresses.ts';

// hardhat's public development mnemonic: its first addresses are published, so the derivation is checked against
// values computed by other software, not by this code.
const addresses = hdWalletAddresses(mnemonicToSeedSync('test test test test test test test test test test test junk'));

describe('HD wallet addresses', () => {
  it("derives user i at m/44'/60'/0'/0/i, as every wallet does", () => {
    expect(addresses.user('0')).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
    expect(addresses.user('1')).toBe('0x70997970c51812dc3a010c7d01b50e0d17dc79c8');
    expect(addresses.user('2')).toBe('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc');
  });

  it('keeps users, agencies and ids beyond 2^31 apart, stably', () => {
    const seen = new Set([
      addresses.user('1'),
      addresses.agency('1'),
      addresses.user(String(2n ** 31n + 1n)),
      addresses.user(String(2n ** 31n - 1n)),
    ]);
    expect(seen.size).toBe(4);
    expect(addresses.agency('1')).toBe(addresses.agency('1'));
    expect(addresses.agency('1')).toMatch(/^0x[0-9a-f]{40}$/);
  });

  it('refuses ids that are not non-negative integers or out of range', () => {
    expect(() => addresses.user('-1')).toThrow(/not a non-negative integer/);
    expect(() => addresses.user('1.5')).toThrow(/not a non-negative integer/);
    expect(() => addresses.agency(String(2n ** 31n))).toThrow(/beyond/);
    expect(() => addresses.user(String((2n ** 31n - 1n) * 2n ** 31n))).toThrow(/beyond/);
  });
});
