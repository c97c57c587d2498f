/// <reference lib="dom" />
import { randomInt, randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { AXE_LOAD, axeScan } from './axe.ts';
import { fresh, openScreen } from './open-screen.ts';
import type { Language } from '../../common/i18n/languages.ts';
import { fund, newTeller } from './operator.ts';
import { cutText } from './layout-checks.ts';
import { screenshot, settled } from './screenshots.ts';

// Every screen of the app in French, Arabic (right to left) and the diaspora's four languages, as a visitor, a
// customer and a teller, at 390x844, with Latin names, a Moroccan phone number and an agency's street address inside
// the Arabic screens: axe-core (WCAG 2.0/2.1 A and AA rules) finds no serious or critical violation, the page names
// its language, direction and screen, and no text is cut off by an overflow that does not end in an ellipsis, nor lies
// off screen. The customer's and the teller's screens are walked again at 360x740 in French and Arabic for the same
// layout defects (the narrowest phones the service is used on). One visit of a screen serves all its checks. Each
// screen is saved with E2E_SCREENSHOTS=1: look at them.

const CODE = '135790';

interface Account {
  email: string;
  token: string;
  userId: number;
}

interface Fixture {
  alice: Account;
  teller: Account;
  contactId: number;
  contactUserId: number;
  agencyId: number;
  /** A recipient known by a Moroccan phone number, with a long hyphenated name. */
  phoneContactId: number;
  sendId: number;
  receptionId: number;
  withdrawalId: number;
  withdrawalToken: string;
  /** A withdrawal the teller has paid, anchored on the public ledger. */
  paidId: number;
  paidToken: string;
  txId: string;
  walletAddress: string;
  checkoutUrl: string;
}

const auth = (who: Account) => ({ authorization: `Bearer ${who.token}` });

async function account(
  request: APIRequestContext,
  [first_name, last_name]: [string, string],
  email = `e2e-a11y-${randomUUID()}@example.com`,
): Promise<Account> {
  expect((await request.post('/api/auth/send_code/', { data: { email, language: 'fr' } })).status()).toBe(200);
  const outbox = (await (await request.get(`/api/dev/outbox/?to=${encodeURIComponent(email)}`)).json()) as {
    results: { code: string | null }[];
  };
  const verified = await request.post('/api/auth/verify_code/', {
    data: { email, code: outbox.results.find((m) => m.code)?.code },
  });
  expect(verified.status()).toBe(200);
  const { access: token, user_id: userId } = (await verified.json()) as { access: string; user_id: number };
  const who = { email, token, userId };
  expect(
    (
      await request.post(`/api/users/${userId}/security_code/`, { headers: auth(who), data: { security_code: CODE } })
    ).status(),
  ).toBeLessThan(300);
  const phone = `+336${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  const profile = await request.patch(`/api/users/${userId}/`, {
    headers: auth(who),
    data: { first_name, last_name, country: 'FR', phone_number: phone },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  return who;
}

async function json<T>(
  response: { status(): number; text(): Promise<string>; json(): Promise<unknown> },
  status: number,
): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/**
 * A customer with a send, a reception, a pending and a paid withdrawal, two recipients and an open card checkout.
 */
async function createFixture(request: APIRequestContext): Promise<Fixture> {
  const [alice, bob, teller] = await Promise.all([
    account(request, ['Youssef', 'El Amrani']),
    account(request, ['Bob', 'Benali']),
    newTeller().then((email) => account(request, ['Nadia', 'Alaoui'], email)),
  ]);
  await fund(alice.userId, 1_500_00n);
  await fund(bob.userId, 100_00n);
  const contact = await json<{ id: number }>(
    await request.post('/api/contacts/', {
      headers: auth(alice),
      data: { first_name: 'Bob', last_name: 'Benali', email: bob.email },
    }),
    201,
  );
  const back = await json<{ id: number }>(
    await request.post('/api/contacts/', {
      headers: auth(bob),
      data: { first_name: 'Youssef', last_name: 'El Amrani', email: alice.email },
    }),
    201,
  );
  const phoneContact = await json<{ id: number }>(
    await request.post('/api/contacts/', {
      headers: auth(alice),
      data: { first_name: 'Amina', last_name: 'Benali-Ouazzani', phone_number: '+212612345678' },
    }),
    201,
  );
  const agencies = await json<{ results: { id: number; city: string | null }[] }>(
    await request.get('/api/contacts/?public=true&search=Casablanca', { headers: auth(alice) }),
    200,
  );
  const agencyId = agencies.results.find((a) => a.city === 'Casablanca')?.id ?? 0;
  const create = (who: Account, contactId: number, amount: number) =>
    request
      .post('/api/transactions/', {
        headers: { ...auth(who), 'idempotency-key': randomUUID() },
        data: { amount, contact: contactId, security_code: CODE },
      })
      .then((r) => json<{ id: number; token: string | null }>(r, 201));
  const send = await create(alice, contact.id, 120);
  const reception = await create(bob, back.id, 40);
  const withdrawal = await create(alice, agencyId, 200);
  const paid = await create(alice, agencyId, 300);
  await json(
    await request.post(`/api/withdrawals/${paid.token}/validate/`, {
      headers: auth(teller),
      data: { id: paid.id, security_code: CODE },
    }),
    200,
  );

  // An open card checkout on the payment sandbox (its page is served by the app).
  const draft = await json<{ id: number }>(
    await request.post('/api/exchanges/', { headers: auth(alice), data: { from_amount: '50' } }),
    201,
  );
  const checkout = await json<{ url: string }>(
    await request.post(`/api/exchanges/${draft.id}/validate/?lang=fr`, {
      headers: { ...auth(alice), 'idempotency-key': randomUUID() },
    }),
    200,
  );
  // A rate alert, so that the rates screen is audited with its alert listed (rate-alerts.spec.ts relies on it).
  await json(await request.post('/api/rate-alerts/', { headers: auth(alice), data: { threshold: '13.50' } }), 201);
  // ADR 013: the recipient's user shows once money has moved between the two (the send above).
  const linked = await json<{ contact_user: number }>(
    await request.get(`/api/contacts/${contact.id}/`, { headers: auth(alice) }),
    200,
  );
  const me = await json<{ results: { account_id: string }[] }>(
    await request.get('/api/users/', { headers: auth(alice) }),
    200,
  );

  // The in-process worker anchors the send and the paid withdrawal within seconds; the explorer page needs the send's
  // ledger id and the paid withdrawal's screen shows its proof. Waited for, never skipped: an anchoring later than this
  // fails the audit instead of leaving the explorer's record page unaudited.
  const anchored = async (id: number) => {
    let txId = '';
    await expect
      .poll(
        async () => {
          const detail = await json<{ tx_id?: string | null }>(
            await request.get(`/api/transactions/${id}/`, { headers: auth(alice) }),
            200,
          );
          txId = detail.tx_id ?? '';
          return txId;
        },
        { timeout: 60_000, intervals: [250], message: `transaction ${id} anchored on the public ledger` },
      )
      .toMatch(/^[0-9a-f]{64}$/);
    return txId;
  };
  const [txId] = await Promise.all([anchored(send.id), anchored(paid.id)]);
  const walletAddress = me.results[0]?.account_id ?? '';
  expect(walletAddress, 'the customer has a wallet address for the explorer').not.toBe('');
  return {
    alice,
    teller,
    contactId: contact.id,
    contactUserId: linked.contact_user,
    agencyId,
    phoneContactId: phoneContact.id,
    sendId: send.id,
    receptionId: reception.id,
    withdrawalId: withdrawal.id,
    withdrawalToken: withdrawal.token ?? '',
    paidId: paid.id,
    paidToken: paid.token ?? '',
    txId,
    walletAddress,
    checkoutUrl: new URL(checkout.url).pathname,
  };
}

interface Screen {
  path: string;
  /** Something that shows once the screen has its data (so no check reads a loading state). */
  ready?: string;
  /** Its saved picture's name, where its path's would be another screen's. */
  name?: string;
}

/** What a walk of screens checks: everything, or the layout and the page's language only (a second width). */
type Checks = 'all' | 'layout';

/**
 * A context of its own, without the app's service worker: each of the 24 contexts of a run would install it and
 * download the whole precache for nothing, since axe reads the same page either way (the worker only caches; its
 * own behaviour is tested in offline.spec.ts and service-worker.spec.ts). A French audit alone used 40.6-42.9 s of
 * CPU without it, 44.5-45.4 s with it.
 */
async function signedIn(browser: Browser, who: Account | null, role?: 'banker'): Promise<Page> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  // Every document of an audit is scanned: axe comes with it rather than sent and compiled again before each scan.
  await context.addInitScript({ content: AXE_LOAD });
  const page = await context.newPage();
  if (who)
    await page.addInitScript(
      ([token, r]) => {
        localStorage.setItem('token', token ?? '');
        if (r) localStorage.setItem('role', r);
      },
      [who.token, role] as const,
    );
  return page;
}

type Violation = { screen: string; id: string; impact: string; help: string; targets: string[] };

/** axe on the page as it is now; serious and critical findings go to `violations`. */
async function scan(page: Page, screen: string, violations: Violation[]): Promise<void> {
  const result = await axeScan(page);
  if (process.env.A11Y_DEBUG)
    console.log(
      `axe ${screen}: ${result.passes.length} rules pass, ${result.violations.map((v) => `${v.id}(${v.impact})`).join(' ') || 'no violation'}`,
    );
  for (const v of result.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    console.log(`axe: ${screen}: [${v.impact}] ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
    violations.push({
      screen,
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes
        .slice(0, 4)
        .map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
    });
  }
}

