import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { opsMessages } from '../../../common/api/messages';
import { ApiError } from '../../shared/api/api-error';
import { createQueryClient } from '../../shared/api/query-client';
import '../../i18n/i18n';
import { ActionDialog, DialogField } from './OpsDialog';
import { loadOpsCatalogues } from './ops-i18n';

// The back-office shows its first screen once its catalogue is here; a screen rendered alone waits for it the same way.
beforeAll(() => loadOpsCatalogues('fr'));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderDialog(error: ApiError) {
  // jsdom has no modal dialogs: open it as an attribute.
  if (!('showModal' in HTMLDialogElement.prototype) || typeof HTMLDialogElement.prototype['showModal'] !== 'function')
    Object.defineProperty(HTMLDialogElement.prototype, 'showModal', {
      configurable: true,
      value(this: HTMLDialogElement) {
        this.setAttribute('open', '');
      },
    });
  const Page = () => (
    <ActionDialog
      testId="dialog"
      title="Add"
      confirmLabel="Add"
      onClose={() => undefined}
      action={() => Promise.reject(error)}
      onDone={() => undefined}
      fields={['email']}
    >
      <DialogField name="email" label="E-mail" htmlFor="email">
        {(a11y) => <input id="email" data-testid="email" {...a11y} />}
      </DialogField>
    </ActionDialog>
  );
  const router = createMemoryRouter([{ path: '/ops', Component: Page }], { initialEntries: ['/ops?lang=fr'] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  fireEvent.input(screen.getByTestId('action-reason'), { target: { value: 'New teller' } });
  fireEvent.input(screen.getByTestId('action-code'), { target: { value: '246810' } });
  fireEvent.click(screen.getByTestId('action-confirm'));
}

describe('DialogField: a dialog field the server refused', () => {
  it('shows the message under the field, marks it aria-invalid, and leaves the dialog line empty', async () => {
    renderDialog(new ApiError({ status: 400, fieldErrors: { email: [opsMessages.hasMoney] } }));
    const message = await screen.findByTestId('field-error-email');
    expect(message.textContent).not.toBe('');
    const input = screen.getByTestId('email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(message.id);
    expect(screen.getByTestId('action-error').textContent).toBe('');
  });

  it('keeps a wrong security code on the dialog line, with the tries left', async () => {
    renderDialog(new ApiError({ status: 400, fieldErrors: { security_code: ['x'] }, attemptsRemaining: 3 }));
    await waitFor(() => expect(screen.getByTestId('action-error').textContent).not.toBe(''));
    expect(screen.getByTestId('action-error').textContent).toMatch(/3/);
    expect(screen.getByTestId('action-code').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('field-error-email')).toBeNull();
  });
});
