import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, recoveryMessages } from '../../../common/api/messages.ts';
import { fundWallet } from '../../../tests/support/factories.ts';
import {
  call,
  ensureRates,
  lastCode,
  movableClock,
  signIn,
  testEnv,
  uniqueEmail,
  uniqueIp,
  uniquePhone,
  type Answer,
  type SignedIn,
} from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { operator, opsAction } from '../ops/ops.fixtures.ts';
import { sweepOnce } from '../../housekeeping-sweep.ts';
import { CODE, create, recipientOf, setCode } from '../transfers/transactions.fixtures.ts';
import { jpegBytes, pngBytes } from '../kyc/kyc.fixtures.ts';

/**
 * Getting back into an account over HTTP: the request answered alike for anyone, the two codes, the identity
 * check decided in the reviews queue, what an approval changes (identifier, sessions, security code, warnings,
 * cooling-off) and what a refusal leaves alone, and the limits.
 */
const clock = movableClock();
let t: TestApp;
let op: SignedIn;
beforeAll(async () => {
  t = await startTestApp({
    env: { ...testEnv, RECOVERY_REQUESTS_PER_IP: '3', RECOVERY_HOLD_THRESHOLD_MAD: '100' },
    deps: { clock },
  });
  await ensureRates(t);
  op = await operator(t);
});
afterAll(async () => {
  await t.close();
});

interface Person extends SignedIn {
  phone: string;
  email: string;
}

/** A customer who signs in with a phone and has a confirmed e-mail on their profile, and a security code. */
async function phoneCustomer(balanceMinor = 0n): Promise<Person> {
  const phone = uniquePhone();
  const s = await signIn(t, { phone_number: phone });
  const email = uniqueEmail('recovery');
  await t.database.db
    .updateTable('users')
    .set({ email, email_verified_at: new Date() })
    .where('id', '=', String(s.userId))
    .execute();
  await setCode(t, s);
  if (balanceMinor > 0n) await fundWallet(t.database.db, s.userId, balanceMinor);
  return { ...s, phone, email };
}

const start = (known: string, fresh: string, ip = uniqueIp()) =>
  call<Record<string, unknown>>(t, 'POST', '/api/auth/recovery/', {
    body: { known_identifier: known, new_identifier: fresh, language: 'en' },
    ip,
  });

async function prove(id: string, known: string, fresh: string): Promise<Answer> {
  const [knownCode, newCode] = [await lastCode(t, known), await lastCode(t, fresh)];
  return call(t, 'POST', `/api/auth/recovery/${id}/codes/`, { body: { known_code: knownCode, new_code: newCode } });
}

