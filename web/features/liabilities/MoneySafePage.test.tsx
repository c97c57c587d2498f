// eslint-disable-next-line no-restricted-imports -- a test, run by Node: the fixture tree is built with a synchronous SHA-256
import { createHash } from 'node:crypto';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnchoredRecord } from '../../../common/liabilities/anchored-record';
import { fixtureCustomers, fixtureProof, fixtureRecord, fixtureRoot } from '../../../common/liabilities/proof-fixture';
import '../../i18n/i18n';
import { renderWithProviders, stubFetch } from '../../shared/test-support';
import { testUser } from '../../shared/users/user.fixtures';
import { Component as MoneySafePage } from './MoneySafePage';

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * The screen with customer a's sound proof (the ADR's worked example), published, and whatever the public
 * ledger's explorer holds for its root (undefined: no record).
 */
function renderWith(options: { record: AnchoredRecord | undefined; address?: string }) {
  const proof = fixtureProof(sha256, 'a');
  proof.anchor = { status: 'published', tx_id: 'ab'.repeat(32), url: `/explorer/tx/${'ab'.repeat(32)}` };
  const user = testUser({ account_id: options.address ?? fixtureCustomers.a.address });
  const calls = stubFetch(({ url }) => {
    if (url.startsWith('/api/liabilities/proof/')) return { status: 200, body: { proofs: [proof] } };
    if (url.startsWith('/api/chain/'))
      return { status: 200, body: { network: 'local', tx_url: '/explorer/tx/{id}', address_url: '/x/{address}' } };
    if (url.startsWith('/api/users/'))
      return { status: 200, body: { count: 1, next: null, previous: null, results: [user] } };
    if (url === `/explorer/records/0x${fixtureRoot}`)
      return options.record ? { status: 200, body: { payload: options.record } } : { status: 404, body: {} };
    return { status: 404, body: {} };
  });
  renderWithProviders(<MoneySafePage />);
  return calls;
}

const result = async () => {
  await waitFor(() => expect(screen.getByTestId('proof-result').getAttribute('data-state')).toBeTruthy());
  return screen.getByTestId('proof-result');
};

describe("'Is my money safe?'", () => {
  it('verifies the leaves and compares the root with the record read from the public ledger', async () => {
    const calls = renderWith({ record: fixtureRecord });
    const shown = await result();
    expect(shown.getAttribute('data-state')).toBe('ok');
    expect(shown.textContent).toContain('Vérifié');
    expect(calls.map((c) => c.url)).toContain(`/explorer/records/0x${fixtureRoot}`);
    // Plain words: why this balance may not be the home screen's, and the command folded away for experts.
    expect(screen.getByTestId('proof-differs').textContent).toContain('mis de côté pour vos opérations en cours');
    const experts = screen.getByTestId('proof-experts');
    expect(experts.tagName).toBe('DETAILS');
    expect(experts.textContent).toContain('npm run verify-proof -- proof-');
    const outside = (shown.textContent ?? '').replace(experts.textContent ?? '', '');
    expect(outside).not.toMatch(/npm|FICHIER|ADR|arbre/);
  });

  it('fails a sound tree whose root the public ledger does not hold, whatever the server says', async () => {
    renderWith({ record: undefined });
    const shown = await result();
    expect(shown.getAttribute('data-state')).toBe('failed');
    expect(shown.textContent).toContain('ne figure pas sur le registre public');
  });

  it('fails when the public record says another total', async () => {
    renderWith({ record: { ...fixtureRecord, amount: '1629.99' } });
    const shown = await result();
    expect(shown.getAttribute('data-state')).toBe('failed');
    expect(shown.textContent).toContain('un autre total');
  });

  it("fails a proof made for another wallet than the profile's", async () => {
    renderWith({ record: fixtureRecord, address: fixtureCustomers.b.address });
    const shown = await result();
    expect(shown.getAttribute('data-state')).toBe('failed');
    expect(shown.textContent).toContain(fixtureCustomers.a.address);
  });
});
