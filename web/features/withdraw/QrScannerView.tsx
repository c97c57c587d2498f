import QrScanner from 'qr-scanner';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import card from '../../ui/Card.module.css';

/** One scan every 500 ms (2 per second), the back camera, 640x480 preferred. */
const SCANS_PER_SECOND = 2;

/**
 * A browser without workers or camera access (an old WebView, a test's DOM) cannot scan: a scanner made there fails
 * outside start(), where nothing can catch it. It says so at once, and the typed reference remains.
 */
const canScan = () => typeof Worker !== 'undefined' && navigator.mediaDevices !== undefined;

/**
 * The camera scanner. qr-scanner loads its worker through a dynamic import that Vite bundles with the app (no
 * third-party host; the CSP allows `worker-src blob:`). Without a camera the page's manual entry remains.
 */
export function QrScannerView({ onDecode }: { onDecode: (value: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(() => !canScan());
  const decoded = useRef(onDecode);
  useEffect(() => {
    decoded.current = onDecode;
  }, [onDecode]);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (!canScan()) return;
    const scanner = new QrScanner(element, (result) => decoded.current(result.data), {
      maxScansPerSecond: SCANS_PER_SECOND,
      preferredCamera: 'environment',
      returnDetailedScanResult: true,
    });
    scanner.start().catch(() => setFailed(true));
    return () => {
      scanner.destroy();
    };
  }, []);
  return (
    <section className={card.card}>
      <h2 className={card.heading}>{t('withdraw.scan')}</h2>
      <video ref={video} width={640} height={480} style={{ inlineSize: '100%', blockSize: 'auto' }} muted playsInline />
      {failed ? <p className={card.muted}>{t('withdraw.noCamera')}</p> : null}
    </section>
  );
}
