import { sql } from 'kysely';
import { nameIn } from '../../../common/i18n/bidi-isolate.ts';
import { cityIn } from '../../../common/i18n/city-names.ts';
import { dateFormat } from '../../../common/i18n/first-of-month.ts';
import { maskTail } from '../../../common/api/pickups.ts';
import type { Transaction } from '../../../common/api/transactions.ts';
import type { Language } from '../../../common/i18n/languages.ts';
import { formatLocaleMoney, moneyFromApi } from '../../../common/money/locale-amount.ts';
import { divideRounded, formatDecimal, parseDecimal, pow10 } from '../../../common/money/decimal.ts';
import { money } from '../../../common/money/money.ts';
import { pageLocales } from '../../http/page-language.ts';
import { statusLabel } from '../transfers/transaction-labels.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { getTransaction } from '../transfers/transactions.service.ts';
import { isolateLtr } from './pdf-text.ts';
import { renderReceipt } from './receipt-pdf.ts';
import { receiptTexts } from './receipt-texts.ts';

/**
 * `GET /api/transactions/{id}/receipt/`: what PSD2 arts. 48-49 ask a payment service to tell the payer
 * after a payment (reference, amount, charges, exchange rate and converted amount, date), as a PDF in the asked
 * language. The facts are the detail the viewer may see (getTransaction: 404 for anyone else), so a recipient's
 * receipt shows no fee nor anything of the sender but their name. Numbers and dates are written in the locales of
 * the other server-rendered pages (pageLocales: English is en-GB, day before month and a 24-hour clock).
 */

interface ExchangeFacts {
  from_amount: string;
  fee_amount: string;
  to_amount: string;
  rate: string;
  official_rate: string;
}

async function exchangeOf(deps: ServiceDeps, id: string): Promise<ExchangeFacts | undefined> {
  const { rows } = await sql<ExchangeFacts>`
    SELECT e.from_amount::text, e.fee_amount::text, e.to_amount::text, e.rate::text, e.official_rate::text
      FROM transactions t JOIN exchanges e ON t.reference = 'exchange:' || e.id::text
     WHERE t.id = ${id} AND t.kind = 'exchange'`.execute(deps.db);
  return rows[0];
}

