import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatAmount, money, type Money } from '../../../common/money/money';
import { useTranslation } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import form from '../../ui/Form.module.css';
import { tIsolated } from '../../ui/bidi';
import { formatMoney } from '../../ui/money-format';
import { useWithLang } from '../../ui/with-lang';

const RATE_SCALE = 10_000n;

/**
 * The euros that buy `gap` dirhams at the customer's rate (MAD per EUR, as the API writes it), rounded up to the
 * cent and at least the smallest top-up; undefined when the rate is unreadable (the link then opens unfilled).
 */
export function eurosFor(gap: Money<'MAD'>, rate: string | undefined, minimum: Money<'EUR'> | undefined) {
  const match = rate === undefined ? null : /^(\d{1,9})(?:\.(\d{1,4})\d*)?$/.exec(rate);
  if (!match || gap.minor <= 0n) return undefined;
  const scaled = BigInt(match[1] ?? '0') * RATE_SCALE + BigInt((match[2] ?? '').padEnd(4, '0'));
  if (scaled === 0n) return undefined;
  const cents = (gap.minor * RATE_SCALE + scaled - 1n) / scaled;
  return money('EUR', minimum && minimum.minor > cents ? minimum.minor : cents);
}

/**
 * Not enough balance for a send, and what to do about it: the refusal's own words, then a link to add money,
 * prefilled with the euros that cover the gap when the rate is known.
 */
export function BalanceShort({
  text,
  gap,
  rate,
  minimum,
}: {
  text: ReactNode;
  gap: Money<'MAD'> | undefined;
  rate: string | undefined;
  minimum: Money<'EUR'> | undefined;
}) {
  const { t, i18n } = useTranslation();
  const withLang = useWithLang();
  const euros = gap === undefined ? undefined : eurosFor(gap, rate, minimum);
  const target = euros ? `/exchange?amount=${formatAmount(euros)}` : '/exchange';
  return (
    <>
      {text}{' '}
      <Link className={form.link} to={withLang(target)} data-testid="create-add-money">
        {euros
          ? tIsolated(t, 'transactions.create.addMoneyFor', { amount: formatMoney(euros, intlLocale(i18n.language)) })
          : t('transactions.create.addMoney')}
      </Link>
    </>
  );
}
