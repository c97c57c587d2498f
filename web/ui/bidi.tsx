import type { ReactNode } from 'react';
import type { TFunction, TranslationKey, TranslationValues } from '../i18n/i18n';

/**
 * Values put inside a translated sentence (a Latin name in an Arabic line, an amount, a phone number, an address)
 * are isolated: each takes its direction from its own first strong character and cannot reorder
 * the sentence around it ('Boulevard Mohammed V, 20250' stays as written in Arabic).
 */

// Private-use marks that stand for the values while the catalogue's sentence is interpolated.
const MARK = /\uE000(\d+)\uE001/;

/**
 * `t(key, values)` with each value in its own <bdi>: the element form, so the text itself carries no invisible
 * characters (copy, search and tests see the words). `count` still chooses the plural form. One <span> holds the
 * sentence, so a flex container (a link, a button) lays it out as one piece of text, not a row of fragments.
 */
export function tIsolated(
  t: TFunction,
  key: TranslationKey,
  values: TranslationValues,
  /** Values always read left to right whatever their characters (a phone number: '+33 (0)6 ...' has no letter). */
  ltr: readonly string[] = [],
): ReactNode {
  const names = Object.keys(values);
  const marked: TranslationValues = {};
  names.forEach((name, i) => {
    const value = values[name];
    marked[name] = name === 'count' && typeof value === 'number' ? value : `\uE000${i}\uE001`;
  });
  const parts = t(key, marked)
    .split(MARK)
    .map((part, i) => {
      if (i % 2 === 0) return part;
      const name = names[Number(part)];
      return (
        <bdi key={i} {...(name !== undefined && ltr.includes(name) && { dir: 'ltr' })}>
          {name === undefined ? '' : String(values[name])}
        </bdi>
      );
    });
  return <span>{parts}</span>;
}
