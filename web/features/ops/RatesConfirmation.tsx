import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { OpsRate } from '../../../common/api/ops-rates';
import { dateTimeFormat } from '../../ui/intl-format';
import styles from './Ops.module.css';
import { fetchApprovals } from './ops-api';
import { rateFromInput, rateText } from '../../ui/rate-format';
import { DateTime, useOps } from './OpsParts';
import { exceedsFourEyes, RatesChangeTable, type RateFigures } from './RatesChange';
import { useStaff } from './staff';

/** The figures a rates request sets. */
export type RateField = 'official' | 'freemium' | 'subscription' | 'fee';
/** The rates form as typed: each figure, and when it applies. */
export type Draft = Record<RateField, string> & { when: 'now' | 'later'; effective_at: string };

/** A number of basis points as the card fee's fraction (25 -> "0.0025"), exactly. */
export const feeFraction = (bp: number) => `${Math.floor(bp / 10_000)}.${String(bp % 10_000).padStart(4, '0')}`;

/** The figures of a rates row (the card fee is `card_fee` in the API's history, `fee` in a request). */
export const figuresOf = (rate: OpsRate): RateFigures => ({
  official: rate.official,
  freemium: rate.freemium,
  subscription: rate.subscription,
  fee: rate.fee,
});

/**
 * What the confirmation says before new rates are sent: each figure labelled, in force → new, its change, when
 * they apply, and whether a second operator will have to approve them.
 */
export function RatesConfirmation({
  inForce,
  draft,
  fourEyes,
  fourEyesFeeBp,
}: {
  inForce: OpsRate | null;
  draft: Pick<Draft, RateField | 'when' | 'effective_at'>;
  fourEyes: string;
  fourEyesFeeBp: number;
}) {
  const { ot, locale } = useOps();
  const after: RateFigures = {
    official: rateFromInput(draft.official),
    freemium: rateFromInput(draft.freemium),
    subscription: rateFromInput(draft.subscription),
    ...(draft.fee.trim() ? { fee: rateFromInput(draft.fee) } : {}),
  };
  const before = inForce ? figuresOf(inForce) : null;
  const needsSecond = before !== null && exceedsFourEyes(before, after, fourEyes, fourEyesFeeBp);
  const limits = { percent: rateText(fourEyes, locale), fee: rateText(feeFraction(fourEyesFeeBp), locale) };
  return (
    <>
      <RatesChangeTable before={before} after={after} testId="rates-change" />
      <p data-testid="rates-when">
        {draft.when === 'later' && draft.effective_at
          ? ot('ratesChange.from', {
              at: dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(
                new Date(draft.effective_at),
              ),
            })
          : ot('ratesChange.now')}
      </p>
      {needsSecond ? (
        <p className={styles.notice} role="note" data-testid="rates-needs-approval">
          {ot('ratesChange.needsApproval', limits)}
        </p>
      ) : (
        <p className={styles.muted} data-testid="rates-within-limits">
          {ot('ratesChange.withinLimits', limits)}
        </p>
      )}
    </>
  );
}

/** A rates request waiting for a second operator: who asked, until when, and the figures against those in force. */
export function PendingRatesRequest() {
  const { ot, withLang } = useOps();
  const { me } = useStaff();
  const pending = useQuery({
    queryKey: ['ops', 'approvals', 'pending-rates'],
    queryFn: ({ signal }) => fetchApprovals({ state: 'pending', kind: 'rates', page_size: 1 }, signal),
  });
  const request = pending.data?.results[0];
  if (!request) return null;
  const p = request.payload as RateFigures & {
    change_percent?: string;
    effective_at?: string;
    before?: RateFigures | null;
  };
  return (
    <section className={styles.notice} data-testid="rates-pending" aria-labelledby="rates-pending-title">
      <h2 id="rates-pending-title" className={styles.subtitle}>
        {ot('ratesChange.pendingTitle', { id: request.id })}
      </h2>
      <p>
        {ot('ratesChange.pendingBy', { name: request.requested_by_name ?? `#${request.requested_by}` })}{' '}
        <DateTime iso={request.requested_at} /> · {ot('approvals.expires')} <DateTime iso={request.expires_at} />
      </p>
      <RatesChangeTable before={p.before ?? null} after={p} testId="rates-pending-change" />
      <p>
        {p.effective_at ? (
          <>
            {ot('rates.effectiveAt')} <DateTime iso={p.effective_at} />
            {' · '}
          </>
        ) : null}
        {request.requested_by === me.id ? ot('ratesChange.pendingOwn') : ot('ratesChange.pendingOther')}{' '}
        <Link to={withLang('/ops/approvals')}>{ot('nav.approvals')}</Link>
      </p>
    </section>
  );
}

/** What the last submission did: set now, scheduled, or a request waiting for a second operator. */
