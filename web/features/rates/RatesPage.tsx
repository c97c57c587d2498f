import { useState } from 'react';
import { tIsolated } from '../../ui/bidi';
import { useTranslation } from '../../i18n/i18n';
import { Link, useSearchParams } from 'react-router';
import { intlLocale } from '../../i18n/intl-locale';
import form from '../../ui/Form.module.css';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { SuccessState } from '../../ui/SuccessState';
import { useWithLang } from '../../ui/with-lang';
import { PaymentResult } from '../../shared/billing/PaymentResult';
import { formatRate } from '../../ui/money-format';
import { useRates } from '../../shared/rates/rates-queries';
import { useCurrentUser } from '../../shared/users/use-current-user';
import { UserLoadState } from '../../shared/users/UserLoadState';
import { CancelSubscription } from './CancelSubscription';
import { RateAlerts } from './RateAlerts';
import styles from './RatesPage.module.css';
import { useCancelSubscription, useSubscribe, useSubscription } from './use-subscription';
import { dateTimeFormat, numberFormat } from '../../ui/intl-format';

/** Rates: official rate, our rate, with and without subscription, subscribe or cancel. */
export function Component() {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const withLang = useWithLang();
  const [params] = useSearchParams();
  const user = useCurrentUser();
  const rates = useRates();
  const subscription = useSubscription();
  const subscribe = useSubscribe(i18n.language);
  const [cancelled, setCancelled] = useState(false);
  const cancel = useCancelSubscription(() => setCancelled(true));
  const session = params.get('session');
  const fromExchange = params.get('exchange') === 'true';

  const body = () => {
    if (!user.data) return <UserLoadState query={user} />;
    const me = user.data;
    const state = subscription.data;
    const until = state?.current_period_end
      ? dateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(
          new Date(state.current_period_end),
        )
      : '';
    const price = rates.data
      ? `${numberFormat(locale, { minimumFractionDigits: 2 }).format(rates.data.subscription_price as `${number}`)} EUR`
      : '';
    const row = (label: string, rate: string | undefined, testId: string, mine = false) => (
      <div className={mine ? `${styles.row} ${styles.mine}` : styles.row}>
        <dt>{label}</dt>
        <dd data-testid={testId}>
          <bdi>{rate ? `1 EUR = ${formatRate(rate, locale)}` : '—'}</bdi>
        </dd>
      </div>
    );
    if (cancelled) {
      return (
        <SuccessState
          title={t('rates.cancelledTitle')}
          actions={
            <Link className={form.primary} to={withLang('/')} data-testid="success-home">
              {t('success.home')}
            </Link>
          }
        >
          <p data-testid="success-next">{t('rates.endsOn', { date: until })}</p>
        </SuccessState>
      );
    }
    return (
      <>
        {session && /^ps_[A-Za-z0-9]{16,64}$/.test(session) ? (
          <PaymentResult sessionId={session} cancelled={params.get('status') === 'cancel'} />
        ) : null}
        <dl className={styles.rates}>
          {row(t('rates.official'), rates.data?.official ?? me.rate, 'rates-official')}
          {row(t('rates.yours'), me.rate_delta, 'rates-yours', true)}
          {row(t('rates.freemium'), me.rate_freemium, 'rates-freemium')}
          {row(t('rates.subscription'), me.rate_subscription, 'rates-subscription')}
        </dl>
        <section className={styles.plan} data-testid="subscription-state" data-active={String(me.subscription)}>
          <h2 className={styles.planTitle}>{tIsolated(t, 'rates.planTitle', { price })}</h2>
          {me.subscription ? (
            <p>
              {state?.cancel_at_period_end
                ? t('rates.endsOn', { date: until })
                : t('rates.activeUntil', { date: until })}
            </p>
          ) : (
            <p>{state?.status === 'past_due' ? t('rates.pastDue') : t('rates.pitch')}</p>
          )}
          {me.role === 'BANKER' ? null : me.subscription ? (
            state?.cancel_at_period_end ? null : (
              <CancelSubscription until={until} pending={cancel.isPending} onConfirm={() => cancel.mutate()} />
            )
          ) : (
            <button
              type="button"
              className={styles.primary}
              disabled={subscribe.isPending}
              onClick={() => subscribe.mutate()}
              data-testid="subscribe"
            >
              {subscribe.isPending ? t('exchange.redirecting') : tIsolated(t, 'rates.subscribe', { price })}
            </button>
          )}
          {subscribe.isError || cancel.isError ? (
            <p className={styles.error} role="alert">
              {t('errors.unknown')}
            </p>
          ) : null}
        </section>
        {me.role === 'customer' ? <RateAlerts rate={me.rate_delta} /> : null}
        {fromExchange ? (
          <Link className={styles.link} to={withLang('/exchange')}>
            {t('rates.backToExchange')}
          </Link>
        ) : null}
      </>
    );
  };

  return (
    <main className={styles.page}>
      <ScreenHeader title={t('pages.rates')} backTo={withLang(fromExchange ? '/exchange' : '/')} />
      {body()}
    </main>
  );
}
