import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { closeAccountMessages, securityCodeErrors } from '../../../common/api/messages';
import { apiFetch } from '../../shared/api/api-client';
import { ApiError } from '../../shared/api/api-error';
import { useTranslation, type TFunction } from '../../i18n/i18n';
import { downloadFile } from '../../shared/files/download';
import { endSession } from '../../shared/session/use-logout';
import { CODE_LENGTH } from '../../ui/code-digits';
import form from '../../ui/Form.module.css';
import { PinInput } from '../../ui/PinInput';
import { commonErrorText, translateServerMessage } from '../../ui/server-messages';
import { useWithLang } from '../../ui/with-lang';
import styles from './ProfileAccount.module.css';

/** What blocks the closure, each with where to clear it; the server names them all at once. */
type Blocker = { key: string; text: string; to: string; action: string };

function closeBlockers(error: unknown, t: TFunction): Blocker[] {
  if (!(error instanceof ApiError)) return [];
  const blockers: Blocker[] = [];
  const subscription = error.firstError('subscription');
  if (subscription === closeAccountMessages.subscription)
    blockers.push({
      key: 'subscription',
      text: t('dataRights.errors.subscription'),
      to: '/rates',
      action: t('dataRights.fix.subscription'),
    });
  if (subscription === closeAccountMessages.subscriptionEnding)
    blockers.push({
      key: 'subscription',
      text: t('dataRights.errors.subscriptionEnding'),
      to: '/rates',
      action: t('dataRights.fix.subscriptionEnding'),
    });
  if (error.firstError('balance') === closeAccountMessages.balance)
    blockers.push({
      key: 'balance',
      text: t('dataRights.errors.balance'),
      to: '/withdraw',
      action: t('dataRights.fix.balance'),
    });
  if (error.firstError('pending') === closeAccountMessages.pending)
    blockers.push({
      key: 'pending',
      text: t('dataRights.errors.pending'),
      to: '/transactions',
      action: t('dataRights.fix.pending'),
    });
  if (error.firstError('payout') === closeAccountMessages.payout)
    blockers.push({
      key: 'payout',
      text: t('dataRights.errors.payout'),
      to: '/transactions',
      action: t('dataRights.fix.payout'),
    });
  return blockers;
}

function closeErrorText(error: unknown, t: TFunction, language: string): string {
  if (closeBlockers(error, t).length > 0) return t('dataRights.errors.blocked');
  if (error instanceof ApiError) {
    const code = error.firstError('security_code');
    if (code === securityCodeErrors.invalid || code === securityCodeErrors.notSet)
      return translateServerMessage(code, t);
  }
  return commonErrorText(error, t, language) ?? t('errors.unknown');
}

/**
 * Data rights: the customer's data as a JSON file, and closing the account after a confirmation that
 * says what happens, with the security code. Closed, the session ends here and the welcome page says so.
 */
export function ProfileDataRights() {
  const { t, i18n } = useTranslation();
  const withLang = useWithLang();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [code, setCode] = useState('');
  const [closing, setClosing] = useState(false);
  const [closeError, setCloseError] = useState<string | null>(null);
  const [blockers, setBlockers] = useState<Blocker[]>([]);

  async function closeForGood() {
    setClosing(true);
    setCloseError(null);
    setBlockers([]);
    try {
      await apiFetch('/users/close/', { method: 'POST', body: { security_code: code } });
      endSession(client);
      await navigate(withLang('/auth?closed=1'), { replace: true });
    } catch (error) {
      setCloseError(closeErrorText(error, t, i18n.language));
      setBlockers(closeBlockers(error, t));
      setCode('');
      setClosing(false);
    }
  }

  return (
    <section className={styles.account} aria-labelledby="profile-data-title" data-testid="data-rights">
      <h2 id="profile-data-title" className={styles.heading}>
        {t('dataRights.title')}
      </h2>
      <p className={form.hint}>{t('dataRights.exportHint')}</p>
      <button
        type="button"
        className={form.secondary}
        disabled={exporting}
        data-testid="export-data"
        onClick={() => {
          setExporting(true);
          setExportError(null);
          downloadFile('/users/export/', {}, 'my-data.json')
            .catch((error: unknown) => setExportError(commonErrorText(error, t, i18n.language) ?? t('errors.unknown')))
            .finally(() => setExporting(false));
        }}
      >
        {t('dataRights.export')}
      </button>
      {exportError ? (
        <p className={form.error} role="alert">
          {exportError}
        </p>
      ) : null}
      {confirming ? (
        <div className={styles.confirm} role="group" aria-labelledby="close-title" data-testid="close-confirmation">
          <h3 id="close-title" className={styles.heading}>
            {t('dataRights.closeTitle')}
          </h3>
          <p>{t('dataRights.closeExplain')}</p>
          <p>{t('dataRights.closeKept')}</p>
          {blockers.length > 0 ? (
            <ul className={styles.blockers} data-testid="close-blockers">
              {blockers.map((blocker) => (
                <li key={blocker.key} data-testid={`close-blocker-${blocker.key}`}>
                  <p>{blocker.text}</p>
                  <Link to={withLang(blocker.to)} className={styles.blockerLink}>
                    {blocker.action}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <PinInput
            label={t('dataRights.closeCode')}
            value={code}
            onChange={setCode}
            disabled={closing}
            errorId="close-error"
            invalid={closeError !== null}
          >
            {closeError ? (
              <span id="close-error" className={form.error} role="alert" data-testid="close-error">
                {closeError}
              </span>
            ) : null}
          </PinInput>
          <button
            type="button"
            className={`${form.primary} ${styles.danger}`}
            disabled={closing || code.length !== CODE_LENGTH}
            data-testid="close-confirm"
            onClick={() => void closeForGood()}
          >
            {closing ? t('dataRights.closing') : t('dataRights.closeConfirm')}
          </button>
          <button
            type="button"
            className={form.secondary}
            disabled={closing}
            data-testid="close-cancel"
            onClick={() => {
              setConfirming(false);
              setCode('');
              setCloseError(null);
              setBlockers([]);
            }}
          >
            {t('dataRights.closeCancel')}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className={form.secondary}
          data-testid="close-account"
          onClick={() => setConfirming(true)}
        >
          {t('dataRights.close')}
        </button>
      )}
    </section>
  );
}
