import { useEffect } from 'react';
import { useTranslation } from '../i18n/i18n';

/**
 * WCAG 2.4.2 (page titled): each screen names itself in the window title, in the current language ("Mes
 * transactions · Sila"). A screen reader reads it after a navigation, and the tab and history
 * entries tell the screens apart; index.html's single English title said the same on every screen.
 */
export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation();
  const appName = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