async function sendDocuments(id: string, documentType = 'passport'): Promise<Answer> {
  const data = new FormData();
  data.append('document_type', documentType);
  data.append('front', new Blob([new Uint8Array(pngBytes(3))], { type: 'image/png' }), 'front.png');
  if (documentType !== 'passport')
    data.append('back', new Blob([new Uint8Array(jpegBytes())], { type: 'image/jpeg' }), 'back.jpg');
  data.append('selfie', new Blob([new Uint8Array(pngBytes(4))], { type: 'image/png' }), 'selfie.png');
  const res = await fetch(`${t.baseUrl}/api/auth/recovery/${id}/documents/`, {
    method: 'POST',
    headers: { 'x-forwarded-for': uniqueIp() },
    body: data,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const outbox = async (to: string) =>
  (
    await call<{ results: { body: string; code: string | null }[] }>(
      t,
      'GET',
      `/api/dev/outbox/?to=${encodeURIComponent(to)}`,
    )
  ).body.results;

const userRow = (p: SignedIn) =>
  t.database.db
    .selectFrom('users')
    .select(['phone_number', 'email', 'security_code_hash', 'recovery_pending_until', 'recovery_cooling_until'])
    .where('id', '=', String(p.userId))
    .executeTakeFirstOrThrow();

async function reviewOf(p: SignedIn): Promise<{ id: number; payload: Record<string, unknown> }> {
  const res = await call<{ results: { id: number; payload: Record<string, unknown> }[] }>(
    t,
    'GET',
    `/api/ops/reviews/?state=open&kind=account_recovery&subject=user:${p.userId}`,
    { token: op.token },
  );
  expect(res.body.results).toHaveLength(1);
  return res.body.results[0]!;
}

/** A customer holding money, their recovery to `fresh` proved by its codes and its documents sent. */
async function underReview(fresh: string) {
  const alice = await phoneCustomer(500_00n);
  const started = await start(alice.email, fresh);
  const id = started.body.id as string;
  const proved = await prove(id, alice.email, fresh);
  expect(proved.status, JSON.stringify(proved.body)).toBe(200);
  expect(proved.body).toMatchObject({ state: 'documents' });
  const sent = await sendDocuments(id);
  expect(sent.status, JSON.stringify(sent.body)).toBe(202);
  expect(sent.body).toMatchObject({ state: 'review', document_type: 'passport' });
  return { alice, id };
}

describe('POST /api/auth/recovery/', () => {
  it('answers a customer and a stranger alike: 202, the same fields and words, a code to the new identifier', async () => {
    const alice = await phoneCustomer();
    const [mine, stranger] = [uniquePhone(), uniquePhone()];
    const known = await start(alice.email, mine);
    const unknown = await start(uniqueEmail('nobody'), stranger);
    for (const answer of [known, unknown]) {
      expect(answer.status).toBe(202);
      expect(answer.body).toMatchObject({ state: 'codes', document_type: null, detail: recoveryMessages.started });
    }
    expect(Object.keys(known.body).sort()).toEqual(Object.keys(unknown.body).sort());
    expect((await outbox(mine))[0]?.code).toMatch(/^\d{6}$/);
    expect((await outbox(stranger))[0]?.code).toMatch(/^\d{6}$/);
    // A stranger's request goes nowhere: no code works for the identifier nobody has.
    const wrong = await call(t, 'POST', `/api/auth/recovery/${unknown.body.id as string}/codes/`, {
      body: { known_code: '000000', new_code: await lastCode(t, stranger) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ new_code: [authMessages.wrongCode] });
  });

  it('refuses two identifiers of one kind with a field message, before anything is recorded', async () => {
    const res = await start(uniqueEmail(), uniqueEmail());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ new_identifier: [recoveryMessages.notSame] });
  });

  it('limits requests per identifier and per client network (429 with Retry-After), for strangers as for customers', async () => {
    const known = uniqueEmail('limited');
    for (let i = 0; i < 3; i++) expect((await start(known, uniquePhone())).status).toBe(202);
    const fourth = await start(known, uniquePhone());
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);

    const ip = uniqueIp();
    for (let i = 0; i < 3; i++) expect((await start(uniqueEmail(), uniquePhone(), ip)).status).toBe(202);
    expect((await start(uniqueEmail(), uniquePhone(), ip)).status).toBe(429);
  });
});

describe('a customer without money or verified identity', () => {
  it('is back in on the two codes: new sign-in, sessions ended, security code cleared, warnings sent, audited', async () => {
    const alice = await phoneCustomer();
    const fresh = uniquePhone();
    const started = await start(alice.email, fresh);
    const proved = await prove(started.body.id as string, alice.email, fresh);
    expect(proved.status, JSON.stringify(proved.body)).toBe(200);
    expect(proved.body).toMatchObject({ state: 'approved', new_identifier: fresh });

    // Every session ended: the old token is refused.
    expect((await call(t, 'GET', '/api/users/', { token: alice.token })).status).toBe(401);
    const row = await userRow(alice);
    expect(row.phone_number).toBe(fresh);
    expect(row.security_code_hash).toBeNull();
    expect(row.recovery_cooling_until!.getTime()).toBeGreaterThan(clock.now().getTime() + 6 * 86_400_000);
    // The new phone signs in to the same account.
    const back = await signIn(t, { phone_number: fresh });
    expect(back.userId).toBe(alice.userId);
    // The old phone and the e-mail are told, in words that ask to answer if it was not them.
    for (const to of [alice.phone, alice.email])
      expect((await outbox(to)).some((m) => m.body.includes('If it was not you, answer this message'))).toBe(true);
    const audit = await call<{ results: { action: string }[] }>(
      t,
      'GET',
      `/api/ops/audit/?action=recovery.apply&target_type=user&target_id=${alice.userId}`,
      { token: op.token },
    );
    expect(audit.body.results).toHaveLength(1);
  });

  it('refuses the same codes twice (409): a request changes the account once', async () => {
    const alice = await phoneCustomer();
    const fresh = uniquePhone();
    const started = await start(alice.email, fresh);
    expect((await prove(started.body.id as string, alice.email, fresh)).status).toBe(200);
    const again = await prove(started.body.id as string, alice.email, fresh);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: recoveryMessages.notWaiting });
  });
});

