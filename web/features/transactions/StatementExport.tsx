import { useState } from 'react';
import { statementMessages } from '../../../common/api/messages';
import { ApiError } from '../../shared/api/api-error';
import { useTranslation } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import { downloadFile } from '../../shared/files/download';
import { localToday, statementPeriod, type Filters } from '../../shared/transactions/transaction-rules';
import form from '../../ui/Form.module.css';
import { commonErrorText } from '../../ui/server-messages';
import { formatFilterDate } from './TransactionFilters';
import styles from './Transactions.module.css';

function exportErrorText(error: unknown, t: ReturnType<typeof useTranslation>['t'], language: string): string {
  const common = commonErrorText(error, t, language);
  if (common) return common;
  if (error instanceof ApiError) {
    if (error.firstError('end_date') === statementMessages.periodTooLong) return t('statement.periodTooLong');
    if (error.firstError('end_date') === statementMessages.endBeforeStart) return t('statement.endBeforeStart');
    if (error.detail === statementMessages.tooManyRows) return t('statement.tooManyRows');
  }
  return t('statement.failed');
}

/**
 * The statement of the period the date filters choose (the last 365 days when none), as a CSV file the
 * browser saves; the period is said under the button so the file holds no surprise.
 */
export function StatementExport({ filters }: { filters: Pick<Filters, 'startDate' | 'endDate'> }) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const period = statementPeriod(filters, localToday());
  return (
    <div className={styles.statement} data-testid="statement-export">
      <button
        type="button"
        className={form.secondary}
        disabled={busy}
        data-testid="statement-download"
        onClick={() => {
          setBusy(true);
          setError(null);
          const { start_date, end_date, tz } = period;
          downloadFile(
            '/transactions/export/',
            // The file's header and words in the screen's language.
            { start_date, end_date, tz, format: 'csv', lang: i18n.language },
            `statement-${start_date}_${period.last}.csv`,
          )
            .catch((err: unknown) => setError(exportErrorText(err, t, i18n.language)))
            .finally(() => setBusy(false));
        }}
      >
        {t('statement.download')}
      </button>
      <p className={styles.muted} data-testid="statement-period">
        {t('statement.period', {
          start: formatFilterDate(period.start_date, locale),
          end: formatFilterDate(period.last, locale),
        })}
      </p>
      {error ? (
        <p className={form.error} role="alert" data-testid="statement-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
