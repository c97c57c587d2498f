import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { useNavigate, useSearchParams } from 'react-router';
import form from '../../ui/Form.module.css';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';
import { WithdrawalPayout } from './WithdrawalPayout';
import { PickupPayout } from '../../shared/pickups/PickupPayout';
import { PickupReferenceEntry } from '../../shared/pickups/PickupReferenceEntry';

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

/**
 * SPEC.md 2.3 Withdraw (teller). The withdrawal part is keyed by the token (issue 26 item 2): after Back and a scan
 * of the next code, the handover tick, the code and the Idempotency-Key start afresh instead of carrying over.
 */
export function Component() {
  const { t } = useTranslation();
  const withLang = useWithLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('transaction') ?? '';
  const pickup = params.get('pickup') ?? '';
  // 'Type again' after a failed lookup (issue 14 item 10) lands on the field to type in.
  const entry = params.get('entry');
  const [manual, setManual] = useState('');
  const [manualError, setManualError] = useState(false);
  const manualErrorId = useId();
  const manualInput = useRef<HTMLInputElement>(null);
  // Focused by hand: an autofocus attribute on an element a route change inserts is not honoured everywhere.
  useEffect(() => {
    if (entry === 'manual') manualInput.current?.focus();
  }, [entry]);

  const open = (value: string) => {
    const found = tokenFrom(value);
    if (found) void navigate(withLang(`/withdraw?transaction=${encodeURIComponent(found)}`));
    return found !== undefined;
  };

  return (
    <main className={form.page}>
      <ScreenHeader title={t('pages.withdraw')} backTo={withLang('/')} />
      {/* The intro says how to start (scan or type); a loaded withdrawal or pickup says what to check instead. */}
      {pickup === '' && token === '' ? <p className={form.intro}>{t('withdraw.description')}</p> : null}
      {pickup !== '' ? (
        <PickupPayout key={pickup} reference={pickup} />
      ) : token === '' ? (
        <>
          <Suspense fallback={null}>
            <QrScannerView onDecode={open} />
          </Suspense>
          <form
            className={form.form}
            onSubmit={(e) => {
              e.preventDefault();
              // A typed value that cannot be a code says so, instead of the button doing nothing.
              setManualError(!open(manual));
            }}
          >
            <label className={form.field}>
              <span className={form.label}>{t('withdraw.manual')}</span>
              <input
                className={form.select}
                value={manual}
                onChange={(e) => {
                  setManual(e.target.value);
                  setManualError(false);
                }}
                ref={manualInput}
                autoComplete="off"
                dir="ltr"
                aria-invalid={manualError || undefined}
                aria-describedby={manualError ? manualErrorId : undefined}
                data-testid="manual-token"
              />
            </label>
            {manualError ? (
              <p id={manualErrorId} className={form.error} role="alert" data-testid="manual-token-error">
                {t('withdraw.badCode')}
              </p>
            ) : null}
            <button type="submit" className={form.secondary}>
              {t('withdraw.open')}
            </button>
          </form>
          <PickupReferenceEntry autoFocus={entry === 'pickup'} onOpen={(reference) => void navigate(withLang(`/withdraw?pickup=${reference}`))} />
        </>
      ) : (
        <WithdrawalPayout key={token} token={token} />
      )}
    </main>
  );
}