/** A screen's name in the saved pictures: by default its path and query, ids and tokens said 'id'. */
const pictureName = (path: string) =>
  path
    .replace(/(?<=[/=])(\d+|[\w-]{16,})(?=[/?&]|$)/g, 'id')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '') || 'home';

type Who = 'visitor' | 'customer' | 'teller';
type Found = { violations: Violation[]; problems: string[] };

/**
 * The checks of the screen shown, once it has its data: text cut off or off screen to `problems`, its picture when
 * asked, and axe to `violations` unless only the layout is walked. `screen` is its path, or the step that reached it.
 */
async function checkShown(
  page: Page,
  who: Who,
  screen: string,
  picture: string,
  lang: Language,
  found: Found,
  checks: Checks,
): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await settled(page);
  for (const problem of await cutText(page)) found.problems.push(`${lang} ${width} ${screen}: ${problem}`);
  await screenshot(page, `audit-${who}-${picture}-${lang}-${width}.png`);
  if (checks === 'all') await scan(page, `${lang} ${screen}`, found.violations);
}

async function audit(
  page: Page,
  who: Who,
  screens: Screen[],
  lang: Language,
  found: Found,
  checks: Checks = 'all',
): Promise<void> {
  for (const screen of screens) {
    const url = new URL(screen.path, 'http://x');
    url.searchParams.set('lang', lang);
    // A walk at a second width starts again from its first screen, loaded at that width.
    await openScreen(page, `${url.pathname}${url.search}`, screen.ready ?? 'h1', {
      load: checks === 'layout' && screen === screens[0],
    });
    // The language the page says it is in is the one the screen reader reads with (WCAG 3.1.1). The sandbox
    // checkout speaks its payment session's language (the fixture's is French), whatever the URL's.
    if (!url.pathname.startsWith('/sandbox')) {
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    }
    if (checks === 'all' && !url.pathname.startsWith('/sandbox') && !url.pathname.startsWith('/explorer')) {
      await expect(page.locator(`h1${fresh}`).first()).toBeVisible();
      // WCAG 2.4.2: the window title names the screen, in the screen's language, as its heading does (home's
      // heading is a greeting: its title is the screen's name).
      const heading = (await page.locator(`h1${fresh}`).first().innerText()).trim();
      // The app's own name reads in every language: Sila, صلة in Arabic.
      const appName = lang === 'ar' ? 'صلة' : 'Sila';
      await expect(page).toHaveTitle(
        url.pathname === '/' ? new RegExp(`^.+ · ${appName}$`) : `${heading} · ${appName}`,
      );
    }
    await checkShown(page, who, screen.path, screen.name ?? pictureName(screen.path), lang, found, checks);
  }
}

