import type { ChainRecordRow } from '../../adapters/chain/local-ledger.repository.ts';
import { dateFormat } from '../../../common/i18n/first-of-month.ts';
import type { Language } from '../../../common/i18n/languages.ts';
import { formatLocaleMoney, moneyFromApi } from '../../../common/money/locale-amount.ts';
import { isCurrency } from '../../../common/money/money.ts';
import { languageSwitcher, pageDirection, pageLocales } from '../../http/page-language.ts';
import type { RecordView } from './explorer.service.ts';
import { explorerText, fill, type ExplorerText } from './explorer-text.ts';

/**
 * The built-in ledger's explorer: plain server-rendered HTML with our external stylesheet (the CSP forbids
 * inline styles and scripts). Public like a network explorer, in the reader's language (`?lang=`, else
 * Accept-Language, else English); it shows only what is on the chain (addresses, amounts, hashes), never anything
 * about people.
 */
export const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Links between explorer pages keep the reader's language. */
const withLang = (path: string, lang: Language) => `${path}?lang=${lang}`;
const txLink = (hash: string, lang: Language) =>
  `<a href="${withLang(`/explorer/tx/${escape(hash)}`, lang)}"><code>${escape(hash)}</code></a>`;
const addressLink = (address: string | null, t: ExplorerText, lang: Language) =>
  address === null
    ? `<span class="muted">${escape(t.platform)}</span>`
    : `<a href="${withLang(`/explorer/address/${escape(address)}`, lang)}"><code>${escape(address)}</code></a>`;
const mark = (ok: boolean | null, label: string, t: ExplorerText) =>
  ok === null
    ? `<li class="na">${escape(label)}: ${escape(t.checkNotApplicable)}</li>`
    : `<li class="${ok ? 'ok' : 'bad'}">${escape(label)}: ${escape(ok ? t.checkOk : t.checkFailed)}</li>`;

export function layout(title: string, body: string, lang: Language, badge = explorerText[lang].badge): string {
  return `<!doctype html>
<html lang="${lang}" dir="${pageDirection(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<link rel="stylesheet" href="/explorer/explorer.css">
</head>
<body>
<main class="card">
<p class="back"><a href="/?lang=${lang}">${escape(explorerText[lang].backToApp)}</a></p>
<p class="badge">${escape(badge)}</p>
${body}
</main>
</body>
</html>`;
}

/** The language links at the top of every explorer page, each keeping the page. */
const languages = (lang: Language, path: string) =>
  `<p class="languages">${languageSwitcher(lang, (l) => withLang(path, l))}</p>`;

/**
 * A record's kind in words ('liabilities:1024' is the day's total owed to customers; its number counts the tree's
 * leaves, padding included, not accounts, so it is not shown); an unknown kind as recorded.
 */
function kindWords(kind: string, t: ExplorerText): string {
  if (/^liabilities:\d+$/.test(kind)) return t.kindLiabilities;
  return { transfer: t.kindTransfer, withdrawal: t.kindWithdrawal, topup: t.kindTopup }[kind] ?? kind;
}

/** A recorded amount ('1070.00', 'MAD') as the reader's language writes money; as recorded when not one. */
function amountWords(amount: string, currency: string, lang: Language): string {
  const value = isCurrency(currency) ? moneyFromApi(amount, currency) : undefined;
  return value ? formatLocaleMoney(value, pageLocales[lang]) : `${amount} ${currency}`;
}

