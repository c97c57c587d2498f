import { Link } from 'react-router';
import type { Agreement, SanctionsHitPayload, SanctionsMatchFacts } from '../../../common/api/sanctions-review';
import { formatAmount, money } from '../../../common/money/money';
import { listSeparator } from '../../i18n/intl-locale';
import styles from './Ops.module.css';
import { calendarDay, countryName, Money, useOps } from './OpsParts';

const percent = (score: number | undefined, locale: string) =>
  score === undefined
    ? '—'
    : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(score);

/** Whether the customer's date of birth or nationality agrees with the entry's (unknown for a recipient). */
function Check({ value }: { value: Agreement | undefined }) {
  const { ot } = useOps();
  const key = value === 'agrees' ? 'agrees' : value === 'differs' ? 'differs' : 'unknown';
  return (
    <span className={value === 'differs' ? styles.hitDiffers : value === 'agrees' ? styles.hitAgrees : styles.muted}>
      {ot(`reviews.sanctions.${key}`)}
    </span>
  );
}

function Entry({ match }: { match: SanctionsMatchFacts }) {
  const { ot, locale, language } = useOps();
  const separator = listSeparator(language);
  const [primary, ...aliases] = match.names;
  const list = [match.list, match.external_id, match.programme].filter(Boolean).join(' · ');
  return (
    <li className={styles.hitEntry} data-testid="sanctions-match">
      <p>
        <strong>
          <bdi dir="auto">{primary ?? match.listed_name}</bdi>
        </strong>{' '}
        <bdi dir="ltr" className={styles.muted}>
          {list}
        </bdi>
      </p>
      <p className={styles.muted}>
        {match.list_version === undefined
          ? ot('reviews.sanctions.listUnknown')
          : ot('reviews.sanctions.listVersion', {
              version: match.list_version,
              date: match.list_date ? calendarDay(match.list_date, locale) : '—',
            })}
      </p>
      <dl className={styles.hitFacts}>
        <dt>{ot('reviews.sanctions.score')}</dt>
        <dd data-testid="sanctions-score">
          <bdi dir="ltr">{percent(match.score, locale)}</bdi> ({ot('reviews.sanctions.nameScore')}{' '}
          <bdi dir="ltr">{percent(match.name_score, locale)}</bdi>)
        </dd>
        <dt>{ot('reviews.sanctions.matchedName')}</dt>
        <dd>
          <bdi dir="auto">{match.listed_name}</bdi>
        </dd>
        <dt>{ot('reviews.sanctions.aliases')}</dt>
        <dd>
          {aliases.length === 0
            ? '—'
            : aliases.map((a, i) => (
                <span key={`${a}-${i}`}>
                  {i > 0 ? ' · ' : null}
                  <bdi dir="auto">{a}</bdi>
                </span>
              ))}
        </dd>
        <dt>{ot('reviews.sanctions.birthDates')}</dt>
        <dd>
          <bdi>{match.birth_dates.map((day) => calendarDay(day, locale)).join(separator) || '—'}</bdi> ·{' '}
          <Check value={match.birth_date} />
        </dd>
        <dt>{ot('reviews.sanctions.nationalities')}</dt>
        <dd>
          <bdi>{match.nationalities.map((code) => countryName(code, locale)).join(separator) || '—'}</bdi> ·{' '}
          <Check value={match.nationality} />
        </dd>
      </dl>
    </li>
  );
}

/**
 * A `sanctions_hit` review item as an operator decides it: who was screened under which name, links to
 * the held transaction and the customers concerned, and for each listed entry matched its names and aliases, the
 * list with its version and date, the score and the names-only score, and whether the date of birth and the
 * nationality agree (known for customers only).
 */
export function SanctionsHit({ payload: p, names }: { payload: SanctionsHitPayload; names: Record<string, string> }) {
  const { ot, withLang } = useOps();
  // Each customer by name, linked to their page; by number only when they have no name on file.
  const customer = (field: 'sender_user_id' | 'owner_user_id' | 'user_id', role: 'sender' | 'owner' | 'customer') => {
    const id = p[field];
    if (id === undefined) return null;
    const name = names[field];
    return (
      <Link to={withLang(`/ops/customers/${id}`)} data-testid={`sanctions-${role}`}>
        {name ? ot(`reviews.sanctions.${role}Name`, { name }) : ot(`reviews.sanctions.${role}`, { id })}
      </Link>
    );
  };
  const contactName = names.contact_id;
  return (
    <div className={styles.hit} data-testid="sanctions-hit">
      <p className={styles.muted}>{ot(`reviews.sanctions.types.${p.type}`)}</p>
      <p className={styles.hitName} data-testid="sanctions-screened-name">
        <bdi dir="auto">{p.screened_name}</bdi>
      </p>
      <p className={styles.hitLinks}>
        {p.transaction_id === undefined ? null : (
          <Link to={withLang(`/ops/transactions/${p.transaction_id}`)}>
            {ot('transaction.title', { id: p.transaction_id })}
          </Link>
        )}
        {p.amount === undefined || !/^\d{1,18}$/.test(p.amount) ? null : (
          <Money amount={formatAmount(money('MAD', BigInt(p.amount)))} />
        )}
        {customer('sender_user_id', 'sender')}
        {customer('owner_user_id', 'owner')}
        {customer('user_id', 'customer')}
        {p.contact_id === undefined || p.contact_id === null ? null : (
          <span className={styles.muted} data-testid="sanctions-contact">
            {contactName
              ? ot('reviews.recipient', { name: contactName })
              : ot('reviews.sanctions.contact', { id: p.contact_id })}
          </span>
        )}
      </p>
      <ol className={styles.hitEntries}>
        {p.matches.map((m) => (
          <Entry key={m.entry} match={m} />
        ))}
      </ol>
    </div>
  );
}