const report = (violations: Violation[]) =>
  violations.map((v) => `${v.screen}: [${v.impact}] ${v.id} (${v.help})\n    ${v.targets.join('\n    ')}`).join('\n');

test.describe('every screen: accessibility (axe-core, WCAG 2.1 A/AA) and layout', () => {
  // A language walks some 45 screens in four contexts at once, each audited with axe: its budget, not a speed check.
  // 60-75 s alone (French and Arabic, which walk the customer's and teller's screens again at 360 px, the longest);
  // past 240 s beside the other worker and the chaos run in `npm test`.
  test.describe.configure({ timeout: 600_000 });
  let fixture: Fixture;

  test.beforeAll(async ({ request }) => {
    // Three accounts, a teller, five payments and the anchoring of two: past a hook's default 30 s on a loaded
    // two-core machine (the anchoring alone may take up to a minute there).
    test.setTimeout(240_000);
    fixture = await createFixture(request);
  });

  // The diaspora's four other languages go through the same screens (German is the longest).
  const LANGS = { fr: 'French', ar: 'Arabic', es: 'Spanish', it: 'Italian', nl: 'Dutch', de: 'German' } as const;
  for (const lang of Object.keys(LANGS) as (keyof typeof LANGS)[]) {
    test(`every screen in ${LANGS[lang]}: no serious or critical violation, nothing cut or off screen`, async ({
      browser,
    }) => {
      const f = fixture;
      const found: Found = { violations: [], problems: [] };
      /** The customer's and the teller's screens are walked again on the narrowest phones, in fr and ar. */
      const narrow = async (page: Page, who: Who, screens: Screen[]) => {
        if (lang !== 'fr' && lang !== 'ar') return;
        await page.setViewportSize({ width: 360, height: 740 });
        await audit(page, who, screens, lang, found, 'layout');
      };

      // Four browser contexts at once (a visitor, the customer twice, the teller): the screens load in parallel.
      const visitorScreens = async () => {
        const visitor = await signedIn(browser, null);
        await audit(
          visitor,
          'visitor',
          [
            { path: '/auth', ready: '[data-testid="language-switcher"]' },
            { path: '/auth?role=banker', ready: '[data-testid="language-switcher"]' },
            { path: '/auth/step1' },
            { path: '/auth/email/step1' },
            { path: '/auth/email/step2?email=nadia%40example.com', ready: '[data-testid="code-box-0"]' },
            { path: '/auth/phone/step1' },
            { path: '/auth/phone/step2?prefix=%2B33' },
            { path: '/auth/phone/step3?prefix=%2B33&phone=612345678', ready: '[data-testid="code-box-0"]' },
            { path: '/authentication/confirm-email' },
            { path: f.checkoutUrl, ready: 'form' },
            { path: `/explorer/tx/${f.txId}` },
            { path: `/explorer/address/${f.walletAddress}` },
          ],
          lang,
          found,
        );
        await visitor.context().close();
      };

      const customerMoneyScreens = async () => {
        const customer = await signedIn(browser, f.alice);
        const screens: Screen[] = [
          { path: '/', ready: '[data-testid="transaction-row"]' },
          { path: '/exchange', ready: '[data-testid="exchange-amount"]' },
          { path: '/rates', ready: '[data-testid="rate-alert"]' },
          { path: '/notifications', ready: '[data-testid="notification"]' },
          { path: '/transactions', ready: '[data-testid="transaction-row"]' },
          {
            path: `/transactions/${f.sendId}?category=sending&banker=false`,
            ready: '[data-testid="ledger-line"], h2',
          },
          { path: `/transactions/${f.receptionId}?category=reception&banker=false`, ready: 'h2' },
          {
            path: `/transactions/${f.withdrawalId}?category=withdrawal&banker=false`,
            ready: '[data-testid="withdrawal-qr"]',
          },
          {
            path: `/transactions/${f.paidId}?category=withdrawal&banker=false`,
            ready: '[data-testid="ledger-line"]',
            name: 'paid-withdrawal',
          },
        ];
        await audit(customer, 'customer', screens, lang, found);
        // The second step of a send (the security-code keypad).
        await customer.goto(`/transactions/create?contact=${f.contactId}&transaction=send&lang=${lang}`);
        await customer.getByTestId('create-amount').fill('10');
        await customer.getByTestId('create-next').click();
        await expect(customer.getByTestId('keypad-1')).toBeVisible();
        await checkShown(customer, 'customer', 'send, security-code step', 'send-code', lang, found, 'all');
        await narrow(customer, 'customer', screens);
        await customer.context().close();
      };

      const customerPeopleScreens = async () => {
        const customer = await signedIn(browser, f.alice);
        const screens: Screen[] = [
          { path: '/contacts', ready: '[data-testid="contact-row"]' },
          { path: '/contacts?transaction=send', ready: '[data-testid="contact-row"]' },
          { path: '/contacts?transaction=withdraw', ready: '[data-testid="contact-row"]' },
          { path: `/contacts/${f.contactId}`, ready: '[data-testid="contact-name"]' },
          {
            path: `/contacts/${f.contactId}/transactions?user=${f.contactUserId}`,
            ready: '[data-testid="transaction-row"]',
          },
          { path: `/contacts/${f.phoneContactId}`, ready: '[data-testid="contact-name"]', name: 'contact-by-phone' },
          {
            path: `/transactions/create?contact=${f.contactId}&transaction=send`,
            ready: '[data-testid="create-party"]',
          },
          {
            path: `/transactions/create?contact=${f.agencyId}&transaction=withdraw`,
            ready: '[data-testid="create-party"]',
          },
          { path: '/settings/profile', ready: 'form' },
          { path: '/settings/security-code', ready: '[data-testid="keypad-1"]' },
          { path: '/no/such/page' },
        ];
        await audit(customer, 'customer', screens, lang, found);
        // The new-recipient form, opened.
        await customer.goto(`/contacts?lang=${lang}`);
        await customer.getByTestId('recipient-open').click();
        await expect(customer.getByTestId('recipient-form')).toBeVisible();
        await checkShown(customer, 'customer', 'new-recipient form', 'new-recipient', lang, found, 'all');
        await narrow(customer, 'customer', screens);
        await customer.context().close();
      };

      const tellerScreens = async () => {
        const teller = await signedIn(browser, f.teller, 'banker');
        const screens: Screen[] = [
          { path: '/', ready: '[data-testid="payouts-today-count"]:not(:empty)' },
          { path: '/withdraw', ready: '[data-testid="manual-token"]' },
          { path: `/withdraw?transaction=${f.withdrawalToken}`, ready: '[data-testid="withdraw-checklist"]' },
          {
            path: `/withdraw?transaction=${f.paidToken}`,
            ready: '[data-testid="withdraw-status"]',
            name: 'withdraw-paid',
          },
          { path: `/withdraw?transaction=${'Z'.repeat(22)}`, ready: '[data-testid="teller-type-again"]' },
          { path: '/transactions', ready: '[data-testid="transaction-row"]' },
          { path: `/transactions/${f.paidId}?category=withdrawal&banker=true`, ready: 'h2' },
        ];
        await audit(teller, 'teller', screens, lang, found);
        // The teller's code step.
        await teller.goto(`/withdraw?transaction=${f.withdrawalToken}&lang=${lang}`);
        await expect(teller.getByTestId('withdraw-validate')).toBeVisible();
        await teller.getByTestId('confirm-amount').check();
        await teller.getByTestId('withdraw-validate').click();
        await expect(teller.getByTestId('keypad-1')).toBeVisible();
        await checkShown(teller, 'teller', 'security-code step', 'withdraw-code', lang, found, 'all');
        await narrow(teller, 'teller', screens);
        await teller.context().close();
      };

      await Promise.all([visitorScreens(), customerMoneyScreens(), customerPeopleScreens(), tellerScreens()]);

      expect(found.violations, report(found.violations)).toEqual([]);
      expect(found.problems, found.problems.join('\n')).toEqual([]);
    });
  }
});
