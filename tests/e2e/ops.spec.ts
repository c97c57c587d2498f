/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { AXE_LOAD, axeScan } from './axe.ts';
import { openScreen } from './open-screen.ts';
import { account, pageFor, type Account } from './accounts.ts';
import { nextMessage, outboxCount, setSecurityCode, typeLoginCode } from './identity-helpers.ts';
import { newOperator, unclaimedTransfer } from './operator.ts';
import { screenshot } from './screenshots.ts';

// The back-office screens in Chromium. A refund above OPS_FOUR_EYES_MAD (5,000 MAD by default)
// with four eyes: operator A asks, A cannot approve their own request (the screen says so), operator B approves,
// and the customer's balance shows the money back. Then axe on every ops screen in French and Arabic.

const CODE = '246810';

const auth = (who: Account) => ({ authorization: `Bearer ${who.token}` });

/** The approvals table's row of the request about transaction `id`. */
const approvalRow = (page: Page, id: number) =>
  page.locator('tr', { has: page.locator(`a[href^="/ops/transactions/${id}?"]`) });

async function confirmAction(page: Page, dialog: string, reason: string) {
  const box = page.getByTestId(dialog);
  await expect(box).toBeVisible();
  await box.getByTestId('action-reason').fill(reason);
  await box.getByTestId('action-code').fill(CODE);
  await box.getByTestId('action-confirm').click();
}

