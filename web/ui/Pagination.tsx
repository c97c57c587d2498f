import { useTranslation } from 'react-i18next';
import { totalPages } from '../../common/api/page-count';
import styles from './Pagination.module.css';

interface Props {
  page: number;
  count: number;
  pageSize: number;
  onPage: (page: number) => void;
}

/**
 * SPEC.md section 9: 'page x / total', total being the ceiling of count over page size; Previous and Next only
 * when there is more than one page.
 */
export function Pagination({ page, count, pageSize, onPage }: Props) {
  const { t } = useTranslation();
  const total = totalPages(count, pageSize);
  return (
    <nav className={styles.pagination} aria-label={t('pagination.label')} data-testid="pagination">
      {total > 1 ? (
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
      ) : null}
      <span className={styles.status} aria-live="polite" data-testid="page-status">
        {t('pagination.status', { page, total })}
      </span>
      {total > 1 ? (
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
      ) : null}
    </nav>
  );
}
