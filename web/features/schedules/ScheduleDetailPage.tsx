import { useId, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Occurrence, Schedule } from '../../../common/api/schedules';
import { formatLocaleAmount } from '../../../common/money/locale-amount';
import { useTranslation } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import { AmountInput } from '../../ui/AmountInput';
import form from '../../ui/Form.module.css';
import { formatMoney, moneyFromApi } from '../../ui/money-format';
import { PinInput } from '../../ui/PinInput';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';
import { useRates } from '../../shared/rates/rates-queries';
import { LoadState } from './LoadState';
import { ScheduleState } from './ScheduleState';
import { problemText, scheduleErrorTexts } from './schedule-errors';
import { checkScheduleForm, emptyScheduleForm } from './schedule-form';
import { endText, formatDay, frequencyText } from './schedule-words';
import { useCancelSchedule, useChangeSchedule, useSchedule } from './schedules-api';
import styles from './Schedules.module.css';

/** What became of a past date: sent (with its transfer), not sent and why, or missed while the service was down. */
function PastDate({ occurrence }: { occurrence: Occurrence }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const withLang = useWithLang();
  const why =
    occurrence.outcome === 'skipped' && occurrence.reason !== null
      ? t(`schedules.reason.${occurrence.reason}`)
      : occurrence.outcome === 'missed'
        ? t('schedules.reason.missed')
        : null;
  return (
    <li className={styles.date} data-testid="schedule-past" data-outcome={occurrence.outcome}>
      <span>{formatDay(occurrence.date, locale)}</span>
      <span>
        <span className={styles.outcome} data-outcome={occurrence.outcome}>
          {t(`schedules.outcome.${occurrence.outcome}`)}
        </span>
        {why ? ` · ${why}` : null}
        {occurrence.outcome === 'sent' && occurrence.transaction !== null ? (
          <>
            {' · '}
            <Link
              className={form.link}
              to={withLang(`/transactions/${occurrence.transaction}?category=sending`)}
              data-testid="schedule-past-transfer"
            >
              {t('schedules.detail.viewTransfer')}
            </Link>
          </>
        ) : null}
      </span>
    </li>
  );
}

