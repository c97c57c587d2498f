import type { ChainAdapter } from '../../adapters/chain/chain-adapter.ts';
import { dateFormat } from '../../../common/i18n/first-of-month.ts';
import type { Language } from '../../../common/i18n/languages.ts';
import { languageSwitcher, pageLocales } from '../../http/page-language.ts';
import { formatMinor, type TreeRow } from '../liabilities/liabilities-admin.service.ts';
import { escape, layout } from './explorer-page.ts';
import { explorerText } from './explorer-text.ts';

/**
 * `/explorer/liabilities/`: the public history of the proof-of-liabilities snapshots (ADR 012): time, currency,
 * number of accounts, total owed, root and its public record. Nothing about any customer. In the app's languages
 * (`?lang=fr|en|ar|es|it|nl|de`, else the browser's), since customers reach it from their proof screen.
 */
export type PageLanguage = Language;

const text = {
  en: {
    title: 'Proof of liabilities',
    intro:
      'Every day we publish on the public ledger the total we owe our customers. Each customer can check in the app (Profile, “Is my money safe?”) that their balance is included in it.',
    time: 'Snapshot (UTC)',
    accounts: 'Customer accounts',
    total: 'Total owed',
    root: 'Root (SHA-256)',
    record: 'Public record',
    pending: 'being published',
    view: 'view the record',
    none: 'No snapshot published yet.',
    spec: 'How to verify: ADR 012 (docs/decisions/012-proof-of-liabilities.md).',
  },
  fr: {
    title: 'Preuve des engagements',
    intro:
      'Chaque jour, nous publions sur le registre public le total que nous devons à nos clients. Chaque client peut vérifier dans l’application (Profil, « Mon argent est-il en sécurité ? ») que son solde y est inclus.',
    time: 'Relevé (UTC)',
    accounts: 'Comptes clients',
    total: 'Total dû',
    root: 'Racine (SHA-256)',
    record: 'Enregistrement public',
    pending: 'en cours de publication',
    view: 'voir l’enregistrement',
    none: 'Aucun relevé publié pour l’instant.',
    spec: 'Comment vérifier : ADR 012 (docs/decisions/012-proof-of-liabilities.md).',
  },
  ar: {
    title: 'إثبات الالتزامات',
    intro:
      'ننشر كل يوم في السجل العام المبلغ الإجمالي الذي ندين به لعملائنا. يمكن لكل عميل أن يتحقق في التطبيق (الملف الشخصي، «هل أموالي في أمان؟») من أن رصيده مدرج فيه.',
    time: 'اللقطة (UTC)',
    accounts: 'حسابات العملاء',
    total: 'المبلغ المستحق',
    root: 'الجذر (SHA-256)',
    record: 'السجل العام',
    pending: 'قيد النشر',
    view: 'عرض السجل',
    none: 'لم تُنشر أي لقطة بعد.',
    spec: 'طريقة التحقق: ADR 012 (docs/decisions/012-proof-of-liabilities.md).',
  },
  es: {
    title: 'Prueba de pasivos',
    intro:
      'Cada día publicamos en el registro público el total que debemos a nuestros clientes. Cada cliente puede comprobar en la app (Perfil, «¿Está seguro mi dinero?») que su saldo está incluido.',
    time: 'Corte (UTC)',
    accounts: 'Cuentas de clientes',
    total: 'Total adeudado',
    root: 'Raíz (SHA-256)',
    record: 'Registro público',
    pending: 'publicándose',
    view: 'ver el registro',
    none: 'Todavía no se ha publicado ningún corte.',
    spec: 'Cómo comprobarlo: ADR 012 (docs/decisions/012-proof-of-liabilities.md).',
  },
  it: {
    title: 'Prova delle passività',
    intro:
      'Ogni giorno pubblichiamo sul registro pubblico il totale che dobbiamo ai nostri clienti. Ogni cliente può verificare nell’app (Profilo, «I miei soldi sono al sicuro?») che il proprio saldo è incluso.',
    time: 'Rilevazione (UTC)',
    accounts: 'Conti clienti',
    total: 'Totale dovuto',
    root: 'Radice (SHA-256)',
    record: 'Registrazione pubblica',
    pending: 'in pubblicazione',
    view: 'vedi la registrazione',
    none: 'Nessuna rilevazione ancora pubblicata.',
    spec: 'Come verificare: ADR 012 (docs/decisions/012-proof-of-liabilities.md).',
  },
  nl: {
    title: 'Bewijs van verplichtingen',
    intro:
      'Elke dag publiceren we in het openbare register het totaal dat we onze klanten verschuldigd zijn. Elke klant kan in de app (Profiel, ‘Is mijn geld veilig?’) controleren dat zijn saldo daarin is opgenomen.',
    time: 'Momentopname (UTC)',
    accounts: 'Klantrekeningen',
    total: 'Totaal verschuldigd',
    root: 'Wortel (SHA-256)',
    record: 'Openbare registratie',
    pending: 'wordt gepubliceerd',
    view: 'registratie bekijken',
    none: 'Nog geen momentopname gepubliceerd.',
    spec: 'Zo controleer je het: ADR 012 (docs/decisions/012-proof-of-liabilities.md).',
  },
  de: {
    title: 'Nachweis der Verbindlichkeiten',
    intro:
      'Jeden Tag veröffentlichen wir im öffentlichen Register die Summe, die wir unseren Kunden schulden. Jeder Kunde kann in der App (Profil, „Ist mein Geld sicher?“) prüfen, dass sein Guthaben darin enthalten ist.',
    time: 'Stichtag (UTC)',
    accounts: 'Kundenkonten',
    total: 'Geschuldeter Gesamtbetrag',
    root: 'Wurzel (SHA-256)',
    record: 'Öffentlicher Eintrag',
    pending: 'wird veröffentlicht',
    view: 'Eintrag ansehen',
    none: 'Noch kein Stichtag veröffentlicht.',
    spec: 'So prüfen Sie es: ADR 012 (docs/decisions/012-proof-of-liabilities.md).',
  },
} as const satisfies Record<PageLanguage, Record<string, string>>;

