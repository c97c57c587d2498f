import { useEffect, useRef, type ReactNode } from 'react';
import styles from './SuccessState.module.css';

interface SuccessStateProps {
  title: string;
  /** What happened, in a line or a summary list. */
  children?: ReactNode;
  /** What to do next: the buttons or links under the message. */
  actions: ReactNode;
  testId?: string;
  /**
   * Nothing has gone through yet (a transfer held for a compliance review): a neutral clock instead of
   * the green check, so the screen does not read as a success.
   */
  pending?: boolean;
}

/**
 * The answer to a money action that went through (a send, a withdrawal, a payout, a subscription change):
 * what happened and what comes next, instead of silently going home. The title takes the focus, so a screen
 * reader says it at once.
 */
export function SuccessState({ title, children, actions, testId = 'success', pending = false }: SuccessStateProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.success} data-testid={testId} aria-live="polite">
      {pending ? (
        <svg className={styles.pending} viewBox="0 0 48 48" aria-hidden="true" data-testid={`${testId}-pending`}>
          <circle cx="24" cy="24" r="21" />
          <path d="M24 13v11l7 5" />
        </svg>
      ) : (
        <svg className={styles.check} viewBox="0 0 48 48" aria-hidden="true" data-testid={`${testId}-check`}>
          <circle cx="24" cy="24" r="22" />
          <path d="M14 25l7 7 13-15" />
        </svg>
      )}
      <h2 className={styles.title} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {children}
      <div className={styles.actions}>{actions}</div>
    </section>
  );
}
