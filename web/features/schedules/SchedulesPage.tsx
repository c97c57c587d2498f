import { Link, useSearchParams } from 'react-router';
import type { Schedule } from '../../../common/api/schedules';
import { useTranslation } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import form from '../../ui/Form.module.css';
import { formatMoney, moneyFromApi } from '../../ui/money-format';
import { Pagination } from '../../ui/Pagination';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';
import { LoadState } from './LoadState';
import { ScheduleState } from './ScheduleState';
import { deliveryWay } from '../../shared/payouts/delivery-ways';
import { formatDay, frequencyText } from './schedule-words';
import { SCHEDULES_PAGE_SIZE, useSchedules } from './schedules-api';
import styles from './Schedules.module.css';

function ScheduleRow({ schedule }: { schedule: Schedule }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const withLang = useWithLang();
  const amount = moneyFromApi(schedule.amount, 'MAD');
  const name = `${schedule.recipient_first_name} ${schedule.recipient_last_name}`.trim();
  return (
    <li>
      <Link
        className={styles.row}
        to={withLang(`/schedules/${schedule.id}`)}
        data-testid="schedule-row"
        data-id={schedule.id}
      >
        <span className={styles.rowTop}>
          <bdi className={styles.name}>{name}</bdi>
          <bdi className={styles.rowAmount} data-testid="schedule-amount">
            {amount ? formatMoney(amount, locale) : schedule.amount}
          </bdi>
        </span>
        <span data-testid="schedule-frequency">{frequencyText(schedule, t, locale)}</span>
        <span data-testid="schedule-delivery">{t(deliveryWay(schedule.delivery).label)}</span>
        <span className={styles.muted} data-testid="schedule-next">
          {schedule.next_date !== null && schedule.state !== 'cancelled'
            ? t('schedules.next', { date: formatDay(schedule.next_date, locale) })
            : t('schedules.noNext')}
        </span>
        <ScheduleState state={schedule.state} />
      </Link>
    </li>
  );
}

/** The customer's scheduled transfers, newest first, and the way to make a new one. */
export function Component() {
  const { t } = useTranslation();
  const withLang = useWithLang();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useSchedules(page);
  return (
    <main className={form.page}>
      <ScreenHeader title={t('schedules.title')} backTo={withLang('/transactions')} />
      <Link className={form.primary} to={withLang('/schedules/new')} data-testid="schedule-new">
        {t('schedules.new')}
      </Link>
      {list.data ? (
        list.data.count === 0 ? (
          <p className={form.intro} data-testid="schedules-empty">
            {t('schedules.empty')}
          </p>
        ) : (
          <>
            <ul className={styles.list} data-testid="schedules-list">
              {list.data.results.map((schedule) => (
                <ScheduleRow key={schedule.id} schedule={schedule} />
              ))}
            </ul>
            <Pagination
              page={page}
              count={list.data.count}
              pageSize={SCHEDULES_PAGE_SIZE}
              onPage={(next) =>
                setParams((current) => {
                  const updated = new URLSearchParams(current);
                  updated.set('page', String(next));
                  return updated;
                })
              }
            />
          </>
        )
      ) : (
        <LoadState query={list} />
      )}
    </main>
  );
}