export function liabilitiesPage(
  trees: readonly TreeRow[],
  chain: Pick<ChainAdapter, 'explorer'>,
  lang: PageLanguage,
): string {
  const t = text[lang];
  const locale = pageLocales[lang];
  const when = dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  const amount = (tree: TreeRow) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: tree.currency, currencyDisplay: 'code' }).format(
      formatMinor(tree.currency, BigInt(tree.total)) as `${number}`,
    );
  const record = (tree: TreeRow) =>
    tree.anchor_tx_id === null
      ? `<span class="muted">${escape(t.pending)}</span>`
      : `<a href="${escape(chain.explorer.tx.replace('{id}', encodeURIComponent(tree.anchor_tx_id)))}">${escape(t.view)}</a>`;
  const items = trees
    .map(
      (tree) => `<li class="snapshot" data-root="${escape(tree.root)}">
<dl>
<dt>${escape(t.time)}</dt><dd><bdi>${escape(when.format(tree.taken_at))}</bdi></dd>
<dt>${escape(t.total)}</dt><dd><bdi class="amount">${escape(amount(tree))}</bdi></dd>
<dt>${escape(t.accounts)}</dt><dd><bdi>${escape(new Intl.NumberFormat(locale).format(tree.leaf_count))}</bdi></dd>
<dt>${escape(t.root)}</dt><dd><code dir="ltr">${escape(tree.root)}</code></dd>
<dt>${escape(t.record)}</dt><dd>${record(tree)}</dd>
</dl>
</li>`,
    )
    .join('\n');
  return layout(
    t.title,
    `<p class="languages">${languageSwitcher(lang)}</p>
<h1>${escape(t.title)}</h1>
<p>${escape(t.intro)}</p>
${trees.length === 0 ? `<p class="muted">${escape(t.none)}</p>` : `<ul class="snapshots">\n${items}\n</ul>`}
<details class="experts"><summary>${escape(explorerText[lang].forExperts)}</summary><p class="muted">${escape(t.spec)}</p></details>`,
    lang,
  );
}
