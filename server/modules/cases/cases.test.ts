import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caseMessages,
  caseSchema,
  casesPageSchema,
  opsCaseSchema,
  opsCasesPageSchema,
} from '../../../common/api/cases.ts';
import { genericMessages } from '../../../common/api/errors.ts';
import { kycMessages } from '../../../common/api/messages.ts';
import { call, ensureRates, testEnv, type SignedIn } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { jpegBytes, pdfBytes, postForm } from '../kyc/kyc.fixtures.ts';
import { lastAudit, operator } from '../ops/ops.fixtures.ts';
import type { Contact } from '../../../common/api/contacts.ts';
import { money } from '../../../common/money/money.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { SANCTIONS_HOLD } from '../sanctions/sanctions-hold.ts';
import { holdTransferMoney } from '../transfers/held-money.ts';
import { create, customer, recipientOf, type Body } from '../transfers/transactions.fixtures.ts';

/** Help cases over HTTP: threads, states, notifications, isolation, internal notes, attachments and limits. */
let t: TestApp;
let op: SignedIn;
beforeAll(async () => {
  t = await startTestApp({
    env: { ...testEnv, CASES_MAX_PER_DAY: '3', CASE_MESSAGES_MAX_PER_HOUR: '6', CASE_TARGET_HOURS_OTHER: '2' },
  });
  await ensureRates(t);
  op = await operator(t);
}, 60_000);
afterAll(async () => {
  await t.close();
});

type Message = { id: number; author: string; body: string; internal?: boolean; attachment: { id: number } | null };
type Case = {
  id: number;
  reference: string;
  state: string;
  kind: string;
  transaction: number | null;
  resolved_at: string | null;
  messages: Message[];
};
type OpsCase = Case & { late: boolean; assigned_to: { id: number } | null; transfer: { status: string } | null };

const open = (who: SignedIn, body: Body) => call<Case>(t, 'POST', '/api/cases/', { token: who.token, body });
const reply = (who: SignedIn, id: number, message: string) =>
  call<Case>(t, 'POST', `/api/cases/${id}/messages/`, { token: who.token, body: { message } });
const answer = (id: number, body: Body) =>
  call<OpsCase>(t, 'POST', `/api/ops/cases/${id}/messages/`, { token: op.token, body });
const setState = (id: number, state: string, reason = 'Checked with the partner') =>
  call<OpsCase>(t, 'POST', `/api/ops/cases/${id}/state/`, { token: op.token, body: { state, reason } });
