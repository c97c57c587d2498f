import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../common/api/ops';
import { applyLanguage } from '../../i18n/i18n';
import { AuditSection } from './AuditTable';
import { loadOpsCatalogues } from './ops-i18n';

// The back-office shows its first screen once its catalogue is here; a screen rendered alone waits for it the same way.
beforeAll(() => loadOpsCatalogues('ar')); // Arabic, and the French it falls back to

const freeze: AuditEntry = {
  id: 1,
  actor: 6,
  actor_role: 'OPERATOR',
  actor_name: 'Salma Idrissi',
  action: 'customer.freeze',
  target_type: 'user',
  target_id: '7',
  target_name: 'Nadia Benali',
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
  it('says the action and the role in words, names and links its people and lists what changed', async () => {
    show([freeze]);
    const row = await screen.findByTestId('audit-row');
    await waitFor(() => expect(row.textContent).toContain('Compte gelé'));
    expect(row.textContent).toContain('Opérateur');
    expect(row.textContent).not.toContain('customer.freeze');
    expect(row.textContent).not.toContain('OPERATOR');
    expect(row.textContent).toContain('Gelé : non → oui');
    expect(row.textContent).not.toContain('frozen');
    expect(screen.getByRole('link', { name: 'Nadia Benali' }).getAttribute('href')).toContain('/ops/customers/7');
    // The operator by name, linked to their own actions in the trail.
    expect(screen.getByRole('link', { name: 'Salma Idrissi' }).getAttribute('href')).toContain('/ops/audit?actor=6');
  });

  it('reads a decision as words: nested outcome, dates in the language, unchanged context left out', async () => {
    show([
      {
        ...freeze,
        action: 'review.approve',
        target_type: 'review',
        target_id: '3',
        target_name: null,
        before: { state: 'open', kind: 'sanctions_hit' },
        after: { state: 'approved', kind: 'sanctions_hit', outcome: { released: true, status: 'completed' } },
      },
      {
        ...freeze,
        id: 2,
        action: 'customer.unlock_security_code',
        before: { security_code_locked_until: '2026-11-29T10:30:00.000Z' },
        after: { security_code_locked_until: null },
      },
    ]);
    const rows = await screen.findAllByTestId('audit-row');
    await waitFor(() => expect(rows[0]?.textContent).toContain('Examen approuvé'));
    expect(rows[0]?.textContent).toContain('État : Ouvert → Approuvée');
    expect(rows[0]?.textContent).toContain('Résultat : Libérée : oui, Statut : Terminée');
    expect(rows[0]?.textContent).not.toContain('sanctions_hit');
    expect(rows[0]?.textContent).not.toContain('{');
    expect(rows[1]?.textContent).toContain('Code bloqué jusqu’au : 29 nov. 2026');
    expect(rows[1]?.textContent).not.toContain('2026-11-29T');
  });

  it('names a role given in words', async () => {
    show([{ ...freeze, action: 'operator.add', before: null, after: { role: 'OPERATOR', sessions_ended: 0 } }]);
    const row = await screen.findByTestId('audit-row');
    await waitFor(() => expect(row.textContent).toContain('Rôle : Opérateur'));
    expect(row.textContent).toContain('Sessions fermées : 0');
  });

  it('in Arabic too, and an action this screen does not know keeps its code', async () => {
    await applyLanguage('ar', { wholeCatalogue: true });
    show([
      freeze,
      { ...freeze, id: 2, action: 'something.new', target_type: 'transaction', target_id: '9', target_name: null },
    ]);
    const rows = await screen.findAllByTestId('audit-row');
    await waitFor(() => expect(rows[0]?.textContent).toContain('تجميد الحساب'));
    expect(rows[1]?.textContent).toContain('something.new');
    expect(screen.getByRole('link', { name: 'معاملة 9' }).getAttribute('href')).toContain('/ops/transactions/9');
  });

  it("names an identity document's part and a review's outcome fields in words, not as codes", async () => {
    show([
      {
        ...freeze,
        action: 'kyc.document.view',
        target_type: 'kyc_file',
        target_id: '5',
        target_name: null,
        before: null,
        after: { part: 'front' },
      },
      {
        ...freeze,
        id: 2,
        action: 'customer.review_approved',
        before: null,
        after: { review: 9, kind: 'kyc_document', outcome: { level: 2, submission_id: 3 } },
      },
      {
        ...freeze,
        id: 3,
        action: 'kyc.submit',
        target_type: 'kyc_submission',
        target_id: '3',
        target_name: null,
        before: null,
        after: { document_type: 'passport', files: ['front', 'selfie'], review_id: 12 },
      },
    ]);
    const rows = await screen.findAllByTestId('audit-row');
    await waitFor(() => expect(rows[0]?.textContent).toContain('Pièce : Recto'));
    expect(rows[2]?.textContent).toContain('Type de pièce : Passeport');
    expect(rows[2]?.textContent).toContain('Fichiers : Recto, Selfie');
    expect(rows[2]?.textContent).toContain('Examen : 12');
    expect(rows[1]?.textContent).toContain('Type : Pièces d’identité');
    expect(rows[1]?.textContent).toContain('Niveau : 2, Envoi de pièces : 3');
    expect(rows.map((row) => row.textContent).join(' ')).not.toMatch(
      /\b(part|front|kind|level|submission_id|files|review_id|passport|document_type)\b/,
    );
  });
});
