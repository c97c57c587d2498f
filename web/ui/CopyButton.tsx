import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/i18n';
import { copyText } from './copy-text';
import styles from './CopyButton.module.css';

/** A copy button that says "Copied" (or that it could not) for two seconds, announced to screen readers. */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), 2000);
    return () => window.clearTimeout(timer);
  }, [state]);
  return (
    <button
      type="button"
      className={styles.copy}
      aria-label={label}
      data-testid={testId}
      onClick={() => void copyText(text).then((ok) => setState(ok ? 'copied' : 'failed'))}
    >
      <span aria-live="polite">
        {state === 'copied'
          ? t('contacts.detail.copied')
          : state === 'failed'
            ? t('contacts.detail.copyFailed')
            : t('contacts.detail.copy')}
      </span>
    </button>
  );
}
