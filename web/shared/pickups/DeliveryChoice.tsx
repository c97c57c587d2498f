import { useTranslation } from '../../i18n/i18n';
import form from '../../ui/Form.module.css';
import { useQuery } from '@tanstack/react-query';
import type { ContactsPage } from '../../../common/api/contacts';
import { apiFetch } from '../../app/api-client';
import styles from './Pickups.module.css';

export interface Delivery {
  kind: 'wallet' | 'cash_pickup';
  /** One agency only; null: any agency. */
  agency: number | null;
}

/**
 * Create transaction, for a recipient with a phone: to their wallet, or in cash at an agency (any
 * agency, or one picked from the agencies nearest first).
 */
export function DeliveryChoice({ value, onChange }: { value: Delivery; onChange: (next: Delivery) => void }) {
  const { t } = useTranslation();
  const pickup = value.kind === 'cash_pickup';
  // The agencies nearest first when the browser already gave a position (the position the app stored).
  const latitude = localStorage.getItem('latitude') ?? undefined;
  const longitude = localStorage.getItem('longitude') ?? undefined;
  const agencies = useQuery({
    queryKey: ['contacts', 'agencies', 'pickup', latitude, longitude],
    queryFn: ({ signal }) =>
      apiFetch<ContactsPage>('/contacts/', { query: { public: 'true', page_size: 100, latitude, longitude }, signal }),
    enabled: pickup,
  });
  const list = pickup ? (agencies.data?.results ?? []) : [];
  return (
    <fieldset className={styles.choice} data-testid="delivery-choice">
      <legend className={form.label}>{t('pickups.delivery')}</legend>
      <label className={styles.option}>
        <input
          type="radio"
          name="delivery"
          checked={!pickup}
          onChange={() => onChange({ kind: 'wallet', agency: null })}
          data-testid="delivery-wallet"
        />
        {t('pickups.toWallet')}
      </label>
      <label className={styles.option}>
        <input
          type="radio"
          name="delivery"
          checked={pickup}
          onChange={() => onChange({ kind: 'cash_pickup', agency: null })}
          data-testid="delivery-pickup"
        />
        {t('pickups.cashPickup')}
      </label>
      {pickup ? (
        <label className={form.field}>
          <span className={form.label}>{t('pickups.where')}</span>
          <select
            className={form.select}
            value={value.agency ?? ''}
            onChange={(e) =>
              onChange({ kind: 'cash_pickup', agency: e.target.value === '' ? null : Number(e.target.value) })
            }
            data-testid="delivery-agency"
          >
            <option value="">{t('pickups.anyAgency')}</option>
            {list.map((a) => (
              <option key={a.id} value={a.id}>
                {[a.first_name, a.city].filter(Boolean).join(', ')}
                {a.proximity !== null ? ` (${Math.round(a.proximity)} km)` : ''}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </fieldset>
  );
}
