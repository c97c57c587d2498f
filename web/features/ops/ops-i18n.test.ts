import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '../../../common/api/audit-actions';
import { opsMessages, opsTransactionKinds, transactionStatuses } from '../../../common/api/messages';
import { LANGUAGES, type Language } from '../../../common/i18n/languages';
import { foreignSentences, missingPluralForms, placeholderMismatches, untranslated } from '../../i18n/catalogue-lint';
import { accountKinds, entryKinds } from './ledger-kinds';
import ar from './i18n/ops-ar.json';
import de from './i18n/ops-de.json';
import en from './i18n/ops-en.json';
import es from './i18n/ops-es.json';
import fr from './i18n/ops-fr.json';
import it_ from './i18n/ops-it.json';
import nl from './i18n/ops-nl.json';

type Tree = { [key: string]: string | Tree };

/** Every key of a catalogue, plural forms folded under their base key. */
function keys(tree: Tree, prefix = ''): Set<string> {
  const out = new Set<string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`;
    if (typeof value === 'string') out.add(path);
    else for (const k of keys(value, `${path}.`)) out.add(k);
  }
  return out;
}

function values(tree: Tree): string[] {
  return Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : values(v)));
}

describe('the back-office catalogues (seven languages)', () => {
  const french = keys(fr);

  const catalogues: Record<Language, Tree> = { fr, en, ar, es, it: it_, nl, de };
  /** Keys whose word is really the same as the English or French one in that language. */
  const sameWords: Partial<Record<Language, string[]>> = {
    es: ['title', 'role.auditor', 'roles.AUDITOR', 'status.available'],
    it: ['title', 'customers.email', 'reviews.kyc.selfie', 'rates.unit', 'agencies.email'],
    nl: [
      'role.auditor',
      'nav.dashboard',
      'roles.AUDITOR',
      'customers.email',
      'customer.account',
      'transactions.status',
      'transaction.credit',
      'transaction.platform',
      'reviews.kyc.selfie',
      'reviews.details',
      'rates.unit',
      'rates.margin',
      'agencies.active',
      'agencies.email',
    ],
    de: [
      'customers.name',
      'transactions.status',
      'audit.system',
      'reviews.kyc.selfie',
      'reviews.details',
      'agencies.optional',
      'agencies.name',
      'tellers.name',
    ],
  };

  it.each(LANGUAGES.filter((l) => l !== 'fr').map((l) => [l, catalogues[l]] as const))(
    '%s has exactly the keys of French, each string non-empty',
    (_, catalogue) => {
      expect([...keys(catalogue)].sort()).toEqual([...french].sort());
      expect(values(catalogue).filter((v) => v.trim() === '')).toEqual([]);
    },
  );

  it('names every status, kind and role the API sends, and translates every ops message', () => {
    for (const status of [...transactionStatuses, 'approved', 'rejected']) expect(french).toContain(`status.${status}`);
    for (const kind of opsTransactionKinds) expect(french).toContain(`kinds.${kind}`);
    for (const role of ['customer', 'BANKER', 'OPERATOR', 'AUDITOR']) expect(french).toContain(`roles.${role}`);
    // The ledger's account and entry kinds the dashboard and a transaction's postings name (ledger-kinds.tsx).
    for (const kind of accountKinds) expect(french).toContain(`accountKinds.${kind}`);
    for (const kind of entryKinds) expect(french).toContain(`entryKinds.${kind}`);
    // Each server message but the frozen one (the shared catalogue words it) has its own key.
    const named = Object.keys(opsMessages).filter((k) => k !== 'accountFrozen');
    for (const name of named) expect(french).toContain(`errors.${name}`);
  });

  it('has words for every action the audit trail records and every kind of target it names', () => {
    // A new action code without its words fails here (the server records only codes of AUDIT_ACTIONS).
    const missing = AUDIT_ACTIONS.map((code) => `auditActions.${code.replace(/\./g, '_')}`).filter(
      (key) => !french.has(key),
    );
    expect(missing).toEqual([]);
    expect(AUDIT_TARGET_TYPES.map((kind) => `audit.targets.${kind}`).filter((key) => !french.has(key))).toEqual([]);
    // And no words for an action that no longer exists.
    const known = new Set(AUDIT_ACTIONS.map((code) => `auditActions.${code.replace(/\./g, '_')}`));
    expect([...french].filter((key) => key.startsWith('auditActions.') && !known.has(key))).toEqual([]);
  });

  it('keeps the placeholders of each French string in its translations', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    const lookup = (tree: Tree, path: string): string | undefined => {
      const node = path
        .split('.')
        .reduce<string | Tree | undefined>((n, p) => (typeof n === 'object' ? n[p] : undefined), tree);
      return typeof node === 'string' ? node : undefined;
    };
    const walk = (tree: Tree, prefix = ''): [string, string][] =>
      Object.entries(tree).flatMap(([k, v]) =>
        typeof v === 'string' ? [[`${prefix}${k}`, v]] : walk(v, `${prefix}${k}.`),
      );
    for (const [path, text] of walk(fr)) {
      if (/_(one|other)$/.test(path)) continue;
      for (const other of [en, ar]) expect(placeholders(lookup(other, path) ?? ''), path).toEqual(placeholders(text));
    }
  });

  it.each(LANGUAGES)(
    '%s: plural forms of its language, French placeholders, nothing left in another language',
    (language) => {
      const catalogue = catalogues[language];
      expect(missingPluralForms(catalogue, language)).toEqual([]);
      expect(placeholderMismatches(fr, catalogue)).toEqual([]);
      expect(foreignSentences(catalogue, language)).toEqual([]);
      if (language !== 'fr' && language !== 'en')
        expect(untranslated(catalogue, [en, fr], sameWords[language])).toEqual([]);
    },
  );
});
