/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { account, CODE, pageFor } from './accounts.ts';
import { fund, newOperator } from './operator.ts';
import { screenshot } from './screenshots.ts';

// Ten sends in a day raise a monitoring review (the server's worker, from the queue); the operator reads
// the rule, the window and the movements counted in French and Arabic, and records a decision.
test('ten sends in 24 hours reach the operator as a readable monitoring alert', async ({ browser, request }) => {
  const alice = await account(request);
  const bob = await account(request);
  await fund(alice.userId, 500_00n);
  const headers = { authorization: `Bearer ${alice.token}` };
  const contact = await request.post('/api/contacts/', {
    headers,
    data: { first_name: 'Bob', last_name: 'Test', email: bob.email },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  const { id: contactId } = (await contact.json()) as { id: number };
  for (let i = 0; i < 10; i++) {
    const sent = await request.post('/api/transactions/', {
      headers,
      data: { contact: contactId, amount: '2', security_code: CODE },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }

  const operator = await account(request, await newOperator());
  const subject = `user:${alice.userId}`;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/ops/reviews/?kind=monitoring&subject=${subject}`, {
          headers: { authorization: `Bearer ${operator.token}` },
        });
        return ((await res.json()) as { count: number }).count;
      },
      { timeout: 15_000 },
    )
    .toBe(1);

  const ops = await pageFor(browser, operator);
  await ops.setViewportSize({ width: 1280, height: 800 });
  await ops.goto(`/ops/reviews?lang=fr&kind=monitoring&subject=${subject}`);
  const alert = ops.getByTestId('monitoring-alert');
  await expect(alert).toContainText('l’argent est déjà parti');
  await expect(alert.getByTestId('monitoring-finding-frequent_sends')).toContainText(
    '10 envois ou plus par un même client',
  );
  await expect(alert.getByTestId('monitoring-finding-frequent_sends')).toContainText('10 opérations');
  await expect(alert.getByTestId('monitoring-finding-frequent_sends').getByRole('link')).toHaveCount(10);
  await screenshot(ops, 'monitoring-review-fr-1280.png');
  await ops.goto(`/ops/reviews?lang=ar&kind=monitoring&subject=${subject}`);
  await expect(ops.getByTestId('monitoring-finding-frequent_sends')).toContainText('إرسالات أو أكثر من نفس الزبون');
  await expect(ops.locator('html')).toHaveAttribute('dir', 'rtl');
  await screenshot(ops, 'monitoring-review-ar-1280.png');

  await ops.getByTestId('review-reject').click();
  const dialog = ops.getByTestId('review-dialog');
  await dialog.getByTestId('action-reason').fill('Mule pattern, reported');
  await dialog.getByTestId('action-code').fill(CODE);
  await dialog.getByTestId('action-confirm').click();
  await expect(ops.getByTestId('review-done')).toBeVisible();
});
