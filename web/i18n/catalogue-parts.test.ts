import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../common/i18n/languages';
import { HOME_KEYS, cataloguePart } from '../../scripts/vite-i18n-core';
import ar from './ar.json';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import it_ from './it.json';
import nl from './nl.json';

const catalogues = { fr, en, ar, es, it: it_, nl, de };

interface Tree {
  [key: string]: string | Tree;
}

/** Every leaf's dotted key, plural forms as they are. */
function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([name, value]) =>
    typeof value === 'string' ? [`${prefix}${name}`] : keys(value, `${prefix}${name}.`),
  );
}

describe('the parts a catalogue loads in (the home screen’s keys, then the rest)', () => {
  it.each(LANGUAGES)('split %s without losing or repeating a key', (language) => {
    const whole = catalogues[language] as Tree;
    const home = keys(cataloguePart(whole, 'home'));
    const rest = keys(cataloguePart(whole, 'rest'));
    expect([...home, ...rest].sort()).toEqual(keys(whole).sort());
    expect(home.filter((key) => rest.includes(key))).toEqual([]);
  });

  it('puts every key HOME_KEYS names in the home part, plural forms included, and nothing else', () => {
    const home = keys(cataloguePart(fr, 'home'));
    for (const wanted of HOME_KEYS) expect(home.some((key) => key === wanted || key.startsWith(wanted))).toBe(true);
    expect(home).toContain('home.todayCount_one');
    expect(home).toContain('home.todayCount_other');
    expect(home).not.toContain('contacts.title');
    expect(home).not.toContain('transactions.filters');
  });
});
