import { numberFormat } from './intl-format';

/**
 * A rate, a card fee or a percentage as the reader's language writes numbers ("10,85" in French and Arabic,
 * "10.85" in English), from the API's exact decimal text: at least two decimals, trailing zeros past them
 * dropped ("10.8500" -> "10,85", "0.0160" -> "0,016"), no grouping, so the text can go back into the form.
 * Text that is not a decimal is shown as it came. Shared by the back-office rates and the customer's rate alerts.
 */
export function rateText(rate: string | undefined, locale: string): string {
  if (rate === undefined) return '?';
  if (!/^-?\d+(\.\d+)?$/.test(rate)) return rate;
  return numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 6, useGrouping: false }).format(
    rate as `${number}`,
  );
}

/** A rate as typed in the form: either decimal mark (the language's comma or a point), spaces ignored. */
export const rateFromInput = (text: string) => text.trim().replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
