import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../common/api/ops';
import { applyLanguage } from '../../i18n/i18n';
import { AuditSection } from './AuditTable';

const freeze: AuditEntry = {
  id: 1,
  actor: 6,
  actor_role: 'OPERATOR',
  actor_name: 'Salma Idrissi',
  action: 'customer.freeze',
  target_type: 'user',
  target_id: '7',
  reason: 'Fraude signalée',
  before: { frozen: false },
  after: { frozen: true },
  request_id: null,
  ip: null,
  created_at: '2026-11-29T10:00:00Z',
};

const show = (entries: AuditEntry[]) =>
  render(
    <MemoryRouter>
      <AuditSection title="Journal" entries={entries} />
    </MemoryRouter>,
  );

afterEach(async () => {
  await applyLanguage('fr', { wholeCatalogue: true });
});

describe('an audit line', () => {
  it('says the action and the role in words, links its customer and lists what changed', async () => {
    show([freeze]);
    const row = await screen.findByTestId('audit-row');
    await waitFor(() => expect(row.textContent).toContain('Compte gelé'));
    expect(row.textContent).toContain('Opérateur');
    expect(row.textContent).not.toContain('customer.freeze');
    expect(row.textContent).not.toContain('OPERATOR');
    expect(row.textContent).toContain('frozen: false → true');
    expect(screen.getByRole('link', { name: 'Client 7' }).getAttribute('href')).toContain('/ops/customers/7');
  });

  it('in Arabic too, and an action this screen does not know keeps its code', async () => {
    await applyLanguage('ar', { wholeCatalogue: true });
    show([freeze, { ...freeze, id: 2, action: 'something.new', target_type: 'transaction', target_id: '9' }]);
    const rows = await screen.findAllByTestId('audit-row');
    await waitFor(() => expect(rows[0]?.textContent).toContain('تجميد الحساب'));
    expect(rows[1]?.textContent).toContain('something.new');
    expect(screen.getByRole('link', { name: 'معاملة 9' }).getAttribute('href')).toContain('/ops/transactions/9');
  });
});
