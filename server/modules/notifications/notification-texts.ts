import { nameIn } from '../../../common/i18n/bidi-isolate.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../../common/i18n/languages.ts';
import type { NotificationKind } from '../../../common/api/notifications.ts';
import type { NotificationTemplates, NotificationTexts } from './notification-params.ts';
import { ar, en, fr } from './notification-texts-fr-en-ar.ts';
import { de, es, it, nl } from './notification-texts-es-it-nl-de.ts';

/**
 * The title and body of each notification kind in every language (common/i18n/languages.ts), rendered when read
 * (in the reader's language of the moment) and when the e-mail or SMS is sent. Plain text. Each kind names the
 * parameters it needs (notification-params.ts), so notify() refuses at compile time a kind called with the wrong
 * ones.
 */

const templates: Record<Language, NotificationTemplates> = { fr, en, ar, es, it, nl, de };

const unknownKind: Record<Language, NotificationTexts> = {
  fr: { title: 'Notification', body: '' },
  en: { title: 'Notification', body: '' },
  ar: { title: 'إشعار', body: '' },
  es: { title: 'Notificación', body: '' },
  it: { title: 'Notifica', body: '' },
  nl: { title: 'Melding', body: '' },
  de: { title: 'Benachrichtigung', body: '' },
};

/**
 * A stored notification as text in `language`. The parameters come from the database (JSON): a kind no longer
 * known, or parameters missing a field, still render (a generic title; an empty name) rather than fail a list.
 * The name (a person's or an agency's, as typed) goes in isolated in a right-to-left language (nameIn).
 */
export function renderNotification(language: Language, kind: string, params: unknown): NotificationTexts {
  const set = templates[language] ?? templates[DEFAULT_LANGUAGE];
  if (!(kind in set)) return unknownKind[language];
  const p = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>;
  const safe = { ...p, name: nameIn(language, typeof p.name === 'string' ? p.name : '') };
  return (set[kind as NotificationKind] as (p: unknown) => NotificationTexts)(safe);
}
