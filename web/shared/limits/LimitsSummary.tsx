import type { Limit, LimitKind } from '../../../common/api/limits';
import { parseLimitRefusal } from '../../../common/api/limits';
import type { User } from '../../../common/api/users';
import { useTranslation, type TFunction } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import { dateTimeFormat } from '../../ui/intl-format';
import { formatMoney, moneyFromApi } from '../../ui/money-format';
import { Link } from 'react-router';
import { useWithLang } from '../../ui/with-lang';
import styles from './LimitsSummary.module.css';
import form from '../../ui/Form.module.css';

function amount(text: string, currency: Limit['currency'], locale: string): string {
  const value = moneyFromApi(text, currency);
  return value ? formatMoney(value, locale) : text;
}

/**
 * What remains of the customer's rolling limits: the home shows both, the add-money screen the top-up
 * one, the send screen the outgoing one; each says how to raise it (level 2: an identity document verified).
 */
export function LimitsSummary({ user, kinds }: { user: User; kinds: readonly LimitKind[] }) {
  const { t, i18n } = useTranslation();
  const withLang = useWithLang();
  const locale = intlLocale(i18n.language);
  // A user answered by a server older than the limits (a cached answer during a deploy) has no limits yet.
  const shown = (user.limits as Limit[] | undefined)?.filter((l) => kinds.includes(l.kind)) ?? [];
  if (user.role !== 'customer' || shown.length === 0) return null;
  return (
    <section className={styles.limits} aria-labelledby="limits-title" data-testid="limits">
      <h2 id="limits-title" className={styles.title}>
        {t('limits.title')} · {user.level === 2 ? t('limits.level2') : t('limits.level1')}
      </h2>
      {shown.map((l) => (
        <p key={l.kind} className={styles.line} data-testid={`limit-${l.kind}`}>
          {t(l.kind === 'topup' ? 'limits.topup' : 'limits.outgoing', {
            remaining: amount(l.remaining, l.currency, locale),
            limit: amount(l.limit, l.currency, locale),
          })}{' '}
          {l.kind === 'outgoing'
            ? t('limits.perOperation', { max: amount(l.per_operation, l.currency, locale) })
            : null}
          {l.resets_at && l.remaining !== l.limit ? (
            <>
              {' '}
              {t('limits.resets', {
                date: dateTimeFormat(locale, { day: 'numeric', month: 'long' }).format(new Date(l.resets_at)),
              })}
            </>
          ) : null}
        </p>
      ))}
      {user.level === 1 && user.identity_under_review ? (
        // Documents sent: asking for them again made people send them twice.
        <p className={styles.raise} data-testid="identity-under-review">
          {t('limits.underReview')}
        </p>
      ) : user.level === 1 ? (
        <p className={styles.raise}>
          <Link className={form.tapLink} to={withLang('/settings/identity')} data-testid="raise-limits">
            {t('limits.raise')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/** The server's limit refusal in the reader's language, or undefined when the message is another one. */
export function limitRefusalText(message: string | undefined, t: TFunction, locale: string): string | undefined {
  const refusal = parseLimitRefusal(message);
  if (!refusal) return undefined;
  return t('limits.refused', { remaining: amount(refusal.remaining, refusal.currency, locale) });
}
