import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rateAlertMessages } from '../../../common/api/messages';
import type { RateAlert } from '../../../common/api/rate-alerts';
import { renderWithProviders, stubFetch, type RecordedCall } from '../../shared/test-support';
import { highestThreshold, RateAlerts, suggestedThreshold } from './RateAlerts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const active: RateAlert = {
  id: 7,
  threshold: '11.2000',
  state: 'active',
  created_at: '2026-11-20T10:00:00.000Z',
  triggered_at: null,
  triggered_rate: null,
};
const reached: RateAlert = {
  id: 3,
  threshold: '10.8000',
  state: 'triggered',
  created_at: '2026-11-01T10:00:00.000Z',
  triggered_at: '2026-11-10T09:30:00.000Z',
  triggered_rate: '10.8200',
};

function api(post: (call: RecordedCall) => { status: number; body?: unknown } = () => ({ status: 201, body: active })) {
  let alerts = [active, reached];
  return stubFetch((call) => {
    if (call.method === 'GET')
      return { status: 200, body: { count: alerts.length, next: null, previous: null, results: alerts } };
    if (call.method === 'POST') return post(call);
    if (call.method === 'DELETE') {
      alerts = alerts.filter((a) => !call.url.endsWith(`/${a.id}/`));
      return { status: 204 };
    }
    return { status: 404, body: { detail: 'Not found.' } };
  });
}

const field = () => screen.getByTestId<HTMLInputElement>('rate-alert-threshold');

describe('rate alerts on /rates', () => {
  it('suggests 1 % above the rate, rounded up to the hundredth, and bounds at +50 %', () => {
    expect(suggestedThreshold('10.7000')).toBe('10.8100');
    expect(suggestedThreshold('10.80')).toBe('10.9100');
    expect(highestThreshold('10.7000')).toBe('16.0500');
  });

  it('prefills the field, says the bounds, and lists the alerts with their state', async () => {
    api();
    renderWithProviders(<RateAlerts rate="10.7000" />);
    expect(field().value).toBe('10,81');
    expect(document.getElementById('rate-alert-hint')?.textContent).toBe(
      'Au-dessus de votre taux (10,70\u00A0MAD), au plus 16,05\u00A0MAD.',
    );
    const rows = await screen.findAllByTestId('rate-alert');
    expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['active', 'triggered']);
    expect(rows[0]?.textContent).toContain('1 EUR = 11,20\u00A0MAD');
    expect(rows[0]?.textContent).toContain('Active');
    expect(rows[1]?.textContent).toContain('Atteinte le');
    expect(rows[1]?.textContent).toContain('10,82\u00A0MAD');
    expect(screen.getAllByRole('button', { name: 'Supprimer l’alerte à 11,20\u00A0MAD' })).toHaveLength(1);
  });

  it('sends the threshold with a point, whatever mark was typed, and reads the list again', async () => {
    const calls = api();
    renderWithProviders(<RateAlerts rate="10.7000" />);
    await screen.findAllByTestId('rate-alert');
    fireEvent.input(field(), { target: { value: ' 11,5 ' } });
    fireEvent.click(screen.getByTestId('rate-alert-set'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/rate-alerts/',
      body: { threshold: '11.5' },
    });
    expect(field().value).toBe('10,81');
  });

  it('says a refused threshold under the field, in the screen’s language, and so the 11th alert', async () => {
    let answer: { status: number; body?: unknown } = { status: 400, body: { threshold: [rateAlertMessages.notAbove] } };
    api(() => answer);
    renderWithProviders(<RateAlerts rate="10.7000" />);
    fireEvent.input(field(), { target: { value: '10,50' } });
    fireEvent.click(screen.getByTestId('rate-alert-set'));
    await waitFor(() =>
      expect(screen.getByTestId('rate-alert-error').textContent).toBe(
        'Choisissez un taux supérieur à votre taux actuel.',
      ),
    );
    expect(field().getAttribute('aria-invalid')).toBe('true');
    answer = { status: 400, body: { detail: rateAlertMessages.tooMany } };
    fireEvent.input(field(), { target: { value: '11,00' } });
    expect(field().getAttribute('aria-invalid')).toBe('false');
    fireEvent.click(screen.getByTestId('rate-alert-set'));
    await waitFor(() =>
      expect(screen.getByTestId('rate-alert-error').textContent).toBe(
        'Vous avez déjà 10 alertes actives : supprimez-en une d’abord.',
      ),
    );
  });

  it('refuses text that is not a rate without asking the server', async () => {
    const calls = api();
    renderWithProviders(<RateAlerts rate="10.7000" />);
    fireEvent.input(field(), { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('rate-alert-set'));
    expect(screen.getByTestId('rate-alert-error').textContent).toBe(
      'Saisissez un taux comme 11,20, avec au plus 4 décimales.',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('deletes one alert', async () => {
    const calls = api();
    renderWithProviders(<RateAlerts rate="10.7000" />);
    fireEvent.click((await screen.findAllByTestId('rate-alert-delete'))[0] as HTMLElement);
    await waitFor(() => expect(screen.getAllByTestId('rate-alert')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/rate-alerts/7/');
  });
});
