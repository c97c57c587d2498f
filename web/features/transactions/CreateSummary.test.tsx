import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { money } from '../../../common/money/money';
import { renderWithProviders } from '../../shared/test-support';
import { CreateSummary } from './CreateSummary';

describe('CreateSummary: when the money arrives (ADR 013)', () => {
  it('says right away for a recipient whose account the server has shown (money moved before)', () => {
    renderWithProviders(<CreateSummary amount={money('MAD', 100_00n)} party="Youssef" withdraw={false} registered />);
    expect(screen.getByTestId('summary-when').textContent).toBe('Immédiatement');
  });

  it('before a first transfer, does not guess whether the person has an account', () => {
    renderWithProviders(
      <CreateSummary amount={money('MAD', 100_00n)} party="Youssef" withdraw={false} registered={false} />,
    );
    expect(screen.getByTestId('summary-when').textContent).toBe(
      'Immédiatement si la personne a un compte, sinon dès l’ouverture de son compte',
    );
  });
});
