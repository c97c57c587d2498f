import { useTranslation } from '../../i18n/i18n';
import { explorerTxUrl } from '../../../common/api/chain-links';
import type { Transaction } from '../../../common/api/transactions';
import { useChainInfo } from '../../shared/chain/use-chain-info';
import { CopyButton } from '../../ui/CopyButton';
import styles from './Transactions.module.css';
import form from '../../ui/Form.module.css';

/** Only what is final is anchored; the rest (waiting, cancelled, expired) never gets a tx_id. */
export const isAnchored = (tx: Transaction) => ['completed', 'claimed', 'validated'].includes(tx.status);

/**
 * A 64-character hash means nothing to a customer: its first and last characters, enough to
 * compare with the explorer's page, then copy (the full id) and a link to the public ledger, where the full id
 * shows with what was recorded.
 */
export function shortLedgerId(txId: string): string {
  return txId.length > 14 ? `${txId.slice(0, 8)}…${txId.slice(-6)}` : txId;
}

/** The public-ledger proof of a transfer in words, its explorer link (new tab), the short id and copy under 'details'. */
export function LedgerLine({ tx }: { tx: Transaction }) {
  const { t, i18n } = useTranslation();
  const chain = useChainInfo().data;
  if (!tx.tx_id) {
    return isAnchored(tx) ? (
      <p className={styles.inline} data-testid="ledger-pending">
        {t('transactions.ledgerIdLabel')} <span aria-label={t('chain.pendingLabel')}>{t('chain.pending')}</span>
      </p>
    ) : null;
  }
  // Plain words first; the hash (to compare with the explorer's page, or to copy) behind 'details'.
  return (
    <div className={styles.ledger} data-testid="ledger-line">
      <p className={styles.inline}>{t('transactions.onLedger')}</p>
      {chain ? (
        <a
          className={form.tapLink}
          href={explorerTxUrl(chain, tx.tx_id, i18n.language)}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="ledger-link"
        >
          {t('transactions.viewOnLedger')}
        </a>
      ) : null}
      <details data-testid="ledger-details">
        <summary>{t('transactions.ledgerDetails')}</summary>
        <p className={styles.inline}>
          {t('transactions.ledgerIdLabel')}{' '}
          <code className={styles.hash} dir="ltr" title={tx.tx_id} data-testid="ledger-tx-id">
            {shortLedgerId(tx.tx_id)}
          </code>
          <CopyButton text={tx.tx_id} label={t('transactions.copyLedgerId')} testId="ledger-copy" />
        </p>
      </details>
    </div>
  );
}
