import { useId, useState, type ReactNode } from 'react';
import { cityIn } from '../../../common/i18n/city-names';
import { tIsolated } from '../../ui/bidi';
import { useTranslation } from '../../i18n/i18n';
import { useSearchParams } from 'react-router';
import type { Transaction } from '../../../common/api/transactions';
import { formatLocaleAmount } from '../../../common/money/locale-amount';
import { formatAmount, money, type Money } from '../../../common/money/money';
import { ApiError } from '../../shared/api/api-error';
import { intentKey, settleIntent } from '../../shared/api/intent-key';
import { intlLocale } from '../../i18n/intl-locale';
import { AmountInput } from '../../ui/AmountInput';
import form from '../../ui/Form.module.css';
import { PinInput } from '../../ui/PinInput';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';
import { useQuery } from '@tanstack/react-query';
import { contactQuery, useContact } from '../../shared/contacts/contact-queries';
import { useRates } from '../../shared/rates/rates-queries';
import { formatMoney, moneyFromApi } from '../../ui/money-format';
import { useCurrentUser } from '../../shared/users/use-current-user';
import { checkAmount, type AmountCheck } from './amount-check';
import { createErrorText } from './create-errors';
import { LimitsSummary } from '../../shared/limits/LimitsSummary';
import { levelAllowance, smallest } from '../../shared/limits/allowance';
import { BalanceShort } from './BalanceShort';
import { CreateSuccess } from './CreateSuccess';
import { CreateSummary } from './CreateSummary';
import styles from './Transactions.module.css';
import { useCreateTransaction, useTransactionsPage } from './use-transactions';
import { formatAddress } from '../../ui/address';
import { DeliveryMethodChoice, type DeliveryState } from './DeliveryMethodChoice';
import { methodsFor, methodSummary } from './delivery-methods';
import { PayeeCheck } from './PayeeCheck';
import { usePayeeCheck } from './use-payee-check';
import { formatCalendarDay } from './payout-format';
import { translateServerMessage } from '../../ui/server-messages';
import { transactionMessages } from '../../../common/api/messages';
import type { CreateBody } from './transactions-api';

