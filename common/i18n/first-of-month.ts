/**
 * French writes the first day of a month as an ordinal: « le 1er décembre », « 1er nov. », never « le 1 décembre »
 * (Intl writes the bare number). A date format in French with the day and a month in letters is given back with
 * that day written '1er'; any other format, language or day is the one it was given.
 */
export function withFirstOfMonth(format: Intl.DateTimeFormat): Intl.DateTimeFormat {
  const options = format.resolvedOptions();
  const monthInLetters =
    (options.day !== undefined && ['long', 'short', 'narrow'].includes(options.month ?? '')) ||
    ['full', 'long', 'medium'].includes(options.dateStyle ?? '');
  if (!options.locale.startsWith('fr') || !monthInLetters) return format;
  const formatToParts = (date?: Date | number) =>
    format
      .formatToParts(date)
      .map((part) => (part.type === 'day' && /^0?1$/.test(part.value) ? { ...part, value: '1er' } : part));
  const french: Pick<Intl.DateTimeFormat, 'format' | 'formatToParts' | 'resolvedOptions'> = {
    format: (date?: Date | number) =>
      formatToParts(date)
        .map((part) => part.value)
        .join(''),
    formatToParts,
    resolvedOptions: () => format.resolvedOptions(),
  };
  return {
    ...french,
    formatRange: format.formatRange.bind(format),
    formatRangeToParts: format.formatRangeToParts.bind(format),
  };
}

/** `new Intl.DateTimeFormat(locale, options)`, French's first of the month included. */
export const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  withFirstOfMonth(new Intl.DateTimeFormat(locale, options));
