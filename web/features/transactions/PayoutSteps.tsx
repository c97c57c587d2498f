import styles from './Delivery.module.css';

/** A step's state: passed, where the payout is now, still to come, or the return that ended it. */
export type PayoutStepState = 'done' | 'current' | 'todo' | 'returned';

/**
 * Where a payout through a partner is (a bank deposit, a mobile wallet payout), as one ordered list of steps: the
 * current one is announced as such to screen readers; each method gives its steps and their words.
 */
export function PayoutSteps<Step extends string>({
  steps,
  label,
  testId,
}: {
  steps: { step: Step; state: PayoutStepState }[];
  label: (step: Step) => string;
  testId: string;
}) {
  return (
    <ol className={styles.steps} data-testid={testId}>
      {steps.map(({ step, state }) => (
        <li
          key={step}
          className={styles.step}
          data-step={step}
          data-state={state}
          {...(state === 'current' && { 'aria-current': 'step' as const })}
        >
          {label(step)}
        </li>
      ))}
    </ol>
  );
}
