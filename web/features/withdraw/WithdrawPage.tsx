import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../app/api-error';
import { intlLocale } from '../../i18n/intl-locale';
import form from '../../ui/Form.module.css';
import { PinInput } from '../../ui/PinInput';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';
import { CopyButton } from '../contacts/CopyButton';
import { formatMoney, moneyFromApi } from '../home/balance';
import styles from '../transactions/Transactions.module.css';
import { formatLongDate, identifierForTeller } from '../transactions/transaction-rules';
import { useValidateWithdrawal, useWithdrawalLookup } from '../transactions/use-transactions';
import { initialTellerState, pressValidate, submissionFailed, type TellerState } from './teller-steps';

const QrScannerView = lazy(() => import('./QrScannerView').then((m) => ({ default: m.QrScannerView })));

/** A scanned value: the bare token, or a link of ours carrying it; a link to another host is refused. */
function tokenFrom(value: string): string | undefined {
  const text = value.trim();
  if (/^[A-Za-z0-9_-]{22}$/.test(text)) return text;
  if (!text.startsWith('http')) return undefined;
  try {
    const url = new URL(text);
    if (url.host !== window.location.host) return undefined;
    return url.searchParams.get('transaction') ?? undefined;
  } catch {
    return undefined;
  }
}

function lookupErrorText(error: unknown, t: ReturnType<typeof useTranslation>['t']): string {
  // SPEC.md section 8: a 404 at lookup reads as the wrong-agency message (an unknown token looks the same).
  if (error instanceof ApiError && error.status === 404) return t('withdraw.otherAgency');
  return t('errors.unknown');
}

/** SPEC.md 2.3 Withdraw (teller) and section 4's teller steps. */
export function Component() {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const withLang = useWithLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('transaction') ?? '';
  const lookup = useWithdrawalLookup(token);
  const validate = useValidateWithdrawal();
  const [state, setState] = useState<TellerState>(initialTellerState);
  const [manual, setManual] = useState('');
  const errorId = useId();
  const key = useRef(crypto.randomUUID());
  const tx = lookup.data;

  const open = (value: string) => {
    const found = tokenFrom(value);
    if (found) void navigate(withLang(`/withdraw?transaction=${encodeURIComponent(found)}`));
  };

  function onValidate() {
    const { state: next, submit } = pressValidate(state, tx !== undefined && !tx.validated && tx.status === 'pending');
    setState(next);
    if (!submit || !tx) return;
    validate.mutate(
      { token, body: { id: tx.id, security_code: next.code }, key: key.current },
      {
        onSuccess: () => void navigate(withLang('/')),
        onError: () => setState((s) => submissionFailed(s)),
      },
    );
  }

  const amount = tx ? moneyFromApi(tx.amount, 'MAD') : undefined;
  const address = tx ? [tx.recipient_address, [tx.recipient_zip_code, tx.recipient_city].filter(Boolean).join(' ')].filter(Boolean).join(', ') : '';
  const statusText =
    tx?.status === 'validated' ? t('withdraw.done') : tx?.status === 'expired' ? t('withdraw.expired') : tx?.status === 'cancelled' ? t('withdraw.cancelled') : null;

  return (
    <main className={form.page}>
      {validate.isPending ? <div className={styles.busy} role="progressbar" aria-label={t('withdraw.busy')} data-testid="busy-bar" /> : null}
      <ScreenHeader title={t('pages.withdraw')} backTo={withLang('/')} />
      <p className={form.intro}>{t('withdraw.description')}</p>
      {token === '' ? (
        <>
          <Suspense fallback={null}>
            <QrScannerView onDecode={open} />
          </Suspense>
          <form
            className={form.form}
            onSubmit={(e) => {
              e.preventDefault();
              open(manual);
            }}
          >
            <label className={form.field}>
              <span className={form.label}>{t('withdraw.manual')}</span>
              <input className={form.select} value={manual} onChange={(e) => setManual(e.target.value)} data-testid="manual-token" />
            </label>
            <button type="submit" className={form.secondary}>
              {t('withdraw.open')}
            </button>
          </form>
        </>
      ) : null}
      {token !== '' && lookup.isPending ? <p className={styles.muted}>{t('withdraw.loading')}</p> : null}
      {lookup.isError ? (
        <p className={form.error} role="alert" data-testid="withdraw-lookup-error">
          {lookupErrorText(lookup.error, t)}
        </p>
      ) : null}
      {tx ? (
        <section className={styles.card} data-testid="withdraw-transaction">
          <p className={styles.amount}>
            <bdi>-{amount ? formatMoney(amount, locale) : tx.amount}</bdi>
          </p>
          <p className={styles.muted}>{formatLongDate(tx.date, locale, t('transactions.at'))}</p>
          <p>
            {t('withdraw.identifier')} : <bdi data-testid="withdraw-identifier">{identifierForTeller(tx.identifier)}</bdi>
          </p>
          <div className={styles.inline}>
            <span>{address}</span>
            <CopyButton text={address} label={t('transactions.copyAddress')} testId="copy-address" />
          </div>
          <p data-testid="withdraw-sender">
            {t('withdraw.sender')} : {tx.sender} — <bdi>{`${tx.sender_first_name ?? ''} ${tx.sender_last_name ?? ''}`.trim()}</bdi>
          </p>
          {statusText ? <p className={styles.done}>{statusText}</p> : <h2 className={styles.heading}>{t('withdraw.confirmHeading')}</h2>}
        </section>
      ) : null}
      {tx && !statusText ? (
        <div className={form.form}>
          <label className={styles.inline}>
            <input
              type="checkbox"
              checked={state.confirmed}
              disabled={state.step === 'code'}
              onChange={(e) => setState({ ...state, confirmed: e.target.checked, message: null })}
              data-testid="confirm-amount"
              style={{ inlineSize: 24, blockSize: 24 }}
            />
            {t('withdraw.confirmAmount')}
          </label>
          {state.step === 'code' ? (
            <PinInput
              label={t('withdraw.code')}
              value={state.code}
              onChange={(code) => setState({ ...state, code })}
              disabled={validate.isPending}
              errorId={errorId}
            />
          ) : null}
          {state.message ? (
            <p id={errorId} className={form.error} role="alert" data-testid="withdraw-message">
              {state.message === 'confirmAmount' ? t('withdraw.pleaseConfirm') : t('withdraw.invalidCode')}
            </p>
          ) : null}
        </div>
      ) : null}
      {lookup.isFetched && tx?.id !== undefined && !lookup.isError ? (
        <button type="button" className={form.primary} onClick={onValidate} disabled={validate.isPending} data-testid="withdraw-validate">
          {t('withdraw.validate')}
        </button>
      ) : null}
    </main>
  );
}
