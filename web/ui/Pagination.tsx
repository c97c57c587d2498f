import { useTranslation } from '../i18n/i18n';
import { totalPages } from '../../common/api/page-count';
import styles from './Pagination.module.css';

interface Props {
  page: number;
  count: number;
  pageSize: number;
  onPage: (page: number) => void;
}

/**
 * 'page x / total', total being the ceiling of count over page size. Shown only when there
 * is more than one page: 'page 1 / 1' under a short list says nothing.
 */
export function Pagination({ page, count, pageSize, onPage }: Props) {
  const { t } = useTranslation();
  const total = totalPages(count, pageSize);
  if (total <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label={t('pagination.label')} data-testid="pagination">
      <button
        type="button"
        className={styles.button}
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
        aria-label={t('pagination.previous')}
        data-testid="page-previous"
      >
        <span aria-hidden="true" className={styles.arrow}>
          ‹
        </span>
      </button>
      <span className={styles.status} aria-live="polite" data-testid="page-status">
        {t('pagination.status', { page, total })}
      </span>
      <button
        type="button"
        className={styles.button}
        onClick={() => onPage(page + 1)}
        disabled={page >= total}
        aria-label={t('pagination.next')}
        data-testid="page-next"
      >
        <span aria-hidden="true" className={styles.arrow}>
          ›
        </span>
      </button>
    </nav>
  );
}
