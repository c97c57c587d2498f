import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../shared/test-support';
import { Component as ConfirmEmailPage } from './ConfirmEmailPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('e-mail confirmation by link', () => {
  it('confirms nothing when the page loads (link scanners run scripts), and confirms once on the button', async () => {
    const calls = stubFetch(() => ({ status: 200, body: { detail: 'ok' } }));
    renderWithProviders(<ConfirmEmailPage />, '/authentication/confirm-email?code=abc123');
    expect(screen.getByTestId('confirm-email-status').textContent).toBe('Confirmez que cette adresse e-mail est bien la vôtre.');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByTestId('confirm-email-button'));
    await waitFor(() => expect(screen.getByTestId('confirm-email-status').textContent).toBe('Votre adresse e-mail est confirmée.'));
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/confirm_email/?code=abc123']);
    expect(screen.queryByTestId('confirm-email-button')).toBeNull();
  });
});
