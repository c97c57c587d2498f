import { useQuery } from '@tanstack/react-query';
import { cityIn } from '../../../common/i18n/city-names';
import type { ContactsPage } from '../../../common/api/contacts';
import type { Delivery } from '../../../common/api/transactions';
import { apiFetch } from '../../shared/api/api-client';
import { useTranslation } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import { tIsolated } from '../../ui/bidi';
import form from '../../ui/Form.module.css';
import { formatMoney } from '../../ui/money-format';
import type { DeliveryMethod, MethodContext } from './delivery-methods';
import styles from './Delivery.module.css';

export interface DeliveryState {
  kind: Delivery;
  /** A cash pickup at one agency only; null: any agency. */
  agency: number | null;
}

/** The agencies a cash pickup may be restricted to, nearest first when the browser already gave a position. */
function AgencySelect({ value, onChange }: { value: number | null; onChange: (agency: number | null) => void }) {
  const { t, i18n } = useTranslation();
  const latitude = localStorage.getItem('latitude') ?? undefined;
  const longitude = localStorage.getItem('longitude') ?? undefined;
  const agencies = useQuery({
    queryKey: ['contacts', 'agencies', 'pickup', latitude, longitude],
    queryFn: ({ signal }) =>
      apiFetch<ContactsPage>('/contacts/', { query: { public: 'true', page_size: 100, latitude, longitude }, signal }),
  });
  return (
    <label className={form.field}>
      <span className={form.label}>{t('pickups.where')}</span>
      <select
        className={form.select}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        data-testid="delivery-agency"
      >
        <option value="">{t('pickups.anyAgency')}</option>
        {(agencies.data?.results ?? []).map((a) => (
          <option key={a.id} value={a.id}>
            {[a.first_name, a.city && cityIn(i18n.language, a.city)].filter(Boolean).join(', ')}
            {a.proximity !== null ? ` (${Math.round(a.proximity)} km)` : ''}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * How the recipient receives the money: one radio per way this recipient can receive (`methodsFor`), each with
 * when it arrives and what it costs. A cash pickup may be kept to one agency.
 */
export function DeliveryMethodChoice({
  methods,
  value,
  onChange,
  context,
  error,
}: {
  methods: readonly DeliveryMethod[];
  value: DeliveryState;
  onChange: (next: DeliveryState) => void;
  context: Omit<MethodContext, 't' | 'locale'>;
  /** A refusal of the server about the recipient or the agency, shown here where it can be fixed. */
  error?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const full: MethodContext = { ...context, t, locale };
  return (
    <fieldset className={styles.choice} data-testid="delivery-choice" aria-describedby={error ? 'delivery-error' : undefined}>
      <legend className={form.label}>{t('pickups.delivery')}</legend>
      {methods.map((m) => {
        const chosen = value.kind === m.kind;
        return (
          <div key={m.kind} className={chosen ? `${styles.option} ${styles.chosen}` : styles.option} data-method={m.kind}>
            <label className={styles.optionLabel}>
              <input
                type="radio"
                name="delivery"
                checked={chosen}
                onChange={() => onChange({ kind: m.kind, agency: null })}
                data-testid={m.testId}
              />
              <span className={styles.optionText}>
                <span className={styles.optionName}>{t(m.label)}</span>
                <span className={styles.optionFact} data-testid={`${m.testId}-delay`}>
                  {m.delay(full)}
                </span>
                <span className={styles.optionFact} data-testid={`${m.testId}-fee`}>
                  {tIsolated(t, 'payouts.choice.fee', { amount: formatMoney(m.fee, locale) })}
                </span>
              </span>
            </label>
            {chosen && m.kind === 'cash_pickup' ? (
              <AgencySelect value={value.agency} onChange={(agency) => onChange({ kind: 'cash_pickup', agency })} />
            ) : null}
          </div>
        );
      })}
      {error ? (
        <p id="delivery-error" className={form.error} role="alert" data-testid="delivery-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
