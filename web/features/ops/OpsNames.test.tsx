import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OpsCustomerDocument } from '../../../common/api/ops';
import type { SanctionsHitPayload } from '../../../common/api/sanctions-review';
import { applyLanguage } from '../../i18n/i18n';
import { CustomerDocuments } from './CustomerDocuments';
import { RecipientWithoutAccount } from './OpsParts';
import { SanctionsHit } from './SanctionsHit';
import { loadOpsCatalogues } from './ops-i18n';

// The back-office shows its first screen once its catalogue is here; a screen rendered alone waits for it the same way.
beforeAll(() => loadOpsCatalogues('ar')); // Arabic, and the French it falls back to

// People by name on the back-office screens, not by their number: a held send's sender and recipient, the listed
// person's facts in words, a recipient without an account with the phone beside the name, and the decision on a
// customer's identity documents.

const hit: SanctionsHitPayload = {
  type: 'transfer',
  screened_name: 'Mohamed El Hassan Zitouni',
  transaction_id: 31,
  contact_id: 8,
  sender_user_id: 7,
  amount: '12000',
  matches: [
    {
      entry: 'eu:900101',
      list: 'EU',
      external_id: '900101',
      listed_name: 'Mohammed Al-Hassan Zaytouni',
      names: ['Mohammed Al-Hassan Zaytouni'],
      birth_dates: ['1971-04-12'],
      nationalities: ['LY'],
      programme: null,
      score: 0.93,
      list_version: '2',
      list_date: '2026-11-14',
    },
  ],
};

const approved: OpsCustomerDocument = {
  id: 4,
  document_type: 'passport',
  state: 'approved',
  created_at: '2026-11-29T10:00:00Z',
  review: 12,
  decided_at: '2026-11-29T11:00:00Z',
  decided_by: 3,
  decided_by_name: 'Olga Operator',
  reason: 'Passeport conforme',
  files: [],
};

const inRouter = (node: React.ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);

afterEach(async () => {
  await applyLanguage('fr', { wholeCatalogue: true });
});

describe('names on the back-office screens', () => {
  it("a held send's sender by name, linked to their page, and its recipient by name, not by number", async () => {
    inRouter(<SanctionsHit payload={hit} names={{ sender_user_id: 'Nadia Test', contact_id: 'Mohamed Zitouni' }} />);
    const sender = await screen.findByTestId('sanctions-sender');
    await waitFor(() => expect(sender.textContent).toBe('Expéditeur : Nadia Test'));
    expect(sender.getAttribute('href')).toBe('/ops/customers/7');
    expect(screen.getByTestId('sanctions-contact').textContent).toBe('Bénéficiaire : Mohamed Zitouni');
    const facts = screen.getByTestId('sanctions-hit').textContent ?? '';
    expect(facts).toContain('12 avril 1971');
    expect(facts).toContain('14 novembre 2026');
    expect(facts).toContain('Libye');
    expect(facts).not.toMatch(/n° 7|\d{4}-\d{2}-\d{2}|\bLY\b/);
  });

  it('a customer without a name on file is still linked, by number', async () => {
    inRouter(<SanctionsHit payload={hit} names={{}} />);
    await waitFor(() => expect(screen.getByTestId('sanctions-sender').textContent).toBe('Expéditeur : client n° 7'));
  });

  it('in Arabic, the dates and the nationality in Arabic words', async () => {
    await applyLanguage('ar', { wholeCatalogue: true });
    inRouter(<SanctionsHit payload={hit} names={{ sender_user_id: 'Nadia Test' }} />);
    await waitFor(() => expect(screen.getByTestId('sanctions-sender').textContent).toBe('المرسل: Nadia Test'));
    expect(screen.getByTestId('sanctions-hit').textContent).toContain('ليبيا');
  });

  it('a recipient without an account by name, the phone as a second line; the phone alone without a name', () => {
    const { container, rerender } = inRouter(<RecipientWithoutAccount name="Youssef Benali" reach="+212612345678" />);
    expect(container.textContent).toBe('Youssef Benali+212612345678');
    expect(container.querySelectorAll('bdi')[1]?.textContent).toBe('+212612345678');
    rerender(
      <MemoryRouter>
        <RecipientWithoutAccount name={null} reach="+212612345678" />
      </MemoryRouter>,
    );
    expect(container.textContent).toBe('+212612345678');
  });

  it("a customer's documents with the decision on them: who, when, why, and the review they were decided in", async () => {
    inRouter(<CustomerDocuments customerId={5} documents={[approved]} />);
    const decision = await screen.findByTestId('customer-document-decision');
    expect(decision.textContent).toContain('Olga Operator');
    expect(decision.textContent).toContain('Passeport conforme');
    await waitFor(() => expect(screen.getByTestId('customer-document').textContent).toContain('Passeport'));
    const review = screen.getByRole('link', { name: 'Examen n° 12' });
    expect(review.getAttribute('href')).toBe('/ops/reviews?state=approved&subject=user:5');
  });

  it('no documents: says so', async () => {
    inRouter(<CustomerDocuments customerId={5} documents={[]} />);
    await waitFor(() =>
      expect(screen.getByTestId('customer-documents').textContent).toContain('Aucune pièce envoyée.'),
    );
  });
});
