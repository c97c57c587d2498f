import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { AXE_LOAD, axeScan } from './axe.ts';
import { openScreen } from './open-screen.ts';
import { account, CODE, pageFor } from './accounts.ts';
import { fund, newOperator } from './operator.ts';

// The back-office in the diaspora's four other languages passes the same axe rules (WCAG 2.1 A/AA) as
// in French and Arabic (ops.spec.ts, ops-people.spec.ts), on every screen an operator opens, and says so in its
// own language (html lang) so that a screen reader reads it with the right voice.

test('every back-office screen in Spanish, Italian, Dutch and German: no serious or critical violation', async ({
  browser,
  request,
}) => {
  test.setTimeout(600_000);
  const [customer, recipient, op] = await Promise.all([
    account(request),
    account(request),
    newOperator().then((email) => account(request, email)),
  ]);
  await fund(customer.userId, 200_00n);
  const auth = { authorization: `Bearer ${customer.token}` };
  const contact = await request.post('/api/contacts/', {
    headers: auth,
    data: { first_name: 'Bob', last_name: 'Benali', email: recipient.email },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  const sent = await request.post('/api/transactions/', {
    headers: { ...auth, 'idempotency-key': randomUUID() },
    data: { amount: 40, contact: ((await contact.json()) as { id: number }).id, security_code: CODE },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const transactionId = ((await sent.json()) as { id: number }).id;

  const page = await pageFor(browser, op);
  // Every document this page opens is scanned: axe comes with it rather than sent before each scan.
  await page.context().addInitScript({ content: AXE_LOAD });
  await page.setViewportSize({ width: 1280, height: 800 });
  const problems: string[] = [];
  for (const lang of ['es', 'it', 'nl', 'de']) {
    for (const screen of [
      '/ops',
      '/ops/customers',
      `/ops/customers/${customer.userId}`,
      '/ops/transactions',
      `/ops/transactions/${transactionId}`,
      '/ops/approvals',
      '/ops/agencies',
      '/ops/tellers',
      '/ops/operators',
      '/ops/rates',
      '/ops/reconciliation',
      '/ops/reviews',
      '/ops/audit',
    ]) {
      // Each language's first screen is loaded in it; the others are opened from the one before, as an operator does.
      await openScreen(page, `${screen}?lang=${lang}`, 'h1', { load: screen === '/ops' });
      await expect(page.getByTestId('ops-shell')).toBeVisible();
      await expect(page.getByTestId('ops-loading')).toHaveCount(0);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const axe = await axeScan(page);
      for (const v of axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'))
        problems.push(`${screen} ${lang}: ${v.id} ${v.nodes[0]?.target.join(' ')}`);
    }
  }
  expect(problems, problems.join('\n')).toEqual([]);
});
