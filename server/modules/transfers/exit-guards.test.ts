import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsMessages } from '../../../common/api/ops.ts';
import { call, type SignedIn } from '../../../tests/support/identity.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { opsAction } from '../ops/ops.fixtures.ts';
import {
  heldInComplianceHold,
  sanctionsReviewOf,
  sendToListedRecipient,
  startScreeningApp,
} from '../sanctions/sanctions.fixtures.ts';
import { balanceOf, setFrozen as setFrozenAs, type Customer } from './transactions.fixtures.ts';

/**
 * The exits of money toward a person share one set of guards (exit-guards.ts). Here, over HTTP, the one exit that
 * skipped the frozen sender: the release of money held for a review. A frozen customer moves no money, so an
 * operator approving the review of a frozen sender's held send is refused and the money stays held, the review
 * open, until the freeze is lifted.
 */
let t: TestApp;
let op: SignedIn;
beforeAll(async () => ({ t, op } = await startScreeningApp()));
afterAll(() => t.close());

const setFrozen = (c: Customer, frozen: boolean) => setFrozenAs(t, op, c, frozen);

describe('the release of a hold for review', () => {
  it('is refused while the sender is frozen: the money stays held and the review open, then goes once it is lifted', async () => {
    // A name of the test lists: the send is held for review.
    const { sender, recipient, sent } = await sendToListedRecipient(t, 120);
    expect(sent.body, JSON.stringify(sent.body)).toMatchObject({ status: 'on_hold' });
    const id = sent.body.id;
    const review = await sanctionsReviewOf(t, op, `transaction:${String(id)}`);

    await setFrozen(sender, true);
    const refused = await opsAction(t, op, `reviews/${String(review?.id)}/approve/`, { reason: 'Another person' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(JSON.stringify(refused.body)).toContain(opsMessages.accountFrozen);
    expect(await balanceOf(t, recipient)).toBe('0.00');
    expect(await heldInComplianceHold(t, id)).toBe('12000');
    expect((await sanctionsReviewOf(t, op, `transaction:${String(id)}`))?.state).toBe('open');
    const shown = await call(t, 'GET', `/api/transactions/${String(id)}/`, { token: sender.token });
    expect(shown.body.status).toBe('on_hold');

    await setFrozen(sender, false);
    const approved = await opsAction(t, op, `reviews/${String(review?.id)}/approve/`, { reason: 'Another person' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.outcome).toMatchObject({ released: true, status: 'completed' });
    expect(await balanceOf(t, recipient)).toBe('120.00');
    expect(await heldInComplianceHold(t, id)).toBe('0');
  });
});
