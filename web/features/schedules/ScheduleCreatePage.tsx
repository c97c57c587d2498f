import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  scheduleDeliveries,
  timeZoneOf,
  type ScheduleDelivery,
  type ScheduleFrequency,
} from '../../../common/api/schedules';
import { formatLocaleAmount } from '../../../common/money/locale-amount';
import { dayAround } from '../../../common/time/time-zone';
import { ApiError } from '../../shared/api/api-error';
import { intentKey, settleIntent } from '../../shared/api/intent-key';
import { useTranslation } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import { AmountInput } from '../../ui/AmountInput';
import { DateInput } from '../../ui/DateInput';
import form from '../../ui/Form.module.css';
import { moneyFromApi } from '../../ui/money-format';
import { numberFormat } from '../../ui/intl-format';
import { PinInput } from '../../ui/PinInput';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';
import { deliveryWay, waysFor } from '../../shared/payouts/delivery-ways';
import { useRates } from '../../shared/rates/rates-queries';
import { useCurrentUser } from '../../shared/users/use-current-user';
import { problemText, scheduleErrorTexts } from './schedule-errors';
import {
  checkScheduleForm,
  emptyScheduleForm,
  type EndKind,
  type ScheduleField,
  type ScheduleFormValues,
} from './schedule-form';
import { recipientsQuery, useCreateSchedule } from './schedules-api';
import styles from './Schedules.module.css';

const frequencies: ScheduleFrequency[] = ['weekly', 'biweekly', 'monthly'];
const ends: EndKind[] = ['none', 'date', 'count'];
const days = Array.from({ length: 28 }, (_, i) => String(i + 1));

/** The form's starting values: 'make it monthly' and 'repeat this' bring the recipient and the amount. */
function prefilled(params: URLSearchParams, locale: string): ScheduleFormValues {
  const again = params.get('amount');
  const amount = again !== null && /^\d{1,9}(\.\d{2})?$/.test(again) ? moneyFromApi(again, 'MAD') : undefined;
  const frequency = params.get('frequency');
  const delivery = params.get('delivery');
  return {
    ...emptyScheduleForm,
    contact: /^\d{1,15}$/.test(params.get('contact') ?? '') ? (params.get('contact') ?? '') : '',
    amount: amount ? formatLocaleAmount(amount, locale) : '',
    frequency: frequencies.includes(frequency as ScheduleFrequency) ? (frequency as ScheduleFrequency) : 'monthly',
    // The way the send was made; one this recipient cannot receive falls back to the wallet on screen.
    delivery: scheduleDeliveries.includes(delivery as ScheduleDelivery) ? (delivery as ScheduleDelivery) : 'wallet',
  };
}

/** One labelled field with its error under it, tied to the input (`inputId`) for screen readers. */
function Field({
  label,
  error,
  inputId,
  errorId,
  children,
}: {
  label: string;
  error: string | undefined;
  inputId: string;
  errorId: string;
  children: ReactNode;
}) {
  return (
    <div className={form.field}>
      <label className={form.label} htmlFor={inputId}>
        {label}
      </label>
      {children}
      <p id={errorId} className={form.error} role={error ? 'alert' : undefined}>
        {error ?? ''}
      </p>
    </div>
  );
}

