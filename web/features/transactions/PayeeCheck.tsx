import type { ReactNode } from 'react';
import { formatRib } from '../../../common/banking/rib';
import { ApiError } from '../../shared/api/api-error';
import { useTranslation } from '../../i18n/i18n';
import { tIsolated } from '../../ui/bidi';
import form from '../../ui/Form.module.css';
import { translateServerMessage } from '../../ui/server-messages';
import styles from './Delivery.module.css';
import type { usePayeeCheck } from './use-payee-check';

/**
 * Before the security code of a bank deposit: what the recipient's bank says of the name, the name as the deposit
 * carries it (romanised) and the account. A name the bank does not confirm (no match, close match) goes only once
 * the sender ticks that they send all the same (`confirm_payee`).
 */
export function PayeeCheck({
  check,
  confirmed,
  onConfirm,
  error,
}: {
  check: ReturnType<typeof usePayeeCheck>;
  confirmed: boolean;
  onConfirm: (confirmed: boolean) => void;
  /** Why the send cannot go yet: the box is not ticked, or the server refused `confirm_payee`. */
  error: ReactNode | null;
}) {
  const { t } = useTranslation();
  if (check.isPending)
    return (
      <p className={styles.check} role="status" data-testid="payee-check-pending">
        {t('payouts.check.checking')}
      </p>
    );
  if (check.isError) {
    const field = check.error instanceof ApiError ? check.error.firstError('contact') : undefined;
    return (
      <div className={styles.check} data-testid="payee-check-failed">
        <p className={styles.result} role="alert">
          {field !== undefined ? translateServerMessage(field, t) : t('payouts.check.failed')}
        </p>
        <button type="button" className={form.secondary} onClick={() => void check.refetch()} data-testid="payee-check-retry">
          {t('payouts.check.retry')}
        </button>
      </div>
    );
  }
  const answer = check.data;
  const result =
    answer.result === 'close_match'
      ? tIsolated(t, 'payouts.check.close_match', { name: answer.bank_holder_name ?? '' }, ['name'])
      : t(`payouts.check.${answer.result}`);
  return (
    <section className={styles.check} data-testid="payee-check" data-result={answer.result} aria-labelledby="payee-check-title">
      <h2 className={styles.checkTitle} id="payee-check-title">
        {t('payouts.check.title')}
      </h2>
      <p className={styles.result} data-tone={answer.result === 'match' ? 'ok' : 'warn'} data-testid="payee-check-result">
        {result}
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>{t('payouts.check.holder')}</dt>
          <dd className={styles.ltr} dir="ltr" data-testid="payee-holder">
            {answer.holder_name}
          </dd>
        </div>
        <div>
          <dt>{t('payouts.check.rib')}</dt>
          <dd className={styles.ltr} dir="ltr" data-testid="payee-rib">
            {formatRib(answer.rib)}
          </dd>
        </div>
        {answer.bank !== null ? (
          <div>
            <dt>{t('payouts.check.bank')}</dt>
            <dd data-testid="payee-bank">
              <bdi>{answer.bank}</bdi>
            </dd>
          </div>
        ) : null}
      </dl>
      {answer.needs_confirmation ? (
        <>
          <p className={styles.hint}>{t('payouts.check.mismatchHint')}</p>
          <label className={styles.confirm}>
            <input
              type="checkbox"
              checked={confirmed}
              onChange={(e) => onConfirm(e.target.checked)}
              aria-invalid={error !== null || undefined}
              aria-describedby="payee-confirm-error"
              data-testid="payee-confirm"
            />
            <span>{t('payouts.check.confirm')}</span>
          </label>
          <p id="payee-confirm-error" className={form.error} role="alert" data-testid="payee-confirm-error">
            {error ?? ''}
          </p>
        </>
      ) : null}
    </section>
  );
}
