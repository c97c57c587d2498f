import type { Schedule } from '../../../common/api/schedules';
import { useTranslation } from '../../i18n/i18n';
import styles from './Schedules.module.css';

/** Active, paused, ended (its last date passed) or cancelled: in words, with a mark that is not only a colour. */
export function ScheduleState({ state }: { state: Schedule['state'] }) {
  const { t } = useTranslation();
  return (
    <span className={styles.state} data-state={state} data-testid="schedule-state">
      {t(`schedules.state.${state}`)}
    </span>
  );
}
