import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tIsolated } from '../../ui/bidi';
import type { TFunction } from '../../i18n/i18n';
import type { FormEvent, ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { Link, useSearchParams } from 'react-router';
import { formatLocaleAmount } from '../../../common/money/locale-amount';
import { money } from '../../../common/money/money';
import type { Money } from '../../../common/money/money';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { formatMoney, moneyFromApi } from '../../ui/money-format';
import { intlLocale } from '../../i18n/intl-locale';
import { useCurrentUser } from '../../shared/users/use-current-user';
import { LimitsSummary, limitRefusalText } from '../../shared/limits/LimitsSummary';
import { UserLoadState } from '../../shared/users/UserLoadState';
import { ApiError } from '../../shared/api/api-error';
import { intentKey, settleIntent } from '../../shared/api/intent-key';
import { validateDraft } from './exchange-api';
import { checkAmount, customerRate, exchangeFigures, quoteFigures } from './exchange-calc';
import type { AmountCheck } from './exchange-calc';
import styles from './ExchangePage.module.css';
import { ExchangeSummary } from './ExchangeSummary';
import { PaymentResult } from '../../shared/billing/PaymentResult';
import { QuoteCountdown } from './QuoteCountdown';
import { useRates } from '../../shared/rates/rates-queries';
import { DRAFT_KEY, useDraft, useDraftSync } from './use-exchange';
import { AmountInput } from '../../ui/AmountInput';
import { levelAllowance, smallest } from '../../shared/limits/allowance';

/** The amount is sent once it has stopped changing for 300 ms. */
export const AMOUNT_DEBOUNCE_MS = 300;

function amountError(
  check: AmountCheck,
  t: TFunction,
  max: Money<'EUR'>,
  locale: string,
  byLevel: boolean,
): ReactNode {
  if (check.kind === 'belowMinimum') return t('exchange.minimum');
  if (check.kind === 'invalid') return t('exchange.invalid');
  if (check.kind === 'ambiguous') {
    return t('errors.amountAmbiguous', { example: formatLocaleAmount(money('EUR', 2000_50n), locale) });
  }
  // Amounts inside the sentence are isolated: an Arabic line never reorders them.
  if (check.kind === 'aboveMaximum' && byLevel) return tIsolated(t, 'limits.refused', { remaining: formatMoney(max, locale) });
  if (check.kind === 'aboveMaximum') return tIsolated(t, 'exchange.maximum', { max: formatLocaleAmount(max, locale) });
  return undefined;
}

/** An API amount ('150.00') as the field shows it in the locale ('150,00'); anything else as it is. */
function shownAmount(apiText: string, locale: string): string {
  const amount = moneyFromApi(apiText, 'EUR');
  return amount ? formatLocaleAmount(amount, locale) : apiText;
}

function ExchangeForm() {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const withLang = useWithLang();
  const [params] = useSearchParams();
  const user = useCurrentUser();
  const rates = useRates();
  const draft = useDraft();
  const [typed, setTyped] = useState<string | undefined>(() => {
    const asked = params.get('amount');
    return asked === null ? undefined : shownAmount(asked, locale);
  });
  const [showError, setShowError] = useState(false);
  // Until the customer types, the field shows the saved draft's amount.
  const text = typed ?? (draft.data ? shownAmount(draft.data.from_amount, locale) : '');
  const settled = useDebouncedValue(text, AMOUNT_DEBOUNCE_MS);
  const perOperation = rates.data ? moneyFromApi(rates.data.max_amount, 'EUR') : undefined;
  // The level's rolling top-up limit, checked here as the server will, before the card page.
  const level = levelAllowance(user.data, 'topup', 'EUR');
  const max = smallest(perOperation, level);
  const maxByLevel = max !== undefined && max === level && max !== perOperation;
  const check = checkAmount(text, max, locale);
  const settledCheck = checkAmount(settled, max, locale);
  const sync = useDraftSync(settledCheck.kind === 'ok' ? settledCheck.amount : undefined, draft.data);
  const client = useQueryClient();
  const [requoted, setRequoted] = useState(false);
  const validate = useMutation({
    mutationFn: ({ id, key }: { id: number; key: string }) => validateDraft(id, key, i18n.language),
    onMutate: () => setRequoted(false),
    onSuccess: ({ url }) => window.location.assign(url),
    // 409: the quote shown no longer holds; the server made a new one the draft: show it and ask again.
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status !== 409) return;
      setRequoted(true);
      void client.invalidateQueries({ queryKey: DRAFT_KEY });
    },
  });
  // One Idempotency-Key per intent: this draft at this amount and this quote (a new quote is a new question).
  const intent = draft.data ? `${draft.data.id}:${draft.data.from_amount}:${draft.data.quote_expires_at}` : '';

  if (!user.data) return <UserLoadState query={user} />;
  const me = user.data;
  const rate = rates.data ? customerRate(rates.data, me.subscription) : me.rate_delta;
  // Once saved, the figures are the draft's quote (what validation honours); while typing, a preview of it.
  const quote = sync.saved && draft.data ? draft.data : undefined;
  const preview =
    check.kind === 'ok' && rates.data
      ? exchangeFigures(check.amount, rate, rates.data.fee, rates.data.official)
      : undefined;
  const figures = quote ? quoteFigures(quote) : preview;
  const error = amountError(check, t, max ?? money('EUR', 2000_00n), locale, maxByLevel);
  const canValidate = check.kind === 'ok' && sync.saved && settled === text && !validate.isPending;
  // A top-up past the rolling limit is refused by the server with the remaining amount; say it here.
  const failure = validate.error ?? sync.save.error;
  const limitText =
    failure instanceof ApiError ? limitRefusalText(failure.firstError('from_amount'), t, locale) : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setShowError(true);
    if (!canValidate || !draft.data) return;
    // Kept in the tab's session per intent (web/shared/api/intent-key.ts), not in a useMemo that React may drop: a
    // double tap, a re-render or a reload of the same intent opens one checkout.
    const asked = `exchange:${intent}`;
    validate.mutate(
      { id: draft.data.id, key: intentKey(asked) },
      // A refusal is an answer (a new quote is a new intent anyway); no answer keeps the key for the retry.
      { onError: (error) => void (error instanceof ApiError && error.status >= 400 && error.status < 500 && settleIntent(asked)) },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="exchange-amount">
          {t('exchange.amountLabel')}
        </label>
        <AmountInput
          id="exchange-amount"
          currency="EUR"
          large
          value={text}
          onChange={(e) => setTyped(e.target.value)}
          onBlur={() => setShowError(true)}
          aria-invalid={error !== undefined && (showError || settled === text)}
          aria-describedby="exchange-amount-error"
          data-testid="exchange-amount"
        />
        <p id="exchange-amount-error" className={styles.error} role="alert" data-testid="exchange-error">
          {error && (showError || (settled === text && check.kind !== 'empty')) ? error : null}
        </p>
      </div>
      <ExchangeSummary figures={figures} officialRate={quote?.official_rate ?? rates.data?.official ?? me.rate} />
      {quote?.quote_expires_at ? (
        <QuoteCountdown key={quote.quote_expires_at} expiresAt={quote.quote_expires_at} />
      ) : null}
      {requoted ? (
        <p className={styles.notice} role="alert" data-testid="exchange-requoted">
          {t('exchange.requoted')}
        </p>
      ) : null}
      {!me.subscription && me.role !== 'BANKER' ? (
        <Link className={styles.ratesLink} to={withLang('/rates?exchange=true')} data-testid="see-rates">
          {t('exchange.seeRates')}
        </Link>
      ) : null}
      {sync.save.isError || (validate.isError && !requoted) ? (
        <p className={styles.error} role="alert" data-testid={limitText ? 'exchange-limit-error' : undefined}>
          {limitText ?? t('errors.unknown')}
        </p>
      ) : null}
      <LimitsSummary user={me} kinds={['topup']} />
      <button
        type="submit"
        className={styles.primary}
        disabled={validate.isPending}
        data-ready={String(canValidate)}
        data-testid="exchange-validate"
      >
        {validate.isPending
          ? t('exchange.redirecting')
          : figures
            ? tIsolated(t, 'exchange.pay', { amount: formatMoney(figures.cost, locale) })
            : t('exchange.validate')}
      </button>
    </form>
  );
}

/** Add money; with `?session=` it is the page the card provider returns to. */
export function Component() {
  const { t } = useTranslation();
  const withLang = useWithLang();
  const [params] = useSearchParams();
  const session = params.get('session');
  return (
    <main className={styles.page}>
      <ScreenHeader title={t('pages.exchange')} backTo={withLang('/')} />
      {session && /^ps_[A-Za-z0-9]{16,64}$/.test(session) ? (
        <PaymentResult sessionId={session} cancelled={params.get('status') === 'cancel'} />
      ) : (
        <ExchangeForm />
      )}
    </main>
  );
}
