import type { Language } from './languages.ts';

/** The service's name, as every message we send opens with it (an SMS or a mail subject that names no sender). */
export const SERVICE_NAME = 'Sila';
/** Its name in Arabic script, as the Arabic screens write it (the catalogue's app.name): صلة. */
export const SERVICE_NAME_AR = 'صلة';

/**
 * A message opened by the service's name: 'Sila : …' in French (its space before a colon), 'Sila: …' elsewhere,
 * 'صلة: …' in Arabic, whose first letter then stays Arabic (a phone takes a message's direction from it).
 */
export function signed(language: Language, text: string): string {
  if (language === 'ar') return `${SERVICE_NAME_AR}: ${text}`;
  return `${SERVICE_NAME}${language === 'fr' ? ' :' : ':'} ${text}`;
}

/** Whether a message opens with the service's name. */
export const isSigned = (text: string): boolean =>
  text.startsWith(`${SERVICE_NAME} `) || text.startsWith(`${SERVICE_NAME}:`) || text.startsWith(`${SERVICE_NAME_AR}:`);