/** A new amount: a new mandate, so the security code again. */
function ChangeAmount({ schedule, onDone }: { schedule: Schedule; onDone: () => void }) {
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
function CancelSchedule({ schedule, onDone }: { schedule: Schedule; onDone: () => void }) {
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

/** One schedule: its facts, its next dates, what became of the past ones, and what the customer can change. */
export function Component() {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const withLang = useWithLang();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const query = useSchedule(id);
  const change = useChangeSchedule(id);
  const [notice, setNotice] = useState<string | null>(params.get('created') === 'true' ? t('schedules.created') : null);
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const s = query.data;

  const act = (body: { paused: boolean } | { skip_next: true }, done: string) => {
    setNotice(null);
    setError(null);
    change.mutate(body, {
      onSuccess: () => setNotice(done),
      onError: (e) => setError(scheduleErrorTexts(e, t, i18n.language).form ?? t('errors.unknown')),
    });
  };

  const body = () => {
    if (!s) return <LoadState query={query} />;
    const amount = moneyFromApi(s.amount, 'MAD');
    const open = s.state === 'active' || s.state === 'paused';
    const next = s.next_occurrences ?? [];
    const past = s.occurrences ?? [];
    return (
      <>
        {notice ? (
          <p className={styles.notice} role="status" data-testid="schedule-notice">
            {notice}
          </p>
        ) : null}
        <section className={styles.card} data-testid="schedule-detail" data-state={s.state}>
          <p className={styles.muted}>{t('schedules.detail.to')}</p>
          <h2 className={styles.heading}>
            <bdi>{`${s.recipient_first_name} ${s.recipient_last_name}`.trim()}</bdi>
          </h2>
          <p className={styles.amount} data-testid="schedule-detail-amount">
            <bdi>{amount ? formatMoney(amount, locale) : s.amount}</bdi>
          </p>
          <ScheduleState state={s.state} />
          <dl className={styles.facts}>
            <dt>{t('schedules.form.frequency')}</dt>
            <dd data-testid="schedule-detail-frequency">{frequencyText(s, t, locale)}</dd>
            <dt>{t('schedules.detail.start')}</dt>
            <dd>{formatDay(s.start_date, locale)}</dd>
            <dt>{t('schedules.form.end')}</dt>
            <dd>{endText(s, t, locale)}</dd>
            <dt>{t('pickups.delivery')}</dt>
            <dd>{t('pickups.toWallet')}</dd>
          </dl>
        </section>

        {open ? (
          <section className={styles.card} aria-labelledby="schedule-next-title">
            <h2 id="schedule-next-title" className={styles.heading}>
              {t('schedules.detail.nextDates')}
            </h2>
            {s.state === 'paused' ? <p className={styles.muted}>{t('schedules.detail.pausedNote')}</p> : null}
            {next.length === 0 && s.skip_date === null ? <p className={styles.muted}>{t('schedules.noNext')}</p> : null}
            <ul className={styles.dates}>
              {s.skip_date !== null && !next.includes(s.skip_date) ? (
                <li className={styles.date} data-testid="schedule-next-date" data-skipped="true">
                  <span>{formatDay(s.skip_date, locale)}</span>
                  <span className={styles.outcome} data-outcome="skipped">
                    {t('schedules.detail.willSkip')}
                  </span>
                </li>
              ) : null}
              {next.map((date) => (
                <li key={date} className={styles.date} data-testid="schedule-next-date">
                  <span>{formatDay(date, locale)}</span>
                  {date === s.skip_date ? (
                    <span className={styles.outcome} data-outcome="skipped">
                      {t('schedules.detail.willSkip')}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section className={styles.card} aria-labelledby="schedule-past-title">
          <h2 id="schedule-past-title" className={styles.heading}>
            {t('schedules.detail.pastDates')}
          </h2>
          {past.length === 0 ? (
            <p className={styles.muted}>{t('schedules.detail.noPast')}</p>
          ) : (
            <ul className={styles.dates}>
              {past.map((o) => (
                <PastDate key={o.date} occurrence={o} />
              ))}
            </ul>
          )}
        </section>

        {open ? (
          <section className={styles.actions} data-testid="schedule-actions">
            {error ? (
              <p className={form.error} role="alert" data-testid="schedule-error">
                {error}
              </p>
            ) : null}
            {s.state === 'active' ? (
              <button
                type="button"
                className={form.secondary}
                disabled={change.isPending}
                onClick={() => act({ paused: true }, t('schedules.detail.pausedDone'))}
                data-testid="schedule-pause"
              >
                {t('schedules.detail.pause')}
              </button>
            ) : (
              <button
                type="button"
                className={form.primary}
                disabled={change.isPending}
                onClick={() => act({ paused: false }, t('schedules.detail.resumedDone'))}
                data-testid="schedule-resume"
              >
                {t('schedules.detail.resume')}
              </button>
            )}
            {s.next_date !== null && s.skip_date === null ? (
              <button
                type="button"
                className={form.secondary}
                disabled={change.isPending}
                onClick={() =>
                  act(
                    { skip_next: true },
                    t('schedules.detail.skippedDone', { date: formatDay(s.next_date ?? '', locale) }),
                  )
                }
                data-testid="schedule-skip"
              >
                {t('schedules.detail.skipNext')}
              </button>
            ) : null}
            {editing ? (
              <ChangeAmount
                schedule={s}
                onDone={() => {
                  setEditing(false);
                  setNotice(t('schedules.detail.amountDone'));
                }}
              />
            ) : (
              <button
                type="button"
                className={form.secondary}
                onClick={() => {
                  setNotice(null);
                  setEditing(true);
                }}
                data-testid="schedule-edit-amount"
              >
                {t('schedules.detail.changeAmount')}
              </button>
            )}
            <CancelSchedule
              schedule={s}
              onDone={() => {
                setNotice(t('schedules.detail.cancelledDone'));
                void query.refetch();
              }}
            />
          </section>
        ) : null}
        <Link className={form.link} to={withLang('/schedules')} data-testid="schedule-back-list">
          {t('schedules.detail.allSchedules')}
        </Link>
      </>
    );
  };

  return (
    <main className={form.page}>
      <ScreenHeader title={t('schedules.detail.title')} backTo={withLang('/schedules')} />
      {body()}
    </main>
  );
}
