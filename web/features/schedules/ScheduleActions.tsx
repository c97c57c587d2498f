import { useId, useState } from 'react';
import type { Schedule } from '../../../common/api/schedules';
import { formatLocaleAmount } from '../../../common/money/locale-amount';
import { useTranslation } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import { AmountInput } from '../../ui/AmountInput';
import form from '../../ui/Form.module.css';
import { moneyFromApi } from '../../ui/money-format';
import { PinInput } from '../../ui/PinInput';
import { useRates } from '../../shared/rates/rates-queries';
import { problemText, scheduleErrorTexts } from './schedule-errors';
import { checkScheduleForm, emptyScheduleForm } from './schedule-form';
import { useCancelSchedule, useChangeSchedule } from './schedules-api';
import styles from './Schedules.module.css';

/** A new amount: a new mandate, so the security code again. */
export function ChangeAmount({ schedule, onDone }: { schedule: Schedule; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const change = useChangeSchedule(String(schedule.id));
  const rates = useRates();
  const current = moneyFromApi(schedule.amount, 'MAD');
  const [amount, setAmount] = useState(current ? formatLocaleAmount(current, locale) : '');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; security_code?: string; form?: string }>({});
  const base = useId();
  const min = rates.data ? moneyFromApi(rates.data.transfer_min_amount, 'MAD') : undefined;
  const max = rates.data ? moneyFromApi(rates.data.transfer_max_amount, 'MAD') : undefined;

  function save(event: React.FormEvent) {
    event.preventDefault();
    if (!min || !max) return;
    // The create form's checks on the two fields this one has; the others are the schedule's own.
    const checked = checkScheduleForm(
      {
        ...emptyScheduleForm,
        contact: '1',
        frequency: 'weekly',
        start_date: '2000-01-01',
        amount,
        security_code: code,
      },
      { locale, today: '2000-01-01', min, max },
    );
    if (!checked.ok) {
      const next: typeof errors = {};
      for (const problem of checked.problems)
        if (problem.field === 'amount' || problem.field === 'security_code')
          next[problem.field] ??= problemText(problem, t, locale);
      setErrors(next);
      return;
    }
    change.mutate(
      { amount: checked.body.amount, security_code: code },
      {
        onSuccess: onDone,
        onError: (error) => {
          const texts = scheduleErrorTexts(error, t, i18n.language);
          setErrors({ amount: texts.fields.amount, security_code: texts.fields.security_code, form: texts.form });
          setCode('');
        },
      },
    );
  }

  return (
    <form className={form.form} onSubmit={save} noValidate data-testid="schedule-change-amount">
      <div className={form.field}>
        <label className={form.label} htmlFor={`${base}-amount`}>
          {t('schedules.detail.newAmount')}
        </label>
        <AmountInput
          id={`${base}-amount`}
          currency="MAD"
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
            setErrors({});
          }}
          aria-invalid={errors.amount ? true : undefined}
          aria-describedby={`${base}-amount-error`}
          data-testid="schedule-new-amount"
        />
        <p id={`${base}-amount-error`} className={form.error} role={errors.amount ? 'alert' : undefined}>
          {errors.amount ?? ''}
        </p>
      </div>
      <PinInput
        label={t('schedules.form.code')}
        value={code}
        onChange={(next) => {
          setCode(next);
          setErrors((e) => ({ ...e, security_code: undefined, form: undefined }));
        }}
        disabled={change.isPending}
        errorId={`${base}-code-error`}
        invalid={errors.security_code !== undefined}
      >
        <p id={`${base}-code-error`} className={form.error} role="alert">
          {errors.security_code ?? ''}
        </p>
      </PinInput>
      {errors.form ? (
        <p className={form.error} role="alert">
          {errors.form}
        </p>
      ) : null}
      {/* Until the bounds have loaded the amount cannot be checked: a tap would silently do nothing. */}
      <button
        type="submit"
        className={form.primary}
        disabled={change.isPending || !min || !max}
        data-testid="schedule-save-amount"
      >
        {t('schedules.detail.saveAmount')}
      </button>
    </form>
  );
}

/** Cancelling takes two taps, the second after reading what it does. */
export function CancelSchedule({ schedule, onDone }: { schedule: Schedule; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const cancel = useCancelSchedule(String(schedule.id));
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!asking)
    return (
      <button type="button" className={form.secondary} onClick={() => setAsking(true)} data-testid="schedule-cancel">
        {t('schedules.detail.cancel')}
      </button>
    );
  return (
    <div
      className={styles.confirm}
      role="alertdialog"
      aria-labelledby="schedule-cancel-question"
      data-testid="schedule-cancel-dialog"
    >
      <p id="schedule-cancel-question">{t('schedules.detail.cancelQuestion')}</p>
      <button
        type="button"
        className={form.secondary}
        disabled={cancel.isPending}
        onClick={() =>
          cancel.mutate(undefined, {
            onSuccess: onDone,
            onError: (e) => setError(scheduleErrorTexts(e, t, i18n.language).form ?? t('errors.unknown')),
          })
        }
        data-testid="schedule-cancel-confirm"
      >
        {t('schedules.detail.cancelConfirm')}
      </button>
      {/* Autofocus on the safe choice: a stray Enter keeps the schedule. */}
      <button
        type="button"
        className={form.primary}
        disabled={cancel.isPending}
        onClick={() => setAsking(false)}
        autoFocus
        data-testid="schedule-cancel-keep"
      >
        {t('schedules.detail.cancelKeep')}
      </button>
      {error ? (
        <p className={form.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
