import type { Language } from '../../../common/i18n/languages.ts';
import { formatLocaleMoney } from '../../../common/money/locale-amount.ts';
import { money } from '../../../common/money/money.ts';
import { pageDirection, pageLocales } from '../../http/page-language.ts';
import type { PaymentSessionRow } from './payment-sessions.repository.ts';
import { sandboxCards, type CardRefusal } from './sandbox-card.ts';
import { sandboxText, type SandboxText } from './sandbox-text.ts';

/**
 * The sandbox checkout page: plain server-rendered HTML with our external stylesheet (the CSP forbids inline
 * styles and scripts), a form that posts without JavaScript, readable on a 360 px phone. Like a provider's
 * hosted page it speaks the customer's language (the session's, else `?lang=`, else Accept-Language); it never
 * echoes a card number back.
 */
const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

/** A test card's number in groups of four, left to right even inside an Arabic sentence. */
const number = (digits: string) => `<bdi dir="ltr">${digits.replace(/(\d{4})(?=\d)/g, '$1 ')}</bdi>`;

export interface SandboxPageState {
  session: PaymentSessionRow;
  lang: Language;
  now: Date;
  returnPath: string;
  error?: CardRefusal;
  subscription?: { periodEnd: Date; status: 'active' | 'past_due' | 'canceled' };
}

function layout(title: string, body: string, lang: Language, t: SandboxText): string {
  return `<!doctype html>
<html lang="${lang}" dir="${pageDirection(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>
<link rel="stylesheet" href="/sandbox/sandbox.css">
</head>
<body>
<main class="card">
<p class="badge">${escape(t.badge)}</p>
${body}
</main>
</body>
</html>`;
}

function cardForm(state: SandboxPageState, t: SandboxText, amount: string): string {
  const action = `/sandbox/checkout/${state.session.id}/pay`;
  const error = state.error ? `<p class="error" role="alert">${escape(t[state.error])}</p>` : '';
  // Card fields read left to right in every language, as printed on the card.
  return `${error}
<form method="post" action="${action}" class="form">
<label for="card_number">${escape(t.cardNumber)}</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required maxlength="23" placeholder="4242 4242 4242 4242" dir="ltr">
<div class="row">
<div><label for="expiry">${escape(t.expiry)}</label>
<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" required maxlength="5" placeholder="12/34" dir="ltr"></div>
<div><label for="cvc">${escape(t.cvc)}</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="4" placeholder="123" dir="ltr"></div>
</div>
<button type="submit">${escape(fill(t.pay, { amount }))}</button>
</form>
<p class="hint">${fill(escape(t.testCards), { success: number(sandboxCards.success), declined: number(sandboxCards.declined) })}</p>
<p><a href="${escape(state.returnPath)}&amp;status=cancel">${escape(t.cancel)}</a></p>`;
}

function renewalForms(state: SandboxPageState, t: SandboxText, dateFormat: Intl.DateTimeFormat): string {
  if (!state.subscription) return '';
  const base = `/sandbox/checkout/${state.session.id}`;
  const line = { active: t.subscriptionActive, past_due: t.subscriptionPastDue, canceled: t.subscriptionCanceled }[
    state.subscription.status
  ];
  return `<p>${escape(fill(line, { date: dateFormat.format(state.subscription.periodEnd) }))}</p>
<form method="post" action="${base}/renew" class="form"><button type="submit">${escape(t.renew)}</button></form>
<form method="post" action="${base}/renew_failed" class="form"><button type="submit" class="secondary">${escape(t.renewFailed)}</button></form>`;
}

/** The checkout page in the session's language; amounts and dates in that language's Intl locale. */
export function sandboxPage(state: SandboxPageState): string {
  const { session, lang } = state;
  const t = sandboxText[lang];
  const locale = pageLocales[lang];
  const euros = formatLocaleMoney(money('EUR', BigInt(session.amount)), locale);
  const amount = session.purpose === 'subscription' ? fill(t.perMonth, { amount: euros }) : euros;
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const head = `<h1>${escape(t.merchant)}</h1>
<p class="description">${escape(session.purpose === 'exchange' ? t.exchange : t.subscription)}</p>
<p class="amount"><bdi>${escape(amount)}</bdi></p>`;
  let body: string;
  if (session.status === 'open' && session.expires_at <= state.now) {
    body = `<p class="error" role="alert">${escape(t.expired)}</p>
<p><a href="${escape(state.returnPath)}&amp;status=cancel">${escape(t.back)}</a></p>`;
  } else if (session.status === 'open') {
    body = cardForm(state, t, amount);
  } else {
    body = `<p class="done">${escape(t[session.status])}</p>${renewalForms(state, t, dateFormat)}
<p><a href="${escape(state.returnPath)}&amp;status=success">${escape(t.back)}</a></p>`;
  }
  return layout(`${fill(t.pay, { amount })} · ${t.merchant}`, head + body, lang, t);
}

export const sandboxCss = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f2f4f7;color:#1d2939}
.card{max-width:450px;margin:0 auto;padding:24px 16px;background:#fff;min-height:100vh}
.badge{display:inline-block;padding:2px 8px;border-radius:12px;background:#fff4e5;color:#8a4b00;font-size:13px}
h1{margin:8px 0 0;font-size:22px}
.amount{font-size:32px;font-weight:700;margin:4px 0 16px}
.description{margin:0;color:#475467}
.form{display:flex;flex-direction:column;gap:8px;margin-block:12px}
.row{display:flex;gap:12px}.row>div{flex:1;display:flex;flex-direction:column;gap:8px}
label{font-weight:600;font-size:14px}
input{font:inherit;padding:12px;border:1px solid #98a2b3;border-radius:8px;min-height:44px;width:100%}
button{font:inherit;font-weight:600;min-height:48px;border:0;border-radius:8px;background:#0b6b3a;color:#fff;padding:12px}
button.secondary{background:#fff;color:#b42318;border:1px solid #b42318}
.error{padding:12px;border-radius:8px;background:#fef3f2;color:#b42318;font-weight:600}
.done{font-weight:600}
.hint{font-size:14px;color:#475467}
.hint bdi{white-space:nowrap}
a{color:#0b6b3a;display:inline-block;min-height:44px;padding-block:10px}
`;