/** A recorded ISO time as the reader's language writes a date and a time (UTC, as the label says). */
function timeWords(iso: string, lang: Language): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  return dateFormat(pageLocales[lang], { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(time);
}

export function recordPage(view: RecordView, lang: Language): string {
  const t = explorerText[lang];
  const { row, checks } = view;
  const p = row.payload;
  const field = (name: string, value: string) => `<dt>${escape(name)}</dt><dd>${value}</dd>`;
  const dir = (value: string) => `<bdi dir="ltr">${value}</bdi>`;
  return layout(
    `${t.transaction} ${row.hash}`,
    `${languages(lang, `/explorer/tx/${escape(row.hash)}`)}
<h1>${escape(t.transaction)}</h1>
<p class="status ${view.verified ? 'ok' : 'bad'}" data-verified="${String(view.verified)}">${escape(view.verified ? t.verified : t.verificationFailed)}</p>
<dl>
${field(t.kind, escape(kindWords(p.kind ?? '', t)))}
${p.amount ? field(t.amount, `<bdi class="amount">${escape(amountWords(p.amount, p.currency ?? '', lang))}</bdi>`) : ''}
${p.time ? field(t.time, `<bdi>${escape(timeWords(p.time, lang))}</bdi>`) : ''}
</dl>
<details class="experts">
<summary>${escape(t.forExperts)}</summary>
<dl>
${field(t.transactionId, `<code dir="ltr">${escape(row.hash)}</code>`)}
${field(t.position, escape(fill(t.positionValue, { seq: row.seq, length: view.chainLength })))}
${field(t.kind, dir(escape(p.kind ?? '')))}
${field(t.amount, dir(`${escape(p.amount ?? '')} ${escape(p.currency ?? '')}`))}
${field(t.from, addressLink(p.from ?? null, t, lang))}
${field(t.to, addressLink(p.to ?? null, t, lang))}
${field(t.time, dir(escape(p.time ?? '')))}
${field(t.referenceHash, `<code dir="ltr">${escape(p.reference_hash ?? '')}</code>`)}
${field(t.previous, view.previousHash ? txLink(view.previousHash, lang) : `<span class="muted">${escape(t.genesis)}</span>`)}
${field(t.next, view.nextHash ? txLink(view.nextHash, lang) : `<span class="muted">${escape(t.latest)}</span>`)}
</dl>
<h2>${escape(t.checks)}</h2>
<ul class="checks">
${mark(checks.hashValid, t.checkHash, t)}
${mark(checks.signatureValid, t.checkSignature, t)}
${mark(checks.prevLinkValid, t.checkPrevious, t)}
${mark(checks.nextLinkValid, t.checkNext, t)}
</ul>
</details>`,
    lang,
  );
}

export function addressPage(address: string, rows: ChainRecordRow[], limit: number, lang: Language): string {
  const t = explorerText[lang];
  const items = rows
    .map((row) => {
      const p = row.payload;
      const direction = p.from === address ? t.sent : t.received;
      return `<li>${txLink(row.hash, lang)}<br><span>#${escape(row.seq)} · ${escape(kindWords(p.kind ?? '', t))} · ${escape(direction)} · <bdi>${escape(amountWords(p.amount ?? '', p.currency ?? '', lang))}</bdi> · <bdi>${escape(timeWords(p.time ?? '', lang))}</bdi></span></li>`;
    })
    .join('\n');
  const heading =
    rows.length === limit
      ? fill(t.recordsLatest, { count: rows.length, limit })
      : fill(t.records, { count: rows.length });
  return layout(
    `${t.address} ${address}`,
    `${languages(lang, `/explorer/address/${escape(address)}`)}
<h1>${escape(t.address)}</h1>
<p><code dir="ltr">${escape(address)}</code></p>
<h2>${escape(heading)}</h2>
${rows.length === 0 ? `<p class="muted">${escape(t.noRecords)}</p>` : `<ul class="records">\n${items}\n</ul>`}`,
    lang,
  );
}

export function notFoundPage(what: 'transaction' | 'address' | 'page', lang: Language): string {
  const t = explorerText[lang];
  const message = { transaction: t.transactionMissing, address: t.addressMissing, page: t.pageMissing }[what];
  return layout(t.notFound, `<h1>${escape(t.notFound)}</h1><p>${escape(message)}</p>`, lang);
}

export const explorerCss = `
:root { color-scheme: light; font-family: system-ui, sans-serif; }
body { margin: 0; background: #f3f5f7; color: #1d2733; }
.card { max-width: 720px; margin: 1rem auto; padding: 1rem 1.25rem; background: #fff; border-radius: 12px; }
.badge { display: inline-block; padding: 0.2rem 0.6rem; border-radius: 999px; background: #e6eef8; font-size: 0.85rem; }
h1 { font-size: 1.4rem; } h2 { font-size: 1.1rem; margin-block-start: 1.5rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.4rem 1rem; }
dt { font-weight: 600; } dd { margin: 0; overflow-wrap: anywhere; }
code { font-size: 0.85rem; overflow-wrap: anywhere; }
a { color: #0b57d0; }
.status { font-weight: 700; padding: 0.4rem 0.8rem; border-radius: 8px; display: inline-block; }
.ok { color: #0a6b2d; } .status.ok { background: #e3f5e9; }
.bad { color: #a8071a; } .status.bad { background: #fde8ea; }
.na, .muted { color: #5b6673; }
.checks, .records { padding-inline-start: 1.2rem; }
.records li { margin-block-end: 0.6rem; }
.languages { text-align: end; margin: 0; }
.snapshots { list-style: none; padding: 0; }
.snapshot { border-block-start: 1px solid #e1e5ea; padding-block: 0.6rem; }
.amount { font-weight: 700; }
.back { margin: 0 0 0.5rem; }
.experts { margin-block-start: 1rem; }
.experts summary { cursor: pointer; color: #0b57d0; }
`;
