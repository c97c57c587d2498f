import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { useNavigate, useSearchParams } from 'react-router';
import form from '../../ui/Form.module.css';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useWithLang } from '../../ui/with-lang';
import { WithdrawalPayout } from './WithdrawalPayout';
import { PickupPayout } from '../../shared/pickups/PickupPayout';
import { CounterReferenceEntry } from './CounterReferenceEntry';

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
 * Withdraw (teller). The withdrawal part is keyed by the token: after Back and a scan
 * of the next code, the handover tick, the code and the Idempotency-Key start afresh instead of carrying over.
 * Without a camera the teller types what the customer reads out in one field, and the server says whether it is a
 * withdrawal or a cash pickup.
 */
export function Component() {
  const { t } = useTranslation();
  const withLang = useWithLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('transaction') ?? '';
  const pickup = params.get('pickup') ?? '';
  // 'Type again' after a failed lookup lands on the field to type in.
  const entry = params.get('entry');

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
          <CounterReferenceEntry
            autoFocus={entry !== null}
            toReference={(value) => tokenFrom(value) ?? value}
            onFound={(found) =>
              void navigate(
                withLang(`/withdraw?${found.kind === 'pickup' ? 'pickup' : 'transaction'}=${encodeURIComponent(found.reference)}`),
              )
            }
          />
        </>
      ) : (
        <WithdrawalPayout key={token} token={token} />
      )}
    </main>
  );
}
