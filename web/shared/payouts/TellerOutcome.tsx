import { Link } from 'react-router';
import { cityIn } from '../../../common/i18n/city-names';
import { useTranslation } from '../../i18n/i18n';
import form from '../../ui/Form.module.css';
import card from '../../ui/Card.module.css';
import { SuccessState } from '../../ui/SuccessState';
import { useWithLang } from '../../ui/with-lang';
import { tIsolated } from '../../ui/bidi';
import { formatAddress } from '../../ui/address';
import { ApiError } from '../api/api-error';
import type { AgencyPlace } from '../../../common/api/errors';
import type { PayoutFacts } from '../../../common/api/pickups';
import { intlLocale } from '../../i18n/intl-locale';
import { formatLongDate } from '../transactions/transaction-rules';

/**
 * The teller's next moves after a lookup failed or a payout is over: scan the next code,
 * type it again, or go home. Every dead end of the counter offers them, not only the back arrow.
 */
export function TellerNextActions({ retry }: { retry?: 'withdrawal' | 'pickup' }) {
  const { t } = useTranslation();
  const withLang = useWithLang();
  return (
    <div className={form.form} data-testid="teller-next">
      <Link className={form.primary} to={withLang('/withdraw')} data-testid="teller-scan-again">
        {t(retry === undefined ? 'withdraw.next' : 'withdraw.scanAgain')}
      </Link>
      {retry !== undefined ? (
        <Link
          className={form.secondary}
          to={withLang(`/withdraw?entry=${retry === 'pickup' ? 'pickup' : 'manual'}`)}
          data-testid="teller-type-again"
        >
          {t('withdraw.typeAgain')}
        </Link>
      ) : null}
    </div>
  );
}

/** The agency a lookup's 404 says the withdrawal or pickup is paid at, when it is another one. */
export const otherAgencyOf = (error: unknown): AgencyPlace | undefined =>
  error instanceof ApiError && error.status === 404 ? error.agency : undefined;

/**
 * Another agency's withdrawal or pickup: which agency and where, for the teller to tell the customer. Scanning or
 * typing the same code again cannot help, so only the next customer is offered.
 */
export function OtherAgencyNotice({ agency }: { agency: AgencyPlace }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <section className={card.card} role="alert" data-testid="other-agency">
        <p className={card.muted}>{t('withdraw.otherAgencyLead')}</p>
        <p className={card.heading}>
          <strong>
            <bdi data-testid="other-agency-name">{agency.name}</bdi>
          </strong>
        </p>
        <p>
          <bdi data-testid="other-agency-address">{formatAddress(agency.address, agency.zip_code, agency.city && cityIn(i18n.language, agency.city))}</bdi>
        </p>
        <p className={form.error}>{t('withdraw.otherAgencyTell')}</p>
      </section>
      <TellerNextActions />
    </>
  );
}

/**
 * An already paid withdrawal or pickup: when, at which agency, by which teller, and that there is nothing to hand
 * over, so the teller can answer a customer who says they were not paid.
 */
export function PaidText({ paid }: { paid: PayoutFacts }) {
  const { t, i18n } = useTranslation();
  const date = formatLongDate(paid.at, intlLocale(i18n.language), t('transactions.at'));
  return paid.teller === null
    ? tIsolated(t, 'withdraw.paidAtAgency', { date, agency: paid.agency })
    : tIsolated(t, 'withdraw.paidAt', { date, agency: paid.agency, teller: paid.teller });
}

/** A payout went through: what was handed to whom, then the next customer or home. */
export function PayoutSuccess({ title, amount, name }: { title: string; amount: string; name: string }) {
  const { t } = useTranslation();
  const withLang = useWithLang();
  return (
    <SuccessState
      title={title}
      testId="payout-success"
      actions={
        <>
          <Link className={form.primary} to={withLang('/withdraw')} data-testid="teller-scan-again">
            {t('withdraw.next')}
          </Link>
          <Link className={form.secondary} to={withLang('/')} data-testid="success-home">
            {t('success.home')}
          </Link>
        </>
      }
    >
      <p data-testid="payout-success-text">
        {tIsolated(t, 'withdraw.paidText', { amount, name })}
      </p>
    </SuccessState>
  );
}
