import { useTranslation } from '../../i18n/i18n';
import { explorerTxUrl } from '../../../common/api/chain-links';
import type { Transaction } from '../../../common/api/transactions';
import { useChainInfo } from '../../shared/chain/use-chain-info';
import styles from './Transactions.module.css';

/** Only what is final is anchored; the rest (waiting, cancelled, expired) never gets a tx_id. */
export const isAnchored = (tx: Transaction) => ['completed', 'claimed', 'validated'].includes(tx.status);

/** The public-ledger id with its explorer link (new tab), or "pending" while the anchor is on its way. */
export function LedgerLine({ tx }: { tx: Transaction }) {
  const { t } = useTranslation();
  const chain = useChainInfo().data;
  if (!tx.tx_id) {
    return isAnchored(tx) ? (
      <p className={styles.inline} data-testid="ledger-pending">
        {t('transactions.ledgerId')} : <span aria-label={t('chain.pendingLabel')}>{t('chain.pending')}</span>
      </p>
    ) : null;
  }
  return (
    <p className={styles.inline}>
      {t('transactions.ledgerId')} : <code className={styles.hash} dir="ltr" data-testid="ledger-tx-id">
        {tx.tx_id}
      </code>
      {chain ? (
        <a href={explorerTxUrl(chain, tx.tx_id)} target="_blank" rel="noopener noreferrer" data-testid="ledger-link">
          {t('transactions.view')}
        </a>
      ) : null}
    </p>
  );
}
