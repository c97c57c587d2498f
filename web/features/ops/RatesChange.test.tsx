import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Approval } from '../../../common/api/ops';
import type { OpsRate } from '../../../common/api/ops-rates';
import { applyLanguage } from '../../i18n/i18n';
import { RatesDecision } from './ApprovalsPage';
import { RatesConfirmation } from './RatesConfirmation';
import { loadOpsCatalogues } from './ops-i18n';

// The back-office shows its first screen once its catalogue is here; a screen rendered alone waits for it the same way.
beforeAll(() => loadOpsCatalogues('ar')); // Arabic, and the French it falls back to

const inForce: OpsRate = {
  id: 3,
  official: '10.8500',
  freemium: '10.7000',
  subscription: '10.8000',
  fee: '0.016000',
  freemium_margin: '1.38',
  subscription_margin: '0.46',
  effective_at: '2026-11-29T08:00:00Z',
  created_at: '2026-11-29T08:00:00Z',
  state: 'in_force',
  set_by: null,
  approved_by: null,
  approval_id: null,
  reason: null,
};

const draft = (official: string, fee = '') => ({
  official,
  freemium: '10,70',
  subscription: '10,80',
  fee,
  when: 'now' as const,
  effective_at: '',
});

const confirm = (official: string, fee = '') =>
  render(
    <MemoryRouter>
      <RatesConfirmation inForce={inForce} draft={draft(official, fee)} fourEyes="5" fourEyesFeeBp={25} />
    </MemoryRouter>,
  );

afterEach(async () => {
  await applyLanguage('fr', { wholeCatalogue: true });
});

describe('the rates confirmation', () => {
  it('labels each rate, shows in force → new and the change in percent, and warns that a second operator must approve', async () => {
    confirm('11,40');
    const official = await screen.findByTestId('rates-change-official');
    await waitFor(() => expect(official.textContent).toContain('Taux officiel'));
    const cells = within(official)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['10,85', '11,40', '+5,07 %']);
    expect(screen.getByTestId('rates-change-freemium').textContent).toContain('Taux freemium');
    expect(screen.getByTestId('rates-change-freemium').textContent).toContain('0,00 %');
    expect(screen.getByTestId('rates-change-subscription').textContent).toContain('Taux abonnement');
    // The card fee kept (left empty) is not a change: no line for it.
    expect(screen.queryByTestId('rates-change-fee')).toBeNull();
    expect(screen.getByTestId('rates-needs-approval').textContent).toContain('un second opérateur doit la valider');
    expect(screen.queryByTestId('rates-within-limits')).toBeNull();
    expect(screen.getByTestId('rates-when').textContent).toBe('Ils s’appliquent dès leur enregistrement.');
  });

  it('says a small change stays within the limits, and a card fee moved past its limit needs approval', async () => {
    const small = confirm('10,90');
    await waitFor(() =>
      expect(screen.getByTestId('rates-within-limits').textContent).toContain('Dans la limite de 5,00 %'),
    );
    expect(screen.queryByTestId('rates-needs-approval')).toBeNull();
    small.unmount();
    confirm('10,85', '0,02');
    const fee = await screen.findByTestId('rates-change-fee');
    await waitFor(() => expect(fee.textContent).toContain('Frais de carte'));
    expect(fee.textContent).toContain('0,016');
    expect(fee.textContent).toContain('+0,004');
    expect(screen.getByTestId('rates-needs-approval')).toBeTruthy();
  });

  it('in Arabic: the labels translated, the figures left to right', async () => {
    await applyLanguage('ar', { wholeCatalogue: true });
    confirm('11.40');
    const official = await screen.findByTestId('rates-change-official');
    await waitFor(() => expect(official.textContent).toContain('السعر الرسمي'));
    expect(official.querySelectorAll('bdi[dir="ltr"]').length).toBe(3);
    expect(screen.getByTestId('rates-needs-approval').textContent).toContain('مشغّل ثانٍ');
  });
});

const request: Approval = {
  id: 2,
  kind: 'rates',
  subject_type: 'rates',
  subject_id: 'rates',
  amount: null,
  currency: null,
  payload: {
    official: '11.4000',
    freemium: '10.7000',
    subscription: '10.8000',
    fee: '0.016000',
    change_percent: '5.05',
    fee_change_bp: '0',
    before: { official: '10.8500', freemium: '10.7000', subscription: '10.8000', fee: '0.016000' },
  },
  reason: 'Dirham weaker',
  requested_by: 6,
  requested_by_name: 'Salma Idrissi',
  requested_at: '2026-11-29T10:00:00Z',
  expires_at: '2026-11-30T10:00:00Z',
  state: 'pending',
  decided_by: null,
  decided_at: null,
  decision_reason: null,
};

describe('the approval of a rates request', () => {
  it('says what approving does and labels each figure, never "±5.05 % · —"', async () => {
    const { container } = render(
      <MemoryRouter>
        <RatesDecision approval={request} decision="approve" />
      </MemoryRouter>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('rates-decision-intro').textContent).toContain('Valider applique ces taux'),
    );
    expect(screen.getByTestId('rates-decision-change-official').textContent).toContain('Taux officiel');
    expect(screen.getByTestId('rates-decision-change-official').textContent).toContain('+5,07 %');
    expect(screen.getByTestId('rates-decision-largest').textContent).toContain('Variation maximale : 5,05 %');
    expect(container.textContent).toContain('Salma Idrissi');
    expect(container.textContent).toContain('Dirham weaker');
    expect(container.textContent).not.toMatch(/±|· —/);
  });

  it('a rejection says the rates stay as they are', async () => {
    render(
      <MemoryRouter>
        <RatesDecision approval={request} decision="reject" />
      </MemoryRouter>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('rates-decision-intro').textContent).toContain('Rejeter laisse les taux en vigueur'),
    );
  });
});
