import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { NotificationPreferences, UpdateNotificationPreferences } from '../../../common/api/push';
import { useTranslation } from '../../i18n/i18n';
import {
  currentSubscription,
  disablePushHere,
  enablePush,
  PREFERENCES_KEY,
  preferencesQuery,
  pushKeyQuery,
  pushSupported,
  updatePreferences,
} from '../../shared/notifications/push-api';
import form from '../../ui/Form.module.css';
import styles from './ProfileNotifications.module.css';

type Channel = 'email' | 'sms' | 'push';

/**
 * Notification channels: how the user is told (the in-app list always; e-mail, SMS and push as they choose). The
 * choices live on the server, which the delivery worker reads when it sends. Push also needs this browser's
 * permission and subscription: asked for only when the user turns it on here, never on load.
 */
export function ProfileNotifications() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const preferences = useQuery(preferencesQuery());
  const key = useQuery(pushKeyQuery());
  const supported = pushSupported();
  // Whether this browser is subscribed: null while it is being looked at.
  const [here, setHere] = useState<boolean | null>(supported ? null : false);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<Channel | null>(null);

  useEffect(() => {
    if (!supported) return;
    let live = true;
    void currentSubscription()
      .then((subscription) => live && setHere(subscription !== null))
      .catch(() => live && setHere(false));
    return () => {
      live = false;
    };
  }, [supported]);

  const save = useMutation({
    mutationFn: (changes: UpdateNotificationPreferences) => updatePreferences(changes),
    onSuccess: (saved) => client.setQueryData<NotificationPreferences>(PREFERENCES_KEY, saved),
  });

  const prefs = preferences.data;
  const pushAvailable = supported && typeof key.data?.public_key === 'string';

  async function toggle(channel: Channel, on: boolean) {
    setMessage(null);
    setBusy(channel);
    try {
      if (channel === 'push') {
        if (on) {
          const result = await enablePush(key.data?.public_key ?? '');
          if (result !== 'subscribed') {
            setMessage(result === 'denied' ? t('notifySettings.pushDenied') : t('notifySettings.pushFailed'));
            return;
          }
          await save.mutateAsync({ push: true });
          setHere(true);
        } else {
          await save.mutateAsync({ push: false });
          await disablePushHere();
          setHere(false);
        }
      } else {
        await save.mutateAsync({ [channel]: on });
      }
    } catch {
      setMessage(t('notifySettings.saveFailed'));
    } finally {
      setBusy(null);
    }
  }

  const row = (channel: Channel, label: string, checked: boolean, disabled: boolean, hint?: string) => (
    <li className={styles.row}>
      <label className={styles.toggle}>
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled || busy !== null}
          onChange={(event) => void toggle(channel, event.currentTarget.checked)}
          data-testid={`notify-${channel}`}
          aria-describedby={hint ? `notify-${channel}-hint` : undefined}
        />
        <span>{label}</span>
      </label>
      {hint ? (
        <span id={`notify-${channel}-hint`} className={form.hint}>
          {hint}
        </span>
      ) : null}
    </li>
  );

  return (
    <section className={styles.section} aria-labelledby="profile-notifications-title">
      <h2 id="profile-notifications-title" className={styles.heading}>
        {t('notifySettings.title')}
      </h2>
      <p className={form.hint}>{t('notifySettings.intro')}</p>
      {prefs ? (
        <ul className={styles.list} data-testid="notify-settings">
          <li className={styles.row}>
            <label className={styles.toggle}>
              <input type="checkbox" checked disabled aria-describedby="notify-in-app-hint" data-testid="notify-in-app" />
              <span>{t('notifySettings.inApp')}</span>
            </label>
            <span id="notify-in-app-hint" className={form.hint}>
              {t('notifySettings.inAppHint')}
            </span>
          </li>
          {row('email', t('notifySettings.email'), prefs.email, false)}
          {row('sms', t('notifySettings.sms'), prefs.sms, false)}
          {row(
            'push',
            t('notifySettings.push'),
            pushAvailable && prefs.push && here === true,
            !pushAvailable || here === null,
            pushAvailable ? t('notifySettings.pushHint') : t('notifySettings.pushUnsupported'),
          )}
        </ul>
      ) : preferences.isError ? (
        <p className={form.error} role="alert">
          {t('errors.unknown')}
        </p>
      ) : (
        <p className={form.hint}>{t('common.loading')}</p>
      )}
      <p className={form.error} role="status" data-testid="notify-message">
        {message}
      </p>
    </section>
  );
}
