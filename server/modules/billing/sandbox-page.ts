import type { PaymentSessionRow } from './payment-sessions.repository.ts';

/**
 * The sandbox checkout page: plain server-rendered HTML with our external stylesheet (the CSP forbids inline
 * styles and scripts), a form that posts without JavaScript, readable on a 360 px phone. Like a provider's
 * hosted page it is in English; it never echoes a card number back.
 */
const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface SandboxPageState {
  session: PaymentSessionRow;
  amount: string;
  description: string;
  returnPath: string;
  now: Date;
  error?: string;
  subscription?: { periodEnd: string; status: string };
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>
<link rel="stylesheet" href="/sandbox/sandbox.css">
</head>
<body>
<main class="card">
<p class="badge">Test mode: payment sandbox</p>
${body}
</main>
</body>
</html>`;
}

function cardForm(state: SandboxPageState): string {
  const action = `/sandbox/checkout/${state.session.id}/pay`;
  const error = state.error ? `<p class="error" role="alert">${escape(state.error)}</p>` : '';
  return `${error}
<form method="post" action="${action}" class="form">
<label for="card_number">Card number</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required maxlength="23" placeholder="4242 4242 4242 4242">
<div class="row">
<div><label for="expiry">Expiry (MM/YY)</label>
<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" required maxlength="5" placeholder="12/34"></div>
<div><label for="cvc">CVC</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="4" placeholder="123"></div>
</div>
<button type="submit">Pay ${escape(state.amount)}</button>
</form>
<p class="hint">Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. Any future expiry, any CVC.</p>
<p><a href="${escape(state.returnPath)}&amp;status=cancel">Cancel and return to the app</a></p>`;
}

function renewalForms(state: SandboxPageState): string {
  if (!state.subscription) return '';
  const base = `/sandbox/checkout/${state.session.id}`;
  return `<p>Subscription ${escape(state.subscription.status)}, paid until ${escape(state.subscription.periodEnd)}.</p>
<form method="post" action="${base}/renew" class="form"><button type="submit">Simulate a renewal</button></form>
<form method="post" action="${base}/renew_failed" class="form"><button type="submit" class="secondary">Simulate a failed renewal</button></form>`;
}

export function sandboxPage(state: SandboxPageState): string {
  const { session } = state;
  const head = `<h1>Wallet</h1>
<p class="description">${escape(state.description)}</p>
<p class="amount">${escape(state.amount)}</p>`;
  let body: string;
  if (session.status === 'open' && session.expires_at <= state.now) {
    body = `<p class="error" role="alert">This checkout has expired: the rate is no longer held. Nothing was charged.</p>
<p><a href="${escape(state.returnPath)}&amp;status=cancel">Return to the app</a></p>`;
  } else if (session.status === 'open') {
    body = cardForm(state);
  } else {
    body = `<p class="done">This checkout is ${escape(session.status)}.</p>${renewalForms(state)}
<p><a href="${escape(state.returnPath)}&amp;status=success">Return to the app</a></p>`;
  }
  return layout(`Pay ${state.amount} - Wallet`, head + body);
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
a{color:#0b6b3a;display:inline-block;min-height:44px;padding-block:10px}
`;
