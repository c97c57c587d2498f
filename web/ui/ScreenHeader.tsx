import { useTranslation } from '../i18n/i18n';
import { Link } from 'react-router';
import styles from './ScreenHeader.module.css';
import { useDocumentTitle } from './use-document-title';

interface ScreenHeaderProps {
  title: string;
  /** Where Back leads; no back link when absent. */
  backTo?: string;
  /** Back inside the screen (a step of a form): a button instead of a link, taking precedence over backTo. */
  onBack?: () => void;
}

function BackArrow() {
  return (
    <svg className={styles.arrow} viewBox="0 0 24 24" aria-hidden="true">
      <path d="M15 5l-7 7 7 7" />
    </svg>
  );
}

/** A screen's title with an optional back link; the arrow mirrors in right-to-left, as "back" does. */
export function ScreenHeader({ title, backTo, onBack }: ScreenHeaderProps) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <header className={styles.header}>
      {onBack ? (
        <button type="button" className={styles.back} onClick={onBack} aria-label={t('common.back')} data-testid="back-link">
          <BackArrow />
        </button>
      ) : backTo ? (
        <Link className={styles.back} to={backTo} aria-label={t('common.back')} data-testid="back-link">
          <BackArrow />
        </Link>
      ) : null}
      <h1 className={styles.title}>{title}</h1>
    </header>
  );
}
