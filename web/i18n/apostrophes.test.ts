import { describe, expect, it } from 'vitest';
import { WRONG_APOSTROPHE } from '../../common/i18n/apostrophe';
import { LANGUAGES, type Language } from '../../common/i18n/languages';
import opsAr from '../features/ops/i18n/ops-ar.json';
import opsDe from '../features/ops/i18n/ops-de.json';
import opsEn from '../features/ops/i18n/ops-en.json';
import opsEs from '../features/ops/i18n/ops-es.json';
import opsFr from '../features/ops/i18n/ops-fr.json';
import opsIt from '../features/ops/i18n/ops-it.json';
import opsNl from '../features/ops/i18n/ops-nl.json';
import ar from './ar.json';
import { leaves, type Tree } from './catalogue-lint';
import de from './de.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import it_ from './it.json';
import nl from './nl.json';

/**
 * One apostrophe in every language: the typographic ’ (U+2019), as most of our strings already wrote it
 * ('l’agence', 'dell’agenzia', 'customer’s'). A typewriter ' next to it in the same screen reads as a slip.
 */
const customer: Record<Language, Tree> = { fr, en, ar, es, it: it_, nl, de };
const ops: Record<Language, Tree> = { fr: opsFr, en: opsEn, ar: opsAr, es: opsEs, it: opsIt, nl: opsNl, de: opsDe };

const wrongIn = (tree: Tree) =>
  leaves(tree)
    .filter(([, text]) => WRONG_APOSTROPHE.test(text))
    .map(([path, text]) => `${path}: ${text}`);

describe('apostrophes in the catalogues', () => {
  for (const language of LANGUAGES) {
    it(`${language}: the customer’s and the back-office’s strings use ’ only`, () => {
      expect(wrongIn(customer[language])).toEqual([]);
      expect(wrongIn(ops[language])).toEqual([]);
    });
  }

  it('the check finds the other kinds', () => {
    expect(wrongIn({ a: "Retour à l'accueil", b: 'l`agence', c: 'dellʼagenzia', d: 'Retour à l’accueil' })).toEqual([
      "a: Retour à l'accueil",
      'b: l`agence',
      'c: dellʼagenzia',
    ]);
  });
});