test.describe('back-office', () => {
  test('a refund above the four-eyes threshold: A asks, A cannot approve, B approves, the balance shows it', async ({
    browser,
    request,
  }) => {
    // Three people's screens and two languages in one flow: past 30 s beside the other worker's axe passes.
    test.slow();
    const { alice, id } = await unclaimedTransfer(request);
    const [a, b] = await Promise.all([
      newOperator().then((email) => account(request, email)),
      newOperator().then((email) => account(request, email)),
    ]);

    const pageA = await pageFor(browser, a);
    await pageA.setViewportSize({ width: 1280, height: 800 });
    await pageA.goto(`/ops/transactions?lang=fr&search=${id}`);
    await expect(pageA.locator('html')).toHaveAttribute('data-ops', '');
    await pageA.getByTestId(`tx-link-${id}`).click();
    await expect(pageA).toHaveURL(new RegExp(`/ops/transactions/${id}\\?lang=fr`));
    await expect(pageA.getByTestId('tx-amount')).toContainText(/6\s000,00/);
    await expect(pageA.getByTestId('tx-postings').first()).toBeVisible();
    // Account kinds by their names, not the ledger's codes (an unclaimed transfer: the wallet to the unclaimed account).
    await expect(pageA.getByTestId('tx-postings').first()).toContainText('Portefeuille client');
    await expect(pageA.getByTestId('tx-postings').first()).toContainText('Envois non réclamés');
    await expect(pageA.getByTestId('tx-postings').first()).not.toContainText('customer_wallet');

    // A wrong security code is refused and nothing happens; the dialog says how many tries are left.
    await pageA.getByTestId('refund-open').click();
    const dialog = pageA.getByTestId('refund-dialog');
    await dialog.getByTestId('action-reason').fill('Le destinataire ne créera pas de compte');
    await dialog.getByTestId('action-code').fill('999999');
    await dialog.getByTestId('action-confirm').click();
    await expect(dialog.getByTestId('action-error')).not.toBeEmpty();
    await dialog.getByTestId('action-code').fill(CODE);
    await dialog.getByTestId('action-confirm').click();
    await expect(pageA.getByTestId('refund-requested')).toContainText("attend la validation d’un autre opérateur");

    // A sees their own request without the buttons, and why.
    await pageA.goto('/ops/approvals?lang=fr');
    const own = approvalRow(pageA, id);
    await expect(own.getByTestId('approval-own')).toHaveText(
      'Vous ne pouvez pas valider ni rejeter votre propre demande : un autre opérateur doit le faire.',
    );
    await expect(own.getByTestId('approval-approve')).toHaveCount(0);
    await screenshot(pageA, 'ops-approvals-own-fr-1280.png');

    // The customer's money has not moved yet.
    const alicePage = await pageFor(browser, alice);
    await alicePage.goto('/?lang=fr');
    await expect(alicePage.getByTestId('balance-mad')).toContainText(/2\s000,00/);

    // B approves, with a reason and their own security code.
    const pageB = await pageFor(browser, b);
    await pageB.setViewportSize({ width: 1280, height: 800 });
    await pageB.goto('/ops/approvals?lang=fr');
    const row = approvalRow(pageB, id);
    await row.getByTestId('approval-approve').click();
    await confirmAction(pageB, 'approval-dialog', 'Vérifié avec le client au téléphone');
    await expect(pageB.getByTestId('approval-done')).toHaveText('Demande approuvée.');

    // The transaction is refunded (its status and a new ledger entry), and the customer sees 8,000 MAD again.
    await pageB.goto(`/ops/transactions/${id}?lang=fr`);
    await expect(pageB.getByTestId('refund-open')).toHaveCount(0);
    await expect(pageB.getByTestId('tx-postings')).toHaveCount(2);
    await alicePage.reload();
    await expect(alicePage.getByTestId('balance-mad')).toContainText(/8\s000,00/);

    // The audit trail has both operators' lines.
    await pageB.goto('/ops/audit?lang=fr&action=approval.approve');
    await expect(pageB.getByTestId('audit-row').first()).toContainText('Vérifié avec le client au téléphone');
  });

  test('rates past the four-eyes percent: A asks from /ops/rates, B approves, the history shows them scheduled', async ({
    browser,
    request,
  }) => {
    const [a, b] = await Promise.all([
      newOperator().then((email) => account(request, email)),
      newOperator().then((email) => account(request, email)),
    ]);
    // 5 % above the rates in force, from 200 days on: a four-eyes change that moves no price today.
    const now = (await (await request.get('/api/rates/')).json()) as { official: string };
    const official = Number(now.official) * 1.05;
    // Typed and shown as French writes numbers: a decimal comma, like the card-fee hint.
    const text = (n: number) => n.toFixed(2).replace('.', ',');
    const later = new Date(Date.now() + 200 * 86_400_000);
    const local = new Date(later.getTime() - later.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

    const pageA = await pageFor(browser, a);
    await pageA.setViewportSize({ width: 1280, height: 800 });
    await pageA.goto('/ops/rates?lang=fr');
    await expect(pageA.getByTestId('rates-in-force')).toBeVisible();
    await pageA.getByTestId('rates-official').fill(text(official));
    await pageA.getByTestId('rates-freemium').fill(text(official * 0.985));
    await pageA.getByTestId('rates-subscription').fill(text(official * 0.995));
    await pageA.getByTestId('rates-later').click();
    await pageA.getByTestId('rates-effective-at').fill(local);
    await pageA.getByTestId('rates-submit').click();
    await confirmAction(pageA, 'rates-dialog', 'Nouvelle grille de la banque');
    await expect(pageA.getByTestId('rates-requested')).toContainText('attend l’approbation d’un autre opérateur');

    const pageB = await pageFor(browser, b);
    await pageB.setViewportSize({ width: 1280, height: 800 });
    await pageB.goto('/ops/approvals?lang=fr');
    const row = pageB.locator('tr', { has: pageB.locator('a[href^="/ops/rates"]') });
    await expect(row).toContainText(text(official));
    await row.getByTestId('approval-approve').click();
    await confirmAction(pageB, 'approval-dialog', 'Grille vérifiée');
    await expect(pageB.getByTestId('approval-done')).toHaveText('Demande approuvée.');
    await pageB.goto('/ops/rates?lang=fr');
    const first = pageB.getByTestId('rates-table').locator('tbody tr').first();
    await expect(first).toContainText('Programmé');
    await expect(first).toContainText(text(official));
    await expect(first).toContainText('Nouvelle grille de la banque');
  });

  test("the reconciliation of a day downloads as CSV, UTF-8 with a BOM, under its date's name", async ({
    browser,
    request,
  }) => {
    const op = await account(request, await newOperator());
    const page = await pageFor(browser, op);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/ops/reconciliation?lang=fr&date=2020-02-29');
    await expect(page.getByTestId('reconciliation-no-differences')).toHaveText('Aucun écart : tout concorde.');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('reconciliation-csv').click()]);
    expect(download.suggestedFilename()).toBe('reconciliation-2020-02-29.csv');
    const file = await download.path();
    const bytes = await import('node:fs/promises').then((fs) => fs.readFile(file));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8').split('\r\n')[0]).toBe(
      'section,item,reference,agency,currency,count,expected,actual,at',
    );
  });

  test('an operator who signs in lands on /ops; a customer who opens /ops gets the not-found page', async ({
    page,
    request,
    browser,
  }) => {
    // A new operator, as `operator:add` leaves them: no security code yet. They choose it, then the back-office.
    const email = await newOperator();
    await page.goto('/auth/email/step1?lang=fr');
    const before = await outboxCount(request, email);
    await page.getByTestId('email-input').fill(email);
    await page.getByTestId('send-code').click();
    await typeLoginCode(page, await nextMessage(request, email, before, 'code'));
    await expect(page).toHaveURL(/\/settings\/security-code\?/);
    await setSecurityCode(page, CODE);
    await expect(page).toHaveURL(/\/ops\?lang=fr$/);
    await expect(page.getByTestId('ops-shell')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord');

    const customer = await pageFor(browser, await account(request));
    await customer.goto('/ops/customers?lang=fr');
    await expect(customer.getByRole('heading', { level: 1 })).toHaveText('Page introuvable');
    await expect(customer.getByTestId('ops-shell')).toHaveCount(0);
    await expect(customer.locator('html')).not.toHaveAttribute('data-ops', '');
  });

  test('an operator freezes a customer from their screen; an auditor sees the same screens without any action', async ({
    browser,
    request,
  }) => {
    const { alice, id } = await unclaimedTransfer(request);
    const [op, auditor] = await Promise.all([
      newOperator().then((email) => account(request, email)),
      newOperator('auditor').then((email) => account(request, email)),
    ]);
    const page = await pageFor(browser, op);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/ops/customers?lang=fr');
    await page.getByTestId('customers-search').fill(alice.email);
    await expect(page.getByTestId('customer-row')).toHaveCount(1);
    await page.getByTestId('customer-row').getByRole('link').click();
    await expect(page.getByTestId('customer-balance')).toContainText(/2\s000,00/);
    // Their level and limits, the 6,000 MAD sent counted against the outgoing one.
    await expect(page.getByTestId('customer-level')).toHaveText('1 — identifiant vérifié');
    await expect(page.getByTestId('customer-limits').locator('tbody tr')).toHaveCount(2);
    await expect(page.getByTestId('customer-limits')).toContainText('Envois et retraits');
    await page.getByTestId('customer-freeze').click();
    await confirmAction(page, 'customer-dialog', 'Carte volée signalée par le client');
    await expect(page.getByTestId('customer-done')).toHaveText('Le compte est gelé.');
    await expect(page.getByTestId('customer-unfreeze')).toBeVisible();
    // The customer's own send is refused now, with the frozen message.
    const refused = await request.post('/api/transactions/', {
      headers: auth(alice),
      data: { amount: 10, contact: 1, security_code: CODE },
    });
    expect(refused.status()).toBe(403);

    const readOnly = await pageFor(browser, auditor);
    await readOnly.setViewportSize({ width: 1280, height: 800 });
    await readOnly.goto(`/ops/customers/${alice.userId}?lang=fr`);
    await expect(readOnly.getByTestId('customer-facts')).toBeVisible();
    await expect(readOnly.getByTestId('customer-unfreeze')).toHaveCount(0);
    await readOnly.goto(`/ops/transactions/${id}?lang=fr`);
    await expect(readOnly.getByTestId('tx-facts')).toBeVisible();
    await expect(readOnly.getByTestId('refund-open')).toHaveCount(0);
  });

  test('axe finds nothing serious on any ops screen, in French and in Arabic', async ({ browser, request }) => {
    test.setTimeout(300_000);
    const { alice, id } = await unclaimedTransfer(request);
    const [a, b] = await Promise.all([
      newOperator().then((email) => account(request, email)),
      newOperator().then((email) => account(request, email)),
    ]);
    // A pending request by B, so that A's approvals screen shows the buttons.
    const asked = await request.post(`/api/ops/transactions/${id}/refund/`, {
      headers: auth(b),
      data: { reason: 'Destinataire injoignable', security_code: CODE },
    });
    expect(asked.status(), await asked.text()).toBe(202);
    const page = await pageFor(browser, a);
    // Every document this page opens is scanned: axe comes with it rather than sent before each scan.
    await page.context().addInitScript({ content: AXE_LOAD });
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const lang of ['fr', 'ar']) {
        for (const screen of [
          '/ops',
          '/ops/customers',
          `/ops/customers/${alice.userId}`,
          '/ops/transactions',
          `/ops/transactions/${id}`,
          '/ops/approvals',
          '/ops/rates',
          '/ops/reconciliation',
          '/ops/reviews',
          '/ops/audit',
        ]) {
          // Each language's first screen is loaded in it; the others are opened from the one before.
          await openScreen(page, `${screen}?lang=${lang}`, 'h1', { load: screen === '/ops' });
          await expect(page.getByTestId('ops-shell')).toBeVisible();
          await expect(page.getByTestId('ops-loading')).toHaveCount(0);
          await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
          if (width === 1280) {
            const axe = await axeScan(page);
            const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
            expect(serious.map((v) => `${screen} ${lang}: ${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
          }
          const name = `ops${screen.replace(/\/ops/, '').replace(/\/\d+/, '-detail').replace(/\//g, '-') || '-dashboard'}`;
          await screenshot(page, `${name}-${lang}-${width}.png`);
        }
        // The refund dialog and the approval dialog, open.
        if (width === 1280) {
          await page.goto(`/ops/approvals?lang=${lang}`);
          await approvalRow(page, id).getByTestId('approval-approve').click();
          await expect(page.getByTestId('approval-dialog')).toBeVisible();
          const axe = await axeScan(page);
          expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
          await screenshot(page, `ops-approval-dialog-${lang}-${width}.png`, { fullPage: false });
        }
      }
    }
  });
});