const mine = async (who: SignedIn, id: number) => {
  const res = await call<Case>(t, 'GET', `/api/cases/${id}/`, { token: who.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(() => caseSchema.strict().parse(res.body)).not.toThrow();
  return res.body;
};
const opened = async (who: SignedIn, body: Body = {}) => {
  const res = await open(who, { kind: 'other', message: 'Where is my money?', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

describe('a customer’s case and its thread', () => {
  it('opens a case about one of their transfers, lists it, and reads the operator’s answer', async () => {
    const who = await customer(t, 100_000n);
    const contact = await recipientOf(t, who, { email: `rec-${String(who.userId)}@example.com` });
    const sent = await create(t, who, { amount: '10.00', contact });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const made = await opened(who, { kind: 'not_received', transaction: sent.body.id });
    expect(made).toMatchObject({ state: 'open', kind: 'not_received', transaction: sent.body.id });
    expect(made.reference).toMatch(/^H-\d{6,}$/);
    expect(made.messages).toEqual([expect.objectContaining({ author: 'customer', body: 'Where is my money?' })]);

    const list = await call<{ count: number; results: Case[] }>(t, 'GET', '/api/cases/', { token: who.token });
    expect(() => casesPageSchema.strict().parse(list.body)).not.toThrow();
    expect(list.body).toMatchObject({ count: 1, results: [{ id: made.id, state: 'open' }] });

    const answered = await answer(made.id, { message: 'It is on its way.' });
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
    expect(() => opsCaseSchema.strict().parse(answered.body)).not.toThrow();
    expect(answered.body).toMatchObject({ state: 'answered', assigned_to: { id: Number(op.userId) } });
    expect(answered.body.transfer).toMatchObject({ status: 'unclaimed' });
    const seen = await mine(who, made.id);
    expect(seen.state).toBe('answered');
    expect(seen.messages.map((m) => [m.author, m.body])).toEqual([
      ['customer', 'Where is my money?'],
      ['operator', 'It is on its way.'],
    ]);

    const back = await reply(who, made.id, 'Thank you, still nothing.');
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    expect(back.body.state).toBe('open');
    expect(await lastAudit(t, op, 'case.answer', { type: 'case', id: made.id })).toMatchObject({
      actor: Number(op.userId),
    });
  });

  it('a case or a reply sent twice with one Idempotency-Key is written once; the key with another body is a 409', async () => {
    const who = await customer(t);
    const headers = { 'idempotency-key': `case-${String(who.userId)}` };
    const body = { kind: 'other', message: 'Sent twice on a slow network' };
    const first = await call<Case>(t, 'POST', '/api/cases/', { token: who.token, body, headers });
    const again = await call<Case>(t, 'POST', '/api/cases/', { token: who.token, body, headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    const other = await call(t, 'POST', '/api/cases/', {
      token: who.token,
      body: { ...body, message: 'Else' },
      headers,
    });
    expect(other.status).toBe(409);
    const list = await call<{ count: number }>(t, 'GET', '/api/cases/', { token: who.token });
    expect(list.body.count).toBe(1);

    const path = `/api/cases/${String(first.body.id)}/messages/`;
    const replyHeaders = { 'idempotency-key': `reply-${String(who.userId)}` };
    for (let i = 0; i < 2; i++)
      expect(
        (await call(t, 'POST', path, { token: who.token, body: { message: 'Any news?' }, headers: replyHeaders }))
          .status,
      ).toBe(201);
    expect((await mine(who, first.body.id)).messages.map((m) => m.body)).toEqual([
      'Sent twice on a slow network',
      'Any news?',
    ]);
  });

  it('notifies the customer of each answer, in their language, never of an internal note', async () => {
    const who = await customer(t);
    const made = await opened(who);
    await answer(made.id, { message: 'Checking with the agency', internal: true });
    await answer(made.id, { message: 'We are looking into it.' });
    const notes = await call<{ results: { kind: string; title: string; body: string }[] }>(
      t,
      'GET',
      '/api/notifications/?lang=fr',
      { token: who.token },
    );
    const about = notes.body.results.filter((n) => n.kind === 'case_answered');
    expect(about).toHaveLength(1);
    expect(about[0]?.body).toContain(made.reference);
    expect(about[0]?.title).toBe('Réponse à votre demande d’aide');
    const queued = await sql<{ n: string }>`
      SELECT count(*) AS n FROM notification_deliveries d JOIN notifications n ON n.id = d.notification_id
       WHERE n.user_id = ${who.userId} AND n.kind = 'case_answered'`.execute(t.database.db);
    expect(Number(queued.rows[0]?.n)).toBe(1);
  });

  it('never shows an internal note to the customer, and shows it to operators', async () => {
    const who = await customer(t);
    const made = await opened(who);
    const noted = await answer(made.id, { message: 'Customer sounds upset; second case this week', internal: true });
    expect(noted.status).toBe(201);
    expect(noted.body.state).toBe('open');
    expect(noted.body.messages.at(-1)).toMatchObject({ internal: true, author: 'operator' });
    const seen = await mine(who, made.id);
    expect(JSON.stringify(seen)).not.toContain('upset');
    expect(seen.messages).toHaveLength(1);
    const list = await call(t, 'GET', '/api/cases/', { token: who.token });
    expect(JSON.stringify(list.body)).not.toContain('upset');
    expect(await lastAudit(t, op, 'case.note', { type: 'case', id: made.id })).toBeDefined();
  });

  it('lists each case with its newest message the customer may read, never an internal note', async () => {
    const who = await customer(t);
    const made = await opened(who);
    await answer(made.id, { message: 'We are on it' });
    await answer(made.id, { message: 'Partner ticket 4411, chase on Friday', internal: true });
    const list = await call<{ results: { id: number; last_message: string | null }[] }>(t, 'GET', '/api/cases/', {
      token: who.token,
    });
    expect(list.body.results.find((c) => c.id === made.id)?.last_message).toBe('We are on it');
  });

  it('gives operators ready answers for the case’s kind in the customer’s language', async () => {
    const who = await customer(t);
    await sql`UPDATE users SET language = 'ar' WHERE id = ${who.userId}`.execute(t.database.db);
    const made = await opened(who, { kind: 'not_credited' });
    const res = await call<OpsCase & { canned_replies: { id: string; text: string }[] }>(
      t,
      'GET',
      `/api/ops/cases/${made.id}/`,
      { token: op.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.canned_replies.map((r) => r.id)).toEqual(['looking', 'not_credited', 'solved']);
    expect(res.body.canned_replies[1]?.text).toContain('كشف حسابك');
  });

  it('answers 404 for another customer’s case, 403 to staff, 401 without a session', async () => {
    const who = await customer(t);
    const other = await customer(t);
    const made = await opened(who);
    expect((await call(t, 'GET', `/api/cases/${made.id}/`, { token: other.token })).status).toBe(404);
    expect((await reply(other, made.id, 'hello')).status).toBe(404);
    expect((await call(t, 'GET', `/api/cases/${made.id}/`)).status).toBe(401);
    expect((await call(t, 'GET', '/api/cases/', { token: op.token })).status).toBe(403);
    const list = await call<{ count: number }>(t, 'GET', '/api/cases/', { token: other.token });
    expect(list.body.count).toBe(0);
    expect((await call(t, 'GET', '/api/ops/cases/', { token: who.token })).status).toBe(403);
  });

  it('refuses a case about another customer’s transaction on its field, and bad fields in the user’s words', async () => {
    const who = await customer(t, 100_000n);
    const other = await customer(t);
    const contact = await recipientOf(t, who, { email: `rec-${String(who.userId)}@example.com` });
    const sent = await create(t, who, { amount: '10.00', contact });
    const foreign = await open(other, { kind: 'other', message: 'hi', transaction: sent.body.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({ transaction: [caseMessages.transaction] });
    const bad = await open(other, { kind: 'lost', message: '   ' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ kind: [caseMessages.kind], message: [caseMessages.message] });
    const state = await setState(1, 'closed', '');
    expect(state.status).toBe(400);
  });
});

describe('no tipping-off', () => {
  it('a case about a held transfer tells the customer nothing of the hold; operators see the status', async () => {
    const who = await customer(t, 100_000n);
    const contactId = await recipientOf(t, who, { email: `held-${String(who.userId)}@example.com` });
    const contact = await call<Contact>(t, 'GET', `/api/contacts/${contactId}/`, { token: who.token });
    const held = await withTransaction(t.database.db, (tx) =>
      holdTransferMoney(tx, String(who.userId), contact.body, money('MAD', 1000n), SANCTIONS_HOLD),
    );
    const made = await opened(who, { kind: 'not_received', transaction: Number(held) });
    const seen = JSON.stringify(await mine(who, made.id));
    expect(seen).not.toMatch(/hold|sanction|review|compliance|screen/i);
    const list = await call(t, 'GET', '/api/cases/', { token: who.token });
    expect(JSON.stringify(list.body)).not.toMatch(/hold|sanction|review|compliance|screen/i);
    const staff = await call<OpsCase>(t, 'GET', `/api/ops/cases/${made.id}/`, { token: op.token });
    expect(staff.body.transfer).toMatchObject({ status: 'on_hold' });
  });
});

describe('states', () => {
  it('an operator resolves with a reason; a customer message reopens it within 14 days, and not after', async () => {
    const who = await customer(t);
    const made = await opened(who);
    const resolved = await setState(made.id, 'resolved', 'Paid out on Monday');
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body.state).toBe('resolved');
    expect(await lastAudit(t, op, 'case.state', { type: 'case', id: made.id })).toMatchObject({
      reason: 'Paid out on Monday',
      before: { state: 'open' },
      after: { state: 'resolved' },
    });
    expect((await setState(made.id, 'resolved')).status).toBe(409);
    // The customer's screen offers to write again (and so reopen) from this time.
    expect((await mine(who, made.id)).resolved_at).toEqual(expect.any(String));
    const reopened = await reply(who, made.id, 'It came back to my account');
    expect(reopened.status).toBe(201);
    expect(reopened.body.state).toBe('open');
    expect((await mine(who, made.id)).resolved_at).toBeNull();

    await setState(made.id, 'resolved');
    await sql`UPDATE cases SET resolved_at = now() - interval '15 days' WHERE id = ${made.id}`.execute(t.database.db);
    const late = await reply(who, made.id, 'Again?');
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ detail: caseMessages.closed });
    expect((await mine(who, made.id)).state).toBe('resolved');
  });

  it('waiting for the customer, then the customer’s reply puts it back to open', async () => {
    const who = await customer(t);
    const made = await opened(who);
    expect((await setState(made.id, 'waiting_customer', 'Asked for the receipt')).body.state).toBe('waiting_customer');
    expect((await reply(who, made.id, 'Here it is')).body.state).toBe('open');
  });
});

describe('the operators’ queue', () => {
  it('lists oldest first, filters by state and kind, flags late cases and lets an operator take one', async () => {
    const who = await customer(t);
    const first = await opened(who, { kind: 'account', message: 'Cannot sign in' });
    const second = await opened(who, { kind: 'other', message: 'A question' });
    await sql`UPDATE cases SET created_at = now() - interval '3 hours' WHERE id = ${second.id}`.execute(t.database.db);
    const queue = await call<{ count: number; results: (OpsCase & { id: number })[] }>(
      t,
      'GET',
      '/api/ops/cases/?state=open&kind=other&page_size=100',
      { token: op.token },
    );
    expect(queue.status).toBe(200);
    expect(() => opsCasesPageSchema.strict().parse(queue.body)).not.toThrow();
    expect(queue.body.results.every((c) => c.state === 'open' && c.kind === 'other')).toBe(true);
    const mineInQueue = queue.body.results.find((c) => c.id === second.id);
    expect(mineInQueue?.late).toBe(true);
    expect(queue.body.results.some((c) => c.id === first.id)).toBe(false);
    const created = queue.body.results.map((c) => (c as unknown as { created_at: string }).created_at);
    expect([...created].sort()).toEqual(created);

    const taken = await call<OpsCase>(t, 'POST', `/api/ops/cases/${first.id}/assign/`, { token: op.token });
    expect(taken.status).toBe(200);
    expect(taken.body.assigned_to).toMatchObject({ id: Number(op.userId) });
    expect(taken.body.late).toBe(false);
    const answered = await answer(second.id, { message: 'Sorry for the wait' });
    expect(answered.body.late).toBe(false);
  });

  it('an auditor reads the queue and may not answer', async () => {
    const auditor = await operator(t, 'AUDITOR');
    expect((await call(t, 'GET', '/api/ops/cases/', { token: auditor.token })).status).toBe(200);
    const who = await customer(t);
    const made = await opened(who);
    const refused = await call(t, 'POST', `/api/ops/cases/${made.id}/messages/`, {
      token: auditor.token,
      body: { message: 'hi' },
    });
    expect(refused.status).toBe(403);
  });
});

describe('attachments', () => {
  it('takes a picture or PDF with the message, shows it to its customer and to operators only', async () => {
    const who = await customer(t);
    const other = await customer(t);
    const made = await postForm(t, who, '/api/cases/', {
      kind: 'not_credited',
      message: 'Here is my bank statement',
      file: { bytes: pdfBytes(), name: 'statement.pdf', type: 'application/pdf' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const created = made.body as unknown as Case;
    const attachment = created.messages[0]?.attachment;
    expect(attachment).toMatchObject({ media_type: 'application/pdf' });
    const path = `/cases/${created.id}/attachments/${String(attachment?.id)}/`;
    const own = await fetch(`${t.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${who.token}` } });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await own.arrayBuffer()).equals(pdfBytes())).toBe(true);
    expect((await call(t, 'GET', `/api${path}`, { token: other.token })).status).toBe(404);
    const staff = await fetch(`${t.baseUrl}/api/ops${path}`, { headers: { authorization: `Bearer ${op.token}` } });
    expect(staff.status).toBe(200);
    expect(await lastAudit(t, op, 'case.attachment.view', { type: 'case', id: created.id })).toBeDefined();

    const replied = await postForm(t, who, `/api/cases/${created.id}/messages/`, {
      message: 'And a photo',
      file: { bytes: jpegBytes(), name: 'photo.jpg', type: 'image/jpeg' },
    });
    expect(replied.status, JSON.stringify(replied.body)).toBe(201);
  });

  it('refuses a file that is not a picture or PDF, or over 5 MB, with the identity documents’ messages', async () => {
    const who = await customer(t);
    const wrong = await postForm(t, who, '/api/cases/', {
      kind: 'other',
      message: 'See attached',
      file: { bytes: Buffer.from('MZ not a picture'), name: 'photo.jpg', type: 'image/jpeg' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ file: [kycMessages.wrongType] });
    const big = Buffer.concat([jpegBytes(), Buffer.alloc(5 * 1024 * 1024)]);
    const large = await postForm(t, who, '/api/cases/', {
      kind: 'other',
      message: 'See attached',
      file: { bytes: big, name: 'big.jpg', type: 'image/jpeg' },
    });
    expect(large.status).toBe(413);
    expect(large.body).toEqual({ file: [kycMessages.tooLarge] });
    const none = await call<{ count: number }>(t, 'GET', '/api/cases/', { token: who.token });
    expect(none.body.count).toBe(0);
  });
});

describe('rate limits', () => {
  it('refuses a fourth case within a day and a seventh message within an hour (429 with Retry-After)', async () => {
    const who = await customer(t);
    const made = await opened(who);
    await opened(who);
    await opened(who);
    const fourth = await open(who, { kind: 'other', message: 'Again' });
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({ detail: genericMessages.tooManyRequests });
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    for (let i = 0; i < 3; i += 1) expect((await reply(who, made.id, `more ${i}`)).status).toBe(201);
    const seventh = await reply(who, made.id, 'one too many');
    expect(seventh.status).toBe(429);
    expect((await mine(who, made.id)).messages).toHaveLength(4);
  });
});
