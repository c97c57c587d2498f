import { Link } from 'react-router';
import type { MonitoringFinding, MonitoringPayload } from '../../../common/api/monitoring';
import { money } from '../../../common/money/money';
import { listSeparator } from '../../i18n/intl-locale';
import { formatMoney } from '../../ui/money-format';
import styles from './Ops.module.css';
import { DateTime, Money, useOps } from './OpsParts';

/** Minor units of MAD as the API writes amounts ("12.50"). */
const decimal = (minor: string) => {
  const v = BigInt(minor);
  return `${(v / 100n).toString()}.${(v % 100n).toString().padStart(2, '0')}`;
};

/** A payee key (`user:42`, `phone:+212...`, `email:...`): a customer links to their page. */
function Payee({ value }: { value: string }) {
  const { withLang } = useOps();
  const [kind, ...rest] = value.split(':');
  const id = rest.join(':');
  if (kind === 'user')
    return (
      <Link to={withLang(`/ops/customers/${id}`)}>
        <bdi dir="ltr">#{id}</bdi>
      </Link>
    );
  return <bdi dir="ltr">{id}</bdi>;
}

/** `#12, #13` (`#12، #13` in Arabic): each a link to its ops page. */
function IdLinks({ ids, to }: { ids: number[]; to: 'transactions' | 'customers' }) {
  const { withLang, language } = useOps();
  const separator = listSeparator(language);
  return ids.map((id, i) => (
    <span key={id}>
      {i > 0 ? separator : null}
      <Link to={withLang(`/ops/${to}/${id}`)}>
        <bdi dir="ltr">#{id}</bdi>
      </Link>
    </span>
  ));
}

function Finding({ finding }: { finding: MonitoringFinding }) {
  const { ot, locale, language } = useOps();
  const arrow = language === 'ar' ? '←' : '→';
  const threshold =
    finding.rule === 'pair_sum' ? formatMoney(money('MAD', BigInt(finding.threshold)), locale) : finding.threshold;
  return (
    <li data-testid={`monitoring-finding-${finding.rule}`}>
      <strong>{ot(`reviews.monitoring.rules.${finding.rule}`, { threshold })}</strong>
      <br />
      {finding.rule === 'pair_sum' ? (
        <>
          {ot('reviews.monitoring.total')} <Money amount={decimal(finding.value)} />
        </>
      ) : (
        ot('reviews.monitoring.count', { count: Number(finding.value) })
      )}
      {' · '}
      {ot('reviews.monitoring.window')} <DateTime iso={finding.window_start} /> {arrow}{' '}
      <DateTime iso={finding.window_end} />
      <br />
      {ot('reviews.monitoring.counted')} <IdLinks ids={finding.transaction_ids} to="transactions" />
      {finding.payers ? (
        <>
          <br />
          {ot('reviews.monitoring.payers')} <IdLinks ids={finding.payers} to="customers" />
        </>
      ) : null}
    </li>
  );
}

/**
 * A `monitoring` review: which rule the movement broke, over which window and movements, and whether the
 * send is held (approve releases it, reject keeps the money held) or the money already moved (a decision records
 * the operator's judgement only).
 */
export function MonitoringAlert({ payload }: { payload: MonitoringPayload }) {
  const { ot, withLang, language } = useOps();
  const arrow = language === 'ar' ? '←' : '→';
  return (
    <div className={styles.monitoring} data-testid="monitoring-alert">
      <p className={payload.held ? styles.held : undefined}>
        {ot(payload.held ? 'reviews.monitoring.held' : 'reviews.monitoring.moved')}
      </p>
      <p>
        {ot('reviews.monitoring.movement')}{' '}
        <Link to={withLang(`/ops/transactions/${payload.transaction_id}`)}>
          <bdi dir="ltr">#{payload.transaction_id}</bdi>
        </Link>
        {' · '}
        <Money amount={decimal(payload.amount)} />
        <br />
        {ot('reviews.monitoring.payer')} <Payee value={`user:${payload.sender_user_id}`} /> {arrow}{' '}
        {ot('reviews.monitoring.payee')} <Payee value={payload.payee} />
      </p>
      <ul>
        {payload.findings.map((f) => (
          <Finding key={f.rule} finding={f} />
        ))}
      </ul>
    </div>
  );
}