/**
 * Create a transaction: step 1 amount (max button), recipient or agency and how the recipient receives it; step 2
 * the summary, for a bank deposit the bank's answer on the name, and the code.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const withLang = useWithLang();
  const [params] = useSearchParams();
  const contactId = params.get('contact') ?? '';
  const withdraw = params.get('transaction') === 'withdraw';
  const contact = useContact(contactId);
  const me = useCurrentUser();
  const create = useCreateTransaction();
  const [step, setStep] = useState<1 | 2>(1);
  // 'Send again' brings the amount of the transfer it repeats: "12.50", shown as this language writes it.
  const [amountText, setAmountText] = useState(() => {
    const again = params.get('amount');
    const amount = again !== null && /^\d{1,9}(\.\d{2})?$/.test(again) ? moneyFromApi(again, 'MAD') : undefined;
    return amount ? formatLocaleAmount(amount, locale) : '';
  });
  const [code, setCode] = useState('');
  // A node, not a string: amounts inside an Arabic sentence are isolated (tIsolated).
  const [error, setError] = useState<ReactNode | null>(null);
  const [done, setDone] = useState<Transaction | null>(null);
  const [delivery, setDelivery] = useState<DeliveryState>({ kind: 'wallet', agency: null });
  // A refusal about the recipient or the agency, shown at the choice of how they receive.
  const [deliveryError, setDeliveryError] = useState<ReactNode | null>(null);
  // A bank deposit to a name the bank does not confirm: the sender's explicit 'send all the same'.
  const [confirmPayee, setConfirmPayee] = useState(false);
  const [payeeError, setPayeeError] = useState<ReactNode | null>(null);
  const errorId = useId();

  // The per-operation bounds are the server's configured ones (GET /api/rates/), never constants of the page.
  const rates = useRates();
  const balance = me.data ? moneyFromApi(me.data.balance, 'MAD') : undefined;
  const minLimit = rates.data ? moneyFromApi(rates.data.transfer_min_amount, 'MAD') : undefined;
  const maxLimit = rates.data ? moneyFromApi(rates.data.transfer_max_amount, 'MAD') : undefined;
  const limits = minLimit && maxLimit ? { min: minLimit, max: maxLimit } : undefined;
  // Sends, cash pickups and withdrawals share the level's outgoing limit.
  const level = levelAllowance(me.data, 'outgoing', 'MAD');
  const max = balance && limits ? smallest(balance, limits.max, level) : undefined;
  const c = contact.data;
  const place = c?.public
    ? [c.first_name, formatAddress(c.address, c.zip_code, c.city)].filter(Boolean).join(', ')
    : c
      ? `${c.first_name} ${c.last_name}`
      : '';
  // The ways this recipient can receive (a withdrawal at an agency has none to choose).
  const methods = withdraw ? [] : methodsFor(c);
  const method = methods.find((m) => m.kind === delivery.kind)?.kind ?? 'wallet';
  const pickup = method === 'cash_pickup';
  const bank = method === 'bank_deposit';
  const mobileWallet = method === 'mobile_wallet';
  // Asked once the sender chooses the bank account (a call to the partner bank): its answer carries the arrival
  // date the choice then shows, and the name check the summary shows.
  const payee = usePayeeCheck(c?.id, c?.rib, bank);
  // A pickup kept to one agency names it at confirmation (agencies are public contacts).
  const pickupAgency = useQuery({ ...contactQuery(String(delivery.agency ?? '')), enabled: pickup && delivery.agency !== null });
  // A send to a recipient whose account is not shown (ADR 013) says what happens if they have none; an earlier
  // send of this sender still waiting for them means the sender already knows, and is told plainly.
  const unregistered = !withdraw && method === 'wallet' && c !== undefined && !c.public && c.contact_user === null;
  const earlier = useTransactionsPage({ page: 1, pageSize: 10, query: { contact: String(c?.id ?? '') } }, unregistered && step === 2);
  const waiting = earlier.data?.results.some((tx) => tx.status === 'unclaimed') ?? false;
  const arrival = bank && payee.data ? formatCalendarDay(payee.data.expected_arrival, locale) : undefined;
  const ready = limits !== undefined && !contact.isPending;
  const checked: AmountCheck = limits ? checkAmount(amountText, locale, { ...limits, balance, level }) : { ok: false, problem: 'format' };

  function amountError(check: Exclude<AmountCheck, { ok: true }>): ReactNode {
    if (check.problem === 'ambiguous') return t('errors.amountAmbiguous', { example: formatLocaleAmount(money('MAD', 2000_50n), locale) });
    if (!('limit' in check)) return t('transactions.create.amountAndRecipient');
    if (check.problem === 'minimum') return t('transactions.create.minimum');
    const limit = formatMoney(check.limit, locale);
    if (check.problem === 'level') return tIsolated(t, 'limits.refused', { remaining: limit });
    if (check.problem === 'balance') return short(tIsolated(t, 'transactions.create.aboveBalance', { amount: limit }), check.asked);
    return tIsolated(t, 'transactions.create.aboveLimit', { amount: limit });
  }

  /** A refusal for want of balance, with the way to add what is missing (`asked` less the balance). */
  function short(text: ReactNode, asked: Money<'MAD'> | undefined): ReactNode {
    const gap = asked && balance ? money('MAD', asked.minor - balance.minor) : undefined;
    const rate = me.data ? (me.data.subscription ? me.data.rate_subscription : me.data.rate_freemium) : undefined;
    const minimum = rates.data ? moneyFromApi(rates.data.min_amount, 'EUR') : undefined;
    return <BalanceShort text={text} gap={gap} rate={rate} minimum={minimum} />;
  }

  function next() {
    if (!ready) return;
    if (!checked.ok) return setError(amountError(checked));
    if (!c) return setError(t('transactions.create.amountAndRecipient'));
    // A closed agency still reads by its id but takes nothing new; the server refuses it too.
    if (c.closed) return setError(t('pickups.errors.agencyDisabled'));
    setError(null);
    setDeliveryError(null);
    setPayeeError(null);
    setStep(2);
  }

  /** Back to step 1 with the amount kept; the code typed so far is dropped (it confirms what is summarised). */
  function back(message: ReactNode | null = null) {
    setCode('');
    setError(message);
    setStep(1);
  }

  function submit() {
    if (!checked.ok || !c) return;
    if (bank) {
      // No send without the bank's answer on screen, and a name it does not confirm needs the box ticked.
      if (!payee.data) return;
      if (payee.data.needs_confirmation && !confirmPayee) return setPayeeError(t('payouts.check.confirmRequired'));
    }
    if (code.length !== 6) return setError(t('transactions.create.invalidCode'));
    // One Idempotency-Key per intent (this recipient, this amount), kept in the tab's session until the server's
    // answer is known: a send retried after a timeout, even from a fresh page, cannot go out twice.
    const how = pickup ? `pickup:${delivery.agency ?? 'any'}` : bank ? 'bank' : mobileWallet ? 'mobile_wallet' : withdraw ? 'withdraw' : 'send';
    const intent = `${how}:${c.id}:${formatAmount(checked.amount)}`;
    const body: CreateBody = {
      amount: formatAmount(checked.amount),
      contact: c.id,
      security_code: code,
      ...(pickup && { delivery: 'cash_pickup' as const, ...(delivery.agency !== null && { agency: delivery.agency }) }),
      ...(bank && { delivery: 'bank_deposit' as const, ...(confirmPayee && { confirm_payee: true as const }) }),
      ...(mobileWallet && { delivery: 'mobile_wallet' as const }),
    };
    create.mutate(
      { body, key: intentKey(intent) },
      {
        onSuccess: (tx) => {
          settleIntent(intent);
          setDone(tx);
        },
        onError: (e) => {
          // A refusal (4xx) is an answer: nothing was sent. No answer (timeout, network, 5xx) keeps the key.
          if (e instanceof ApiError && e.status >= 400 && e.status < 500) settleIntent(intent);
          const text = createErrorText(e, t, i18n.language);
          // Each refusal is shown at its field: an amount at step 1 where the amount is; the recipient or the
          // agency at the choice of how they receive; a name the bank does not confirm at its box, with the
          // bank asked again (its answer may have changed since the summary).
          if (e instanceof ApiError && e.firstError('amount') === transactionMessages.notEnoughFunds) return back(short(text, checked.amount));
          if (e instanceof ApiError && e.firstError('amount') !== undefined) return back(text);
          const payeeRefusal = e instanceof ApiError ? e.firstError('confirm_payee') : undefined;
          if (payeeRefusal !== undefined) {
            setCode('');
            setConfirmPayee(false);
            setPayeeError(translateServerMessage(payeeRefusal, t));
            void payee.refetch();
            return;
          }
          if (methods.length > 1 && e instanceof ApiError && (e.firstError('contact') ?? e.firstError('agency')) !== undefined) {
            back();
            setDeliveryError(text);
            return;
          }
          setCode('');
          setError(text);
        },
      },
    );
  }

  if (done) {
    return (
      <main className={form.page}>
        <ScreenHeader title={t('pages.transactionCreate')} />
        <CreateSuccess tx={done} party={place} />
      </main>
    );
  }

  return (
    <main className={form.page}>
      <ScreenHeader title={t('pages.transactionCreate')} {...(step === 2 ? { onBack: () => back() } : { backTo: withLang('/') })} />
      {step === 1 ? (
        <section className={styles.card}>
          <h2 className={styles.heading}>{withdraw ? t('transactions.create.agency') : t('transactions.create.recipient')}</h2>
          <p className={styles.muted} data-testid="create-party">
            <bdi>{place}</bdi>
          </p>
          {c && methods.length > 1 ? (
            <DeliveryMethodChoice
              methods={methods}
              value={{ kind: method, agency: delivery.agency }}
              onChange={(next) => {
                setDelivery(next);
                setDeliveryError(null);
                setConfirmPayee(false);
              }}
              context={{ contact: c, payee }}
              error={deliveryError}
            />
          ) : null}
        </section>
      ) : null}
      {step === 1 ? (
        <div className={form.form}>
          <label className={form.field}>
            <span className={form.label}>{withdraw ? t('transactions.create.withdrawAmount') : t('transactions.create.amount')}</span>
            <span className={styles.amountRow}>
              <AmountInput
                currency="MAD"
                value={amountText}
                onChange={(e) => {
                  setAmountText(e.target.value);
                  setError(null);
                }}
                aria-describedby={errorId}
                aria-invalid={error !== null || undefined}
                data-testid="create-amount"
              />
              <button
                type="button"
                className={form.secondary}
                onClick={() => max && setAmountText(formatLocaleAmount(max, locale))}
                // Until the balance has loaded there is no maximum: a tap would silently do nothing.
                disabled={!max}
                data-testid="create-max"
              >
                {t('transactions.create.max')}
              </button>
            </span>
          </label>
          {max ? <p className={form.hint}>{tIsolated(t, 'transactions.create.maxAmount', { amount: formatMoney(max, locale) })}</p> : null}
          {error ? (
            <p id={errorId} className={form.error} role="alert" data-testid="create-error">
              {error}
            </p>
          ) : null}
          {me.data ? <LimitsSummary user={me.data} kinds={['outgoing']} /> : null}
          {/* Until the bounds have loaded the amount cannot be checked, and until the recipient has, a tap would ask
              for one the page already names. */}
          <button type="button" className={form.primary} onClick={next} disabled={!ready} data-testid="create-next">
            {t('transactions.create.next')}
          </button>
        </div>
      ) : (
        <div className={form.form}>
          {checked.ok ? (
            <CreateSummary
              amount={checked.amount}
              party={place}
              withdraw={withdraw}
              registered={c?.contact_user !== null && c?.contact_user !== undefined}
              {...(unregistered && {
                noAccount: { state: waiting ? ('waiting' as const) : ('maybe' as const), by: c?.phone_number ? ('sms' as const) : ('email' as const) },
              })}
              {...(pickup && {
                pickup: {
                  ...(delivery.agency !== null && {
                    agency: pickupAgency.data ? [pickupAgency.data.first_name, pickupAgency.data.city && cityIn(i18n.language, pickupAgency.data.city)].filter(Boolean).join(', ') : '…',
                  }),
                  ...(rates.data?.pickup_valid_days !== undefined && { validDays: rates.data.pickup_valid_days }),
                },
              })}
              {...(methods.length > 1 && c && { method: methodSummary(methods.find((m) => m.kind === method)!, c, t) })}
              {...(mobileWallet && { when: t('payouts.choice.mobileWalletMinutes') })}
              {...(bank && { when: arrival === undefined ? t('payouts.choice.bankArrivalLoading') : t('payouts.summary.arrival', { date: arrival }) })}
            />
          ) : null}
          {bank ? (
            <PayeeCheck
              check={payee}
              confirmed={confirmPayee}
              onConfirm={(yes) => {
                setConfirmPayee(yes);
                setPayeeError(null);
              }}
              error={payeeError}
            />
          ) : null}
          <PinInput
            label={t('transactions.create.code')}
            value={code}
            onChange={setCode}
            disabled={create.isPending}
            errorId={errorId}
            invalid={error !== null}
          >
            <p id={errorId} className={form.error} role="alert" data-testid="create-error">
              {error ?? ''}
            </p>
          </PinInput>
          <button
            type="button"
            className={form.primary}
            onClick={submit}
            // A bank deposit waits for the bank's answer on the name (the send asks it again).
            disabled={create.isPending || (bank && !payee.data)}
            data-testid="create-confirm"
          >
            {create.isPending ? t('transactions.create.busy') : t('transactions.create.confirm')}
          </button>
          <button type="button" className={form.secondary} onClick={() => back()} data-testid="create-edit">
            {t('transactions.create.editAmount')}
          </button>
        </div>
      )}
    </main>
  );
}
