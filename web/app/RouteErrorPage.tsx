import { Component } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/i18n';
import styles from './RouteErrorPage.module.css';
import { useDocumentTitle } from '../ui/use-document-title';

/** Last resort for a screen that threw or a chunk that failed to load (often a deploy during a visit). */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  useDocumentTitle(t('app.errorTitle'));
  console.error(error);
  return (
    <main className={styles.page} role="alert">
      <h1 className={styles.title}>{t('app.errorTitle')}</h1>
      <button className={styles.button} type="button" onClick={() => window.location.reload()}>
        {t('app.errorRetry')}
      </button>
    </main>
  );
}

interface BoundaryProps {
  /** The location's key: the next navigation (Back included) renders the app again instead of the error. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: { thrown: unknown } | null;
  resetKey: string;
}

/** Shows RouteErrorPage in place of the app when rendering it threw, until the location changes. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(thrown: unknown): Partial<BoundaryState> {
    return { error: { thrown } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override render() {
    return this.state.error ? <RouteErrorPage error={this.state.error.thrown} /> : this.props.children;
  }
}
