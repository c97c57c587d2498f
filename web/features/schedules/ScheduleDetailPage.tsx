import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Occurrence } from '../../../common/api/schedules';
import { useTranslation } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import form from '../../ui/Form.module.css';
import { formatMoney, moneyFromApi } from '../../ui/money-format';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';
import { LoadState } from './LoadState';
import { ScheduleState } from './ScheduleState';
import { scheduleErrorTexts } from './schedule-errors';
import { deliveryWay } from '../../shared/payouts/delivery-ways';
import { endText, formatDay, frequencyText } from './schedule-words';
import { useChangeSchedule, useSchedule } from './schedules-api';
import styles from './Schedules.module.css';
import { CancelSchedule, ChangeAmount } from './ScheduleActions';

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
            <dd data-testid="schedule-detail-delivery">{t(deliveryWay(s.delivery).label)}</dd>
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