export async function receiptFor(
  deps: ServiceDeps,
  user: AuthUser,
  id: string,
  language: Language,
): Promise<{ pdf: Buffer; filename: string }> {
  const tx = await getTransaction(deps, user, id);
  const exchange = tx.category === 'exchange' ? await exchangeOf(deps, id) : undefined;
  const words = receiptTexts[language];
  const rtl = language === 'ar';
  const locale = pageLocales[language];
  const ltr = (value: string) => (rtl ? isolateLtr(value) : value);
  // Amounts reach Intl as exact decimal strings ("1005.50"; Intl.NumberFormat v3), never as floats.
  const number = (value: number | `${number}`, digits = 2) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  // Amounts through the screens' own formatter (common/money/locale-amount.ts: the code after the number but in
  // Dutch, English included; an Arabic amount is already one left-to-right unit, so not isolated again here).
  const minor = (value: string, currency: 'MAD' | 'EUR') => formatLocaleMoney(money(currency, BigInt(value)), locale);
  const mad = (decimal: string) => {
    const value = moneyFromApi(decimal, 'MAD');
    return value ? formatLocaleMoney(value, locale) : ltr(`${decimal} MAD`);
  };
  const when = (iso: string) =>
    `${dateFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso))} UTC`;
  // Names as typed (people, an agency and its city, an address), each isolated in Arabic (nameIn).
  const named = (value: string) => nameIn(language, value);
  const name = (first: string | null, last: string | null) => named(`${first ?? ''} ${last ?? ''}`.trim()) || '—';

  const rows: [string, string][] = [];
  rows.push([words.reference, ltr(`TX-${String(tx.id).padStart(8, '0')}`)]);
  rows.push([words.date, when(tx.date)]);
  const kind = tx.delivery === 'cash_pickup' && tx.category === 'sending' ? 'pickup' : tx.category;
  rows.push([words.kind, words.kinds[kind]]);
  rows.push([words.status, statusLabel(language, tx)]);
  if (tx.category !== 'exchange') {
    rows.push([words.sender, name(tx.sender_first_name, tx.sender_last_name)]);
    const phone = tx.pickup?.recipient_phone_number ?? tx.recipient_phone_number;
    const recipient = name(tx.recipient_first_name, tx.recipient_last_name);
    if (tx.category !== 'withdrawal' || kind === 'pickup')
      rows.push([
        words.recipient,
        phone ? `${recipient}\n${words.phone} ${ltr(maskTail(phone.replace(/\s/g, '')))}` : recipient,
      ]);
  }
  if (exchange) {
    // Rates stay exact decimal strings up to Intl; the mark-up is integer arithmetic (no float, even here).
    const rate = exchange.rate as `${number}`;
    const official = exchange.official_rate as `${number}`;
    // What the card was charged is the euros converted plus the fee: the three, so the sum reads on the receipt.
    rows.push([words.eurConverted, minor(exchange.from_amount, 'EUR')]);
    rows.push([words.fees, minor(exchange.fee_amount, 'EUR')]);
    rows.push([words.amountPaid, minor(String(BigInt(exchange.from_amount) + BigInt(exchange.fee_amount)), 'EUR')]);
    rows.push([words.rate, ltr(`1 EUR = ${number(rate, 4)} MAD`)]);
    rows.push([words.officialRate, ltr(`1 EUR = ${number(official, 4)} MAD`)]);
    rows.push([words.markup, ltr(`${number(markupPercent(rate, official))} %`)]);
    rows.push([words.amountCredited, minor(exchange.to_amount, 'MAD')]);
  } else if (tx.category === 'reception') {
    rows.push([words.amountReceived, mad(tx.amount)]);
  } else {
    // Sends and withdrawals carry no fee today (the send summary shows 0,00): said, not left out (PSD2 art. 49).
    rows.push([words.amountSent, mad(tx.amount)]);
    rows.push([words.fees, mad('0')]);
    rows.push([words.amountReceived, mad(tx.amount)]);
  }
  placeRows(tx, words, rows, { ltr, named: (value) => named(cityIn(language, value)), when });
  const origin = deps.config.PUBLIC_URL.replace(/\/$/, '');
  const explorer = (template: string, txId: string) => {
    const url = template.replace('{id}', encodeURIComponent(txId));
    return url.startsWith('/') ? `${origin}${url}` : url;
  };
  rows.push([
    words.ledgerId,
    tx.tx_id === null
      ? words.ledgerPending
      : `${ltr(tx.tx_id)}\n${words.explorer} ${ltr(explorer(deps.chain.explorer.tx, tx.tx_id))}`,
  ]);
  const { RECEIPT_ISSUER_NAME: issuer, RECEIPT_ISSUER_ADDRESS: address, RECEIPT_ISSUER_LICENCE: licence } = deps.config;
  const pdf = await renderReceipt({
    rtl,
    title: words.title,
    issuer: `${words.issuedBy} ${ltr(issuer)}\n${ltr(address)}\n${words.licence} ${ltr(licence)}`,
    rows,
    rightsTitle: words.rightsTitle,
    // A top-up cannot be cancelled (the card is paid, the dirhams credited): its rights say so, not a send's.
    rights: tx.category === 'exchange' ? words.topUpRights : words.rights,
    footer: `${words.footer} ${when(deps.clock.now().toISOString())}`,
    subject: `TX-${tx.id}`,
  });
  return { pdf, filename: `receipt-${tx.id}-${language}.pdf` };
}

/** Where and until when the money can be collected, with its code (the viewer's own, while it is usable). */
function placeRows(
  tx: Transaction,
  words: (typeof receiptTexts)[Language],
  rows: [string, string][],
  { ltr, named, when }: { ltr: (value: string) => string; named: (value: string) => string; when: (iso: string) => string },
): void {
  const address = [tx.recipient_address, [tx.recipient_zip_code, tx.recipient_city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  if (tx.category === 'withdrawal' && tx.delivery !== 'cash_pickup') {
    rows.push([words.pickupPlace, [tx.recipient_first_name ?? '', address].filter(Boolean).map(named).join('\n')]);
    if (tx.identifier) rows.push([words.withdrawalCode, ltr(tx.identifier)]);
  }
  if (tx.delivery === 'cash_pickup' && tx.category === 'sending') {
    const agency = tx.pickup?.agency;
    rows.push([
      words.pickupPlace,
      agency ? [agency.name, agency.city ?? ''].filter(Boolean).map(named).join(', ') : words.anyAgency,
    ]);
    if (tx.pickup_reference) rows.push([words.pickupReference, ltr(tx.pickup_reference)]);
  }
  if (tx.expires_at) rows.push([words.expires, when(tx.expires_at)]);
}

/**
 * (official - rate) / official, in percent with two decimals ("1.65"), from the exact decimal strings: both on one
 * scale, then one rounding (halves away from zero). Negative when the rate applied is above the official one.
 */
export function markupPercent(rate: string, official: string): `${number}` {
  const r = parseDecimal(rate);
  const o = parseDecimal(official);
  if (!r || !o || o.units === 0n) throw new RangeError(`not a rate: ${rate} / ${official}`);
  const scale = Math.max(r.scale, o.scale);
  const ru = r.units * pow10(scale - r.scale);
  const ou = o.units * pow10(scale - o.scale);
  const hundredths = divideRounded((ou - ru) * 10_000n, ou);
  const magnitude = formatDecimal({ units: hundredths < 0n ? -hundredths : hundredths, scale: 2 });
  return `${hundredths < 0n ? '-' : ''}${magnitude}` as `${number}`;
}
