import type { CaseKind, CaseState } from '../../../common/api/cases';
import { useTranslation } from '../../i18n/i18n';
import { commonErrorText, translateServerMessage } from '../../ui/server-messages';
import type { TFunction } from '../../i18n/i18n';
import { ApiError } from '../../shared/api/api-error';
import styles from './Help.module.css';

export const kindKey = (kind: CaseKind) => `help.kinds.${kind}` as const;

/** The state as the customer reads it: whose turn it is, not the back-office's word. */
export function CaseStateBadge({ state }: { state: CaseState }) {
  const { t } = useTranslation();
  return (
    <span className={styles.state} data-state={state} data-testid="case-state">
      {t(`help.states.${state}`)}
    </span>
  );
}

/** A refused send in the customer's words: the field's own message, else what every screen says, else generic. */
export function caseErrorText(error: unknown, t: TFunction, language: string): string | undefined {
  if (error === null || error === undefined) return undefined;
  const common = commonErrorText(error, t, language);
  if (common !== undefined) return common;
  if (error instanceof ApiError) {
    if (error.status === 413) return t('kyc.errors.tooLarge');
    for (const field of ['kind', 'message', 'transaction', 'file']) {
      const message = error.firstError(field);
      if (message !== undefined) return translateServerMessage(message, t);
    }
    if (error.detail !== undefined) return translateServerMessage(error.detail, t);
  }
  return t('errors.unknown');
}