/**
 * A new scheduled transfer: recipient, amount, how it arrives, how often, from when, until when, and the security
 * code once (the mandate). Every field's problem shows under it, the form's own checks first, then the server's.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const withLang = useWithLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const me = useCurrentUser();
  const rates = useRates();
  const recipients = useQuery(recipientsQuery());
  const create = useCreateSchedule();
  const [values, setValues] = useState(() => prefilled(params, locale));
  const [errors, setErrors] = useState<Partial<Record<ScheduleField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const ids = { base: useId() };
  const errorId = (field: ScheduleField) => `${ids.base}-${field}`;

  const today = dayAround(new Date(), timeZoneOf(me.data?.country ?? null)).date;
  const min = rates.data ? moneyFromApi(rates.data.transfer_min_amount, 'MAD') : undefined;
  const max = rates.data ? moneyFromApi(rates.data.transfer_max_amount, 'MAD') : undefined;
  // Agencies take no scheduled transfer: only the customer's own recipients are offered.
  const people = (recipients.data?.results ?? []).filter((c) => !c.public);
  const chosen = people.find((c) => String(c.id) === values.contact);
  // The ways this recipient can receive, by the send flow's rule; before one is chosen, the wallet.
  const ways = chosen ? waysFor(chosen) : [deliveryWay('wallet')];
  // A way the newly chosen recipient cannot receive falls back to the wallet, which every person receives.
  const delivery = ways.some((w) => w.kind === values.delivery) ? values.delivery : 'wallet';

  function set<K extends keyof ScheduleFormValues>(key: K, value: ScheduleFormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
    setFormError(null);
  }

  const inputId = (field: ScheduleField) => `${ids.base}-${field}-input`;
  const invalid = (field: ScheduleField) => ({
    id: inputId(field),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errorId(field),
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!min || !max) return;
    const checked = checkScheduleForm({ ...values, delivery }, { locale, today, min, max });
    if (!checked.ok) {
      const next: Partial<Record<ScheduleField, string>> = {};
      for (const problem of checked.problems) next[problem.field] ??= problemText(problem, t, locale);
      setErrors(next);
      return;
    }
    setErrors({});
    setFormError(null);
    // One key per intent: a create retried after a lost answer makes one schedule, not two.
    const { security_code: _code, ...what } = checked.body;
    const intent = `schedule:${JSON.stringify(what)}`;
    create.mutate(
      { body: checked.body, key: intentKey(intent) },
      {
        onSuccess: (schedule) => {
          settleIntent(intent);
          void navigate(withLang(`/schedules/${schedule.id}?created=true`));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) settleIntent(intent);
          const texts = scheduleErrorTexts(error, t, i18n.language);
          setErrors(texts.fields);
          setFormError(texts.form ?? null);
          setValues((current) => ({ ...current, security_code: '' }));
        },
      },
    );
  }

  return (
    <main className={form.page}>
      <ScreenHeader title={t('schedules.form.title')} backTo={withLang('/schedules')} />
      <form className={form.form} onSubmit={submit} noValidate data-testid="schedule-form">
        <p className={form.intro}>{t('schedules.form.intro')}</p>

        <Field
          label={t('schedules.form.recipient')}
          error={errors.contact}
          inputId={inputId('contact')}
          errorId={errorId('contact')}
        >
          <select
            className={form.select}
            value={values.contact}
            onChange={(e) => set('contact', e.target.value)}
            data-testid="schedule-contact"
            {...invalid('contact')}
          >
            <option value="">{t('schedules.form.chooseRecipient')}</option>
            {people.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {`${c.first_name} ${c.last_name}`.trim()}
              </option>
            ))}
          </select>
        </Field>
        {recipients.data && people.length === 0 ? (
          <p className={form.hint}>
            {t('schedules.form.noRecipients')}{' '}
            <Link className={form.link} to={withLang('/contacts')}>
              {t('schedules.form.addRecipient')}
            </Link>
          </p>
        ) : null}

        <fieldset className={styles.choices} data-testid="schedule-delivery" aria-describedby={errorId('delivery')}>
          <legend className={form.label}>{t('pickups.delivery')}</legend>
          {ways.map((way) => (
            <label key={way.kind} className={styles.option}>
              <input
                type="radio"
                name="delivery"
                value={way.kind}
                checked={delivery === way.kind}
                onChange={() => set('delivery', way.kind)}
                data-testid={`schedule-${way.testId}`}
              />
              {t(way.label)}
            </label>
          ))}
          <span id={errorId('delivery')} className={form.error} role={errors.delivery ? 'alert' : undefined}>
            {errors.delivery ?? ''}
          </span>
        </fieldset>
        {/* The bank does not confirm the name: the order goes only once the sender says to send all the same. */}
        {delivery === 'bank_deposit' && (errors.confirm_payee !== undefined || values.confirm_payee) ? (
          <div className={form.field}>
            <p className={form.hint}>{t('payouts.check.mismatchHint')}</p>
            <label className={styles.option}>
              <input
                type="checkbox"
                checked={values.confirm_payee}
                onChange={(e) => set('confirm_payee', e.target.checked)}
                aria-invalid={errors.confirm_payee !== undefined || undefined}
                aria-describedby={errorId('confirm_payee')}
                data-testid="schedule-confirm-payee"
              />
              {t('payouts.check.confirm')}
            </label>
            <p id={errorId('confirm_payee')} className={form.error} role={errors.confirm_payee ? 'alert' : undefined}>
              {errors.confirm_payee ?? ''}
            </p>
          </div>
        ) : null}

        <Field
          label={t('schedules.form.amount')}
          error={errors.amount}
          inputId={inputId('amount')}
          errorId={errorId('amount')}
        >
          <AmountInput
            currency="MAD"
            value={values.amount}
            onChange={(e) => set('amount', e.target.value)}
            data-testid="schedule-amount"
            {...invalid('amount')}
          />
        </Field>

        <fieldset className={styles.choices} aria-describedby={errorId('frequency')}>
          <legend className={form.label}>{t('schedules.form.frequency')}</legend>
          {frequencies.map((frequency) => (
            <label key={frequency} className={styles.option}>
              <input
                type="radio"
                name="frequency"
                value={frequency}
                checked={values.frequency === frequency}
                onChange={() => set('frequency', frequency)}
                data-testid={`schedule-frequency-${frequency}`}
              />
              {t(`schedules.form.${frequency}`)}
            </label>
          ))}
          <span id={errorId('frequency')} className={form.error}>
            {errors.frequency ?? ''}
          </span>
        </fieldset>

        {values.frequency === 'monthly' ? (
          <Field label={t('schedules.form.day')} error={errors.day} inputId={inputId('day')} errorId={errorId('day')}>
            <select
              className={form.select}
              value={values.day}
              onChange={(e) => set('day', e.target.value)}
              data-testid="schedule-day"
              {...invalid('day')}
            >
              <option value="">{t('schedules.form.chooseDay')}</option>
              {days.map((day) => (
                <option key={day} value={day}>
                  {numberFormat(locale).format(Number(day))}
                </option>
              ))}
              <option value="last">{t('schedules.form.lastDay')}</option>
            </select>
          </Field>
        ) : (
          <p className={form.hint}>{t('schedules.form.weekdayHint')}</p>
        )}

        <Field
          label={t('schedules.form.start')}
          error={errors.start_date}
          inputId={inputId('start_date')}
          errorId={errorId('start_date')}
        >
          <DateInput
            min={today}
            value={values.start_date}
            onChange={(day) => set('start_date', day)}
            data-testid="schedule-start"
            {...invalid('start_date')}
          />
        </Field>

        <fieldset className={styles.choices}>
          <legend className={form.label}>{t('schedules.form.end')}</legend>
          {ends.map((end) => (
            <label key={end} className={styles.option}>
              <input
                type="radio"
                name="end"
                value={end}
                checked={values.end === end}
                onChange={() => set('end', end)}
                data-testid={`schedule-end-${end}`}
              />
              {t(`schedules.form.ends.${end}`)}
            </label>
          ))}
        </fieldset>
        {values.end === 'date' ? (
          <Field
            label={t('schedules.form.endDate')}
            error={errors.end_date}
            inputId={inputId('end_date')}
            errorId={errorId('end_date')}
          >
            <DateInput
              min={values.start_date || today}
              value={values.end_date}
              onChange={(day) => set('end_date', day)}
              data-testid="schedule-end-date"
              {...invalid('end_date')}
            />
          </Field>
        ) : null}
        {values.end === 'count' ? (
          <Field
            label={t('schedules.form.count')}
            error={errors.count}
            inputId={inputId('count')}
            errorId={errorId('count')}
          >
            <input
              className={form.input}
              type="text"
              inputMode="numeric"
              dir="ltr"
              value={values.count}
              onChange={(e) => set('count', e.target.value)}
              data-testid="schedule-count"
              {...invalid('count')}
            />
          </Field>
        ) : null}
        {/* The server may still refuse an end it reads differently (both an end date and a count). */}
        {values.end !== 'date' && errors.end_date ? <p className={form.error}>{errors.end_date}</p> : null}

        <PinInput
          label={t('schedules.form.code')}
          value={values.security_code}
          onChange={(code) => set('security_code', code)}
          disabled={create.isPending}
          errorId={errorId('security_code')}
          invalid={errors.security_code !== undefined}
        >
          <p id={errorId('security_code')} className={form.error} role="alert" data-testid="schedule-code-error">
            {errors.security_code ?? ''}
          </p>
        </PinInput>

        {formError ? (
          <p className={form.error} role="alert" data-testid="schedule-form-error">
            {formError}
          </p>
        ) : null}
        <button
          type="submit"
          className={form.primary}
          disabled={create.isPending || !min || !max}
          data-testid="schedule-submit"
        >
          {create.isPending ? t('schedules.form.busy') : t('schedules.form.submit')}
        </button>
      </form>
    </main>
  );
}
