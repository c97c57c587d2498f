import type { ChainRecordRow } from '../../adapters/chain/local-ledger.repository.ts';
import type { RecordView } from './explorer.service.ts';

/**
 * The built-in ledger's explorer: plain server-rendered HTML with our external stylesheet (the CSP forbids
 * inline styles and scripts). Public like a network explorer, in English like one; it shows only what is on the
 * chain (addresses, amounts, hashes), never anything about people.
 */
export const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const txLink = (hash: string) => `<a href="/explorer/tx/${escape(hash)}"><code>${escape(hash)}</code></a>`;
const addressLink = (address: string | null) =>
  address === null
    ? '<span class="muted">platform</span>'
    : `<a href="/explorer/address/${escape(address)}"><code>${escape(address)}</code></a>`;
const mark = (ok: boolean | null, label: string) =>
  ok === null
    ? `<li class="na">${escape(label)}: not applicable (latest record)</li>`
    : `<li class="${ok ? 'ok' : 'bad'}">${escape(label)}: ${ok ? 'verified' : 'FAILED'}</li>`;

/** The badge every explorer page wears; a page in another language passes its own words. */
export const explorerBadge = 'Public ledger explorer (built-in ledger)';

export function layout(
  title: string,
  body: string,
  page: { lang: string; dir: 'ltr' | 'rtl'; badge?: string } = { lang: 'en', dir: 'ltr' },
): string {
  return `<!doctype html>
<html lang="${page.lang}" dir="${page.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<link rel="stylesheet" href="/explorer/explorer.css">
</head>
<body>
<main class="card">
<p class="badge">${escape(page.badge ?? explorerBadge)}</p>
${body}
</main>
</body>
</html>`;
}

export function recordPage(view: RecordView): string {
  const { row, checks } = view;
  const p = row.payload;
  const field = (name: string, value: string) => `<dt>${escape(name)}</dt><dd>${value}</dd>`;
  return layout(
    `Transaction ${row.hash}`,
    `<h1>Transaction</h1>
<p class="status ${view.verified ? 'ok' : 'bad'}" data-verified="${String(view.verified)}">${view.verified ? 'Verified' : 'Verification FAILED'}</p>
<dl>
${field('Transaction id', `<code>${escape(row.hash)}</code>`)}
${field('Position', `record ${escape(row.seq)} of ${escape(view.chainLength)}`)}
${field('Kind', escape(p.kind ?? ''))}
${field('Amount', `${escape(p.amount ?? '')} ${escape(p.currency ?? '')}`)}
${field('From', addressLink(p.from ?? null))}
${field('To', addressLink(p.to ?? null))}
${field('Time', escape(p.time ?? ''))}
${field('Reference hash', `<code>${escape(p.reference_hash ?? '')}</code>`)}
${field('Previous', view.previousHash ? txLink(view.previousHash) : '<span class="muted">genesis</span>')}
${field('Next', view.nextHash ? txLink(view.nextHash) : '<span class="muted">latest</span>')}
</dl>
<h2>Checks</h2>
<ul class="checks">
${mark(checks.hashValid, 'Hash of the payload and previous hash')}
${mark(checks.signatureValid, 'Ed25519 signature')}
${mark(checks.prevLinkValid, 'Link to the previous record')}
${mark(checks.nextLinkValid, 'Link from the next record')}
</ul>`,
  );
}

export function addressPage(address: string, rows: ChainRecordRow[], limit: number): string {
  const items = rows
    .map((row) => {
      const p = row.payload;
      const direction = p.from === address ? 'sent' : 'received';
      return `<li>${txLink(row.hash)}<br><span>#${escape(row.seq)} · ${escape(p.kind ?? '')} · ${direction} · ${escape(p.amount ?? '')} ${escape(p.currency ?? '')} · ${escape(p.time ?? '')}</span></li>`;
    })
    .join('\n');
  return layout(
    `Address ${address}`,
    `<h1>Address</h1>
<p><code>${escape(address)}</code></p>
<h2>Records (${rows.length}${rows.length === limit ? `, latest ${limit}` : ''})</h2>
${rows.length === 0 ? '<p class="muted">No records yet.</p>' : `<ul class="records">\n${items}\n</ul>`}`,
  );
}

export function notFoundPage(what: string): string {
  return layout('Not found', `<h1>Not found</h1><p>${escape(what)} is not on this ledger.</p>`);
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
`;
