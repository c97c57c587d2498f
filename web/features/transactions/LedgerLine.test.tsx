import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Transaction } from '../../../common/api/transactions';
import { renderWithProviders, stubFetch } from '../../shared/test-support';
import { LedgerLine, shortLedgerId } from './LedgerLine';

afterEach(() => {
  vi.unstubAllGlobals();
});

const txId = `${'0123456789abcdef'.repeat(4)}`;
const tx = { id: 5, status: 'completed', tx_id: txId } as Transaction;

describe('the public-ledger line', () => {
  it('shows a short id, copies the full one and links to the explorer', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    stubFetch(() => ({
      status: 200,
      body: { network: 'evm', tx_url: 'https://scan.example/tx/{id}', address_url: 'https://scan.example/a/{address}' },
    }));
    renderWithProviders(<LedgerLine tx={tx} />);
    const id = screen.getByTestId('ledger-tx-id');
    expect(id.textContent).toBe('01234567…abcdef');
    expect(id.getAttribute('title')).toBe(txId);
    expect((await screen.findByTestId('ledger-link')).getAttribute('href')).toBe(`https://scan.example/tx/${txId}`);
    await act(async () => {
      fireEvent.click(screen.getByTestId('ledger-copy'));
    });
    expect(writeText).toHaveBeenCalledWith(txId);
  });

  it('keeps a short id whole', () => {
    expect(shortLedgerId('abc')).toBe('abc');
    expect(shortLedgerId(txId)).toHaveLength(15);
  });
});
