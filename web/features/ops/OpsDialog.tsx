import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { ApiError } from '../../shared/api/api-error';
import styles from './Ops.module.css';
import { opsErrorText, opsMessageText, useOps } from './OpsParts';
import { useStaff } from './staff';

/**
 * The back-office's one dialog: a modal form (Escape closes it) with a title, the caller's fields, a line for the
 * failure that no field claims, and the confirm and cancel buttons. Every action dialog and the agency form are
 * this frame with their own fields.
 */
export function DialogFrame({
  testId,
  title,
  onClose,
  onSubmit,
  error,
  errorId,
  errorTestId,
  confirmLabel,
  confirmTestId,
  danger = false,
  pending,
  ready = true,
  noValidate = false,
  children,
}: {
  testId: string;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  /** The failure in words, shown in the alert line under the fields ('' when there is none). */
  error: string;
  errorId?: string;
  errorTestId: string;
  confirmLabel: string;
  confirmTestId: string;
  danger?: boolean;
  pending: boolean;
  /** False while the form is incomplete: the confirm button waits. */
  ready?: boolean;
  noValidate?: boolean;
  children: ReactNode;
}) {
  const { ot } = useOps();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) onSubmit();
  };
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={onClose}
      data-testid={testId}
    >
      <form className={styles.dialogForm} onSubmit={submit} noValidate={noValidate}>
        <h2 id={titleId} className={styles.subtitle}>
          {title}
        </h2>
        {children}
        <p id={errorId} className={styles.error} role="alert" data-testid={errorTestId}>
          {error}
        </p>
        <div className={styles.actions}>
          <button
            type="submit"
            className={danger ? styles.danger : styles.primary}
            disabled={pending || !ready}
            data-testid={confirmTestId}
          >
            {pending ? ot('common.working') : confirmLabel}
          </button>
          <button type="button" className={styles.button} onClick={() => ref.current?.close()}>
            {ot('common.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

export interface ActionInput {
  reason: string;
  security_code: string;
}

/** The field-level messages of a dialog's last answer, for the fields its children render (DialogField). */
const DialogFieldErrors = createContext<Record<string, string[]>>({});

/**
 * One of a dialog's own fields (an e-mail, an agency) with the server's message for it under it, outlined and
 * marked aria-invalid: the input is rendered by `children` with the attributes to spread on it.
 */
export function DialogField({
  name,
  label,
  htmlFor,
  children,
}: {
  name: string;
  label: ReactNode;
  htmlFor: string;
  children: (a11y: { 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const { t, ot } = useOps();
  const errorId = useId();
  const message = useContext(DialogFieldErrors)[name]?.[0];
  return (
    <label className={styles.field} htmlFor={htmlFor}>
      {label}
      {children(message ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
      {message ? (
        <span id={errorId} className={styles.fieldError} data-testid={`field-error-${name}`}>
          {opsMessageText(message, t, ot)}
        </span>
      ) : null}
    </label>
  );
}

/** The error left for the dialog's own line once the fields its children show have taken theirs. */
function unclaimedError(error: unknown, fields: readonly string[]): unknown {
  if (!(error instanceof ApiError)) return error;
  const claimed = Object.keys(error.fieldErrors).filter((field) => fields.includes(field));
  if (claimed.length === 0) return error;
  const rest = Object.fromEntries(Object.entries(error.fieldErrors).filter(([field]) => !claimed.includes(field)));
  if (error.detail === undefined && Object.keys(rest).length === 0) return null;
  return new ApiError({
    status: error.status,
    fieldErrors: rest,
    ...(error.detail === undefined ? {} : { detail: error.detail }),
    ...(error.retryAfter === undefined ? {} : { retryAfter: error.retryAfter }),
    ...(error.attemptsRemaining === undefined ? {} : { attemptsRemaining: error.attemptsRemaining }),
    ...(error.lockedUntil === undefined ? {} : { lockedUntil: error.lockedUntil }),
  });
}

/**
 * Every action that moves money or changes access: a reason for the audit line and the operator's security code
 * again, in the dialog frame (the focus starts on the reason). The dialog stays open on a failure and says why;
 * on success it closes and the caller shows the outcome.
 */
export function ActionDialog({
  title,
  description,
  confirmLabel,
  danger = false,
  onClose,
  action,
  onDone,
  testId,
  children,
  fields = [],
  ready = true,
  codeHint,
}: {
  title: string;
  /** Why this action asks for the security code again, when the general wording (access or money) is not it. */
  codeHint?: string;
  /** The names of the fields `children` render with DialogField: their messages go under them, not below. */
  fields?: readonly string[];
  description?: ReactNode;
  /** The action's own fields (an e-mail, an agency), above the reason. */
  children?: ReactNode;
  /** False while those fields are incomplete: the confirm button waits. */
  ready?: boolean;
  confirmLabel: string;
  danger?: boolean;
  onClose: () => void;
  action: (input: ActionInput) => Promise<unknown>;
  onDone: (result: unknown) => void;
  testId: string;
}) {
  const { t, ot, language } = useOps();
  const reasonId = useId();
  const codeId = useId();
  const errorId = useId();
  const [reason, setReason] = useState('');
  const [code, setCode] = useState('');
  const mutation = useMutation({ mutationFn: action, onSuccess: onDone });

  const remaining = unclaimedError(mutation.error, fields);
  const codeWrong = mutation.error instanceof ApiError && mutation.error.fieldErrors.security_code !== undefined;
  const reasonWrong = mutation.error instanceof ApiError && mutation.error.fieldErrors.reason !== undefined;
  const localError = reason.trim().length > 0 && reason.trim().length < 3 ? ot('errors.reasonRequired') : undefined;
  return (
    <DialogFrame
      testId={testId}
      title={title}
      onClose={onClose}
      onSubmit={() => mutation.mutate({ reason: reason.trim(), security_code: code })}
      error={localError ?? (remaining ? opsErrorText(remaining, t, ot, language) : '')}
      errorId={errorId}
      errorTestId="action-error"
      confirmLabel={confirmLabel}
      confirmTestId="action-confirm"
      danger={danger}
      pending={mutation.isPending}
      ready={ready && reason.trim().length >= 3 && code.length === 6}
    >
      {description ? <div>{description}</div> : null}
      <DialogFieldErrors.Provider value={mutation.error instanceof ApiError ? mutation.error.fieldErrors : {}}>
        {children}
      </DialogFieldErrors.Provider>
      <label className={styles.field} htmlFor={reasonId}>
        {ot('action.reason')}
        <textarea
          id={reasonId}
          className={styles.input}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          minLength={3}
          maxLength={1000}
          aria-invalid={reasonWrong || undefined}
          aria-describedby={reasonWrong ? errorId : undefined}
          // With fields of its own, the dialog starts on the first of them (showModal focuses it).
          autoFocus={children === undefined}
          data-testid="action-reason"
        />
      </label>
      <label className={styles.field} htmlFor={codeId}>
        {ot('action.securityCode')}
        <input
          id={codeId}
          className={styles.input}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          pattern="\d{6}"
          maxLength={6}
          required
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          aria-describedby={errorId}
          aria-invalid={codeWrong || undefined}
          data-testid="action-code"
        />
      </label>
      <p className={styles.muted}>{codeHint ?? ot('action.securityCodeHint')}</p>
    </DialogFrame>
  );
}

/**
 * A screen's dialogs: which one is open (`O` says which, and for whom), and the line saying what the last action
 * did. Opening one clears that line; `finish` sets it, closes the dialog and refetches the back-office's data.
 */
export function useOpsDialog<O>(onStart?: () => void) {
  const client = useQueryClient();
  const [open, setOpen] = useState<O | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return {
    open,
    done,
    start: (next: O) => {
      setDone(null);
      onStart?.();
      setOpen(next);
    },
    close: () => setOpen(null),
    finish: (message: string) => {
      setDone(message);
      setOpen(null);
      void client.invalidateQueries({ queryKey: ['ops'] });
    },
  };
}

/** The line saying what the last action did. */
export function DoneNote({ done, testId }: { done: string | null; testId: string }) {
  return done ? (
    <p className={styles.success} role="status" data-testid={testId}>
      {done}
    </p>
  ) : null;
}

/**
 * The decision cell of a four-eyes request or a review: once decided, when and why; else the approve and reject
 * buttons, or why this operator has none (an auditor, or the one who asked: the server refuses them anyway).
 */
export function DecisionCell({
  decided,
  refusal,
  refusalTestId,
  onDecide,
  testIdPrefix,
}: {
  decided: ReactNode | null;
  refusal: string | null;
  refusalTestId?: string;
  onDecide: (decision: 'approve' | 'reject') => void;
  testIdPrefix: string;
}) {
  const { ot } = useOps();
  const { canWrite } = useStaff();
  if (decided !== null) return <>{decided}</>;
  if (!canWrite) return <span className={styles.muted}>{ot('approvals.readOnly')}</span>;
  if (refusal !== null)
    return (
      <span className={styles.muted} data-testid={refusalTestId}>
        {refusal}
      </span>
    );
  return (
    <span className={styles.actions}>
      {(['approve', 'reject'] as const).map((decision) => (
        <button
          key={decision}
          type="button"
          className={decision === 'approve' ? styles.primary : styles.button}
          onClick={() => onDecide(decision)}
          data-testid={`${testIdPrefix}-${decision}`}
        >
          {ot(decision === 'approve' ? 'approvals.approve' : 'approvals.reject')}
        </button>
      ))}
    </span>
  );
}

/** The button above a list that opens its "add" dialog, for an operator only (an auditor reads). */
export function AddButton({ label, onClick, testId }: { label: string; onClick: () => void; testId: string }) {
  const { canWrite } = useStaff();
  return canWrite ? (
    <div className={styles.actions}>
      <button type="button" className={styles.primary} onClick={onClick} data-testid={testId}>
        {label}
      </button>
    </div>
  ) : null;
}
