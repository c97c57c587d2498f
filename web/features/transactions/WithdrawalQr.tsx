import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import styles from './Transactions.module.css';
import form from '../../ui/Form.module.css';

/** The token as a 300x300 QR code, error correction Q, downloadable as `vqr`. */
export function WithdrawalQr({ token }: { token: string }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(token, { width: 300, errorCorrectionLevel: 'Q', margin: 2 })
      .then((data) => {
        if (live) setUrl(data);
      })
      .catch(() => setUrl(null));
    return () => {
      live = false;
    };
  }, [token]);
  if (!url) return null;
  return (
    <>
      <img className={styles.qr} src={url} width={300} height={300} alt="QR" data-testid="withdrawal-qr" />
      <a href={url} download="vqr" className={`${styles.muted} ${form.tapLink}`}>
        {t('transactions.downloadQr')}
      </a>
    </>
  );
}
