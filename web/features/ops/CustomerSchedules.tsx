import { useQuery } from '@tanstack/react-query';
import type { OpsCustomerSchedules, Schedule } from '../../../common/api/schedules';
import styles from './Ops.module.css';
import { opsGet } from './ops-api';
import type { OpsKey } from './ops-i18n';
import { TableSection } from './OpsList';
import { Money, QueryState, useOps } from './OpsParts';
import { dateTimeFormat, numberFormat } from '../../ui/intl-format';

type Row = OpsCustomerSchedules['results'][number];

const stateTone: Record<Schedule['state'], string | undefined> = {
  active: styles.badgeOk,
  paused: styles.badgeWarn,
  finished: styles.badge,
  cancelled: styles.badgeBad,
};

/** A calendar day (YYYY-MM-DD) as that day, in the operator's locale, never shifted by the browser's zone. */
function Day({ date }: { date: string | null }) {
  const { locale } = useOps();
  if (date === null) return <>—</>;
  return (
    <time dateTime={date} className={styles.nowrap}>
      {dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))}
    </time>
  );
}

function useFrequency() {
  const { ot, locale } = useOps();
  return (s: Row) => {
    const weekday = dateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
      new Date(`${s.start_date}T00:00:00Z`),
    );
    if (s.frequency === 'weekly') return ot('schedules.weekly', { weekday });
    if (s.frequency === 'biweekly') return ot('schedules.biweekly', { weekday });
    if (s.day === null || s.day === 'last') return ot('schedules.monthlyLast');
    return ot('schedules.monthlyDay', { day: numberFormat(locale).format(s.day) });
  };
}

/**
 * The customer's scheduled transfers on their detail page, and every date that did not go with its reason: what
 * support needs when a customer asks why a monthly transfer did not arrive.
 */
export function CustomerSchedules({ customerId }: { customerId: number }) {
  const { ot } = useOps();
  const frequency = useFrequency();
  const query = useQuery({
    queryKey: ['ops', 'customer', String(customerId), 'schedules'],
    queryFn: ({ signal }) => opsGet<OpsCustomerSchedules>(`customers/${customerId}/schedules/`, {}, signal),
  });
  const data = query.data;
  if (!data)
    return (
      <>
        <h2 className={styles.subtitle}>{ot('schedules.title')}</h2>
        <QueryState isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  const name = (s: Row) => `${s.recipient_first_name} ${s.recipient_last_name}`.trim();
  const notSent = data.results.flatMap((s) =>
    s.occurrences.filter((o) => o.outcome !== 'sent').map((o) => ({ ...o, schedule: s })),
  );
  return (
    <>
      <TableSection
        title={ot('schedules.title')}
        rows={data.results}
        testId="customer-schedules"
        empty={<p className={styles.muted}>{ot('schedules.none')}</p>}
        columns={[
          { header: '#', cell: (s) => <bdi dir="ltr">{s.id}</bdi> },
          { header: ot('schedules.recipient'), rowHeader: true, cell: (s) => <bdi>{name(s)}</bdi> },
          { header: ot('schedules.amount'), num: true, cell: (s) => <Money amount={s.amount} /> },
          {
            header: ot('schedules.method'),
            cell: (s) => <span data-testid="customer-schedule-method">{ot(`schedules.methods.${s.delivery}` as OpsKey)}</span>,
          },
          { header: ot('schedules.frequency'), cell: frequency },
          { header: ot('schedules.next'), cell: (s) => <Day date={s.next_date} /> },
          {
            header: ot('schedules.state'),
            cell: (s) => (
              <span className={stateTone[s.state]} data-testid="customer-schedule-state">
                {ot(`schedules.states.${s.state}` as OpsKey)}
              </span>
            ),
          },
        ]}
      />
      <TableSection
        title={ot('schedules.notSent')}
        rows={notSent}
        rowKey={(o) => `${o.schedule.id}-${o.date}`}
        testId="customer-schedule-skips"
        empty={<p className={styles.muted}>{ot('schedules.noSkips')}</p>}
        columns={[
          { header: ot('schedules.date'), rowHeader: true, cell: (o) => <Day date={o.date} /> },
          {
            header: ot('schedules.schedule'),
            cell: (o) => (
              <>
                <bdi dir="ltr">#{o.schedule.id}</bdi> <bdi>{name(o.schedule)}</bdi>
              </>
            ),
          },
          { header: ot('schedules.amount'), num: true, cell: (o) => <Money amount={o.schedule.amount} /> },
          { header: ot('schedules.outcome'), cell: (o) => ot(`schedules.outcomes.${o.outcome}` as OpsKey) },
          {
            header: ot('schedules.reason'),
            cell: (o) =>
              o.reason === null ? (
                '—'
              ) : (
                <span data-testid="customer-schedule-reason">{ot(`schedules.reasons.${o.reason}` as OpsKey)}</span>
              ),
          },
        ]}
      />
    </>
  );
}