describe('a customer holding money: the identity check in the reviews queue', () => {
  it('moves no money while the review is open, and the operator sees the documents and both identifiers', async () => {
    const fresh = uniquePhone();
    const { alice, id } = await underReview(fresh);
    const bob = await recipientOf(t, alice, { email: uniqueEmail('bob') });
    const send = await create(t, alice, { contact: bob, amount: '10.00' });
    expect(send.status).toBe(403);
    expect(send.body).toEqual({ detail: recoveryMessages.pending });
    const review = await reviewOf(alice);
    expect(review.payload).toMatchObject({ recovery_id: id, new_identifier: fresh, known_identifier: alice.email });
    expect((review.payload.files as { part: string }[]).map((f) => f.part)).toEqual(['front', 'selfie']);
    expect((await call(t, 'GET', `/api/auth/recovery/${id}/`)).body).toMatchObject({ state: 'review' });
  });

  it('refused: the requester is told, nothing changed, and money moves again', async () => {
    const fresh = uniquePhone();
    const { alice, id } = await underReview(fresh);
    const review = await reviewOf(alice);
    const decided = await opsAction(t, op, `reviews/${review.id}/reject/`, { reason: 'Selfie does not match' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect((await call(t, 'GET', `/api/auth/recovery/${id}/`)).body).toMatchObject({ state: 'refused' });
    const row = await userRow(alice);
    expect(row).toMatchObject({
      phone_number: alice.phone,
      recovery_pending_until: null,
      recovery_cooling_until: null,
    });
    expect(row.security_code_hash).not.toBeNull();
    expect((await outbox(fresh)).some((m) => m.body.includes('recovery request is refused'))).toBe(true);
    const bob = await recipientOf(t, alice, { email: uniqueEmail('bob') });
    expect((await create(t, alice, { contact: bob, amount: '10.00' })).status).toBe(201);
  });

  it('approved: the change is made, and for the cooling-off a send above the threshold waits until the sweep', async () => {
    const fresh = uniquePhone();
    const { alice, id } = await underReview(fresh);
    const review = await reviewOf(alice);
    const decided = await opsAction(t, op, `reviews/${review.id}/approve/`, { reason: 'Selfie and passport match' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect((await call(t, 'GET', `/api/auth/recovery/${id}/`)).body).toMatchObject({ state: 'approved' });
    expect((await call(t, 'GET', '/api/users/', { token: alice.token })).status).toBe(401);

    const back = await signIn(t, { phone_number: fresh });
    expect(back.userId).toBe(alice.userId);
    // At that sign-in the app greets them with the outcome too (besides the mail or SMS), and no message of its own.
    const notices = await call<{ results: { kind: string; title: string; body: string; link: string | null }[] }>(
      t,
      'GET',
      '/api/notifications/?lang=en',
      { token: back.token },
    );
    const approved = notices.body.results.filter((n) => n.kind === 'recovery_approved');
    expect(approved).toHaveLength(1);
    expect(approved[0]).toMatchObject({ title: 'Your account is back', link: null });
    expect(approved[0]?.body).toContain('you now sign in with your new phone number');
    expect(
      await t.database.db
        .selectFrom('notification_deliveries as d')
        .innerJoin('notifications as n', 'n.id', 'd.notification_id')
        .select('n.id')
        .where('n.kind', '=', 'recovery_approved')
        .where('n.user_id', '=', String(alice.userId))
        .execute(),
    ).toEqual([]);
    // The security code must be set again before any send.
    await setCode(t, back, CODE);
    const bob = await signIn(t, { email: uniqueEmail('bob') });
    const bobEmail = (
      await t.database.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', String(bob.userId))
        .executeTakeFirstOrThrow()
    ).email!;
    const contact = await recipientOf(t, back, { email: bobEmail });
    const small = await create(t, back, { contact, amount: '50.00' });
    expect(small.status, JSON.stringify(small.body)).toBe(201);
    expect(small.body.status).toBe('completed');
    const large = await create(t, back, { contact, amount: '150.00' });
    expect(large.status, JSON.stringify(large.body)).toBe(201);
    expect(large.body.status).toBe('on_hold');

    // Not before its 24 hours; then the sweep delivers it.
    expect((await sweepOnce(t.app.services)).coolingOffReleased).toBe(0);
    clock.advance(25 * 3600);
    try {
      expect((await sweepOnce(t.app.services)).coolingOffReleased).toBeGreaterThanOrEqual(1);
    } finally {
      clock.advance(-25 * 3600);
    }
    const status = await t.database.db
      .selectFrom('transactions')
      .select('status')
      .where('id', '=', String(large.body.id))
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('completed');
  });

  it('asks for the type of identity document on file', async () => {
    const alice = await phoneCustomer(100_00n);
    await t.database.db
      .insertInto('kyc_submissions')
      .values({
        user_id: String(alice.userId),
        document_type: 'national_id',
        state: 'approved',
        created_at: new Date(),
        decided_at: new Date(),
      })
      .execute();
    const fresh = uniquePhone();
    const started = await start(alice.email, fresh);
    const proved = await prove(started.body.id as string, alice.email, fresh);
    expect(proved.body).toMatchObject({ state: 'documents', document_type: 'national_id' });
    const wrongType = await sendDocuments(started.body.id as string, 'passport');
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({
      document_type: ['Send the same type of identity document as the one on file.'],
    });
  });
});
