import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MonitoringPayload } from '../../../common/api/monitoring';
import { applyLanguage } from '../../i18n/i18n';
import { listSeparator } from '../../i18n/intl-locale';
import { MonitoringAlert } from './MonitoringAlert';
import { loadOpsCatalogues } from './ops-i18n';

// The back-office shows its first screen once its catalogue is here; a screen rendered alone waits for it the same way.
beforeAll(() => loadOpsCatalogues('ar')); // Arabic, and the French it falls back to

const payload: MonitoringPayload = {
  held: false,
  transaction_id: 14,
  sender_user_id: 7,
  payee: 'user:9',
  amount: '250000',
  findings: [
    {
      rule: 'many_payers',
      threshold: '5',
      value: '5',
      window_start: '2026-11-01T00:00:00Z',
      window_end: '2026-11-08T00:00:00Z',
      transaction_ids: [12, 13, 14],
      payers: [3, 4],
    },
  ],
};

afterEach(async () => {
  await applyLanguage('fr', { wholeCatalogue: true });
});

describe('lists of ids on the ops screens', () => {
  it('the separator is the language’s own: Arabic’s comma in ar, a comma elsewhere', () => {
    expect(listSeparator('ar')).toBe('، ');
    for (const language of ['fr', 'en', 'es', 'it', 'nl', 'de']) expect(listSeparator(language)).toBe(', ');
  });

  it('a monitoring alert lists the movements and payers with the Arabic comma in ar', async () => {
    await applyLanguage('ar', { wholeCatalogue: true });
    render(
      <MemoryRouter>
        <MonitoringAlert payload={payload} />
      </MemoryRouter>,
    );
    const finding = await screen.findByTestId('monitoring-finding-many_payers');
    await waitFor(() => expect(finding.textContent).toContain('#12، #13، #14'));
    expect(finding.textContent).toContain('#3، #4');
    expect(finding.textContent).not.toMatch(/#\d+, /);
  });

  it('in French, the usual comma', async () => {
    render(
      <MemoryRouter>
        <MonitoringAlert payload={payload} />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('monitoring-finding-many_payers')).textContent).toContain('#12, #13, #14');
  });
});
