import { numberFormat } from '../../ui/intl-format';

/**
 * A distance is rounded to whole km above 10, and shown with one decimal otherwise, in the
 * reader's locale (1,5 km in French).
 */
export function formatDistance(km: number, locale: string): string {
  const above10 = km > 10;
  return numberFormat(locale, {
    maximumFractionDigits: above10 ? 0 : 1,
    minimumFractionDigits: above10 ? 0 : 1,
  }).format(above10 ? Math.round(km) : km);
}
