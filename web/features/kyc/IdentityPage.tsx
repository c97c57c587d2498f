import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { KycStatus } from '../../../common/api/kyc';
import { useTranslation } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import form from '../../ui/Form.module.css';
import { dateTimeFormat } from '../../ui/intl-format';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';
import { useCurrentUser } from '../../shared/users/use-current-user';
import { IdentityChangeForm } from './IdentityChangeForm';
import styles from './IdentityPage.module.css';
import { fetchKycStatus, KYC_KEY } from './kyc-upload';
import { UploadForm } from './UploadForm';

function StateCard({ status }: { status: KycStatus }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const date = (iso: string | null) =>
    iso ? dateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso)) : '';
  if (status.state === 'none') return null;
  return (
    <section
      className={`${styles.state} ${styles[status.state]}`}
      role="status"
      data-testid="kyc-state"
      data-state={status.state}
    >
      <h2 className={styles.stateTitle}>{t(`kyc.states.${status.state}`)}</h2>
      {status.state === 'pending' ? <p>{t('kyc.pendingText', { date: date(status.submitted_at) })}</p> : null}
      {status.state === 'pending' && status.level === 2 ? <p data-testid="kyc-keeps">{t('kyc.change.keeps')}</p> : null}
      {status.state === 'approved' ? <p>{t('kyc.approvedText')}</p> : null}
      {status.state === 'rejected' ? (
        <>
          <p>{t('kyc.rejectedText')}</p>
          <blockquote className={styles.reason} data-testid="kyc-reason">
            <bdi>{status.reason}</bdi>
          </blockquote>
        </>
      ) : null}
    </section>
  );
}

/** A verified customer's way to a new identity: a new document, behind a button as few ever need it. */
function IdentityChange({ status }: { status: KycStatus }) {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <section data-testid="kyc-change">
      {open ? (
        <>
          <h2 className={styles.stateTitle}>{t('kyc.change.title')}</h2>
          <IdentityChangeForm status={status} user={user} />
        </>
      ) : (
        <button className={form.secondary} type="button" onClick={() => setOpen(true)} data-testid="kyc-change-open">
          {t('kyc.change.title')}
        </button>
      )}
    </section>
  );
}

/** The customer sends an identity document (level 2), or a new one to change a verified identity, and follows its review. */
export function Component() {
  const { t } = useTranslation();
  const withLang = useWithLang();
  const status = useQuery({ queryKey: KYC_KEY, queryFn: ({ signal }) => fetchKycStatus(signal) });
  const data = status.data;
  return (
    <main className={form.page}>
      <ScreenHeader title={t('pages.identity')} backTo={withLang('/')} />
      {data ? (
        <>
          {data.level === 1 && (data.state === 'none' || data.state === 'rejected') ? (
            <p className={form.intro}>{t('kyc.intro')}</p>
          ) : null}
          <StateCard status={data} />
          {data.level === 1 && (data.state === 'none' || data.state === 'rejected') ? (
            <UploadForm status={data} />
          ) : null}
          {data.level === 2 && data.state !== 'pending' ? <IdentityChange status={data} /> : null}
        </>
      ) : status.isError ? (
        <p className={form.error} role="alert">
          {t('errors.unknown')}
        </p>
      ) : (
        <p className={form.hint}>{t('common.loading')}</p>
      )}
    </main>
  );
}
