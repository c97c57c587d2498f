import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericMessages } from '../../../common/api/errors.ts';
import { kycMessages } from '../../../common/api/kyc.ts';
import { call, ensureRates, testEnv, type SignedIn } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { operator, opsAction } from '../ops/ops.fixtures.ts';
import { customer } from '../transfers/transactions.fixtures.ts';
import { fullForm, jpegBytes, pdfBytes, pngBytes, submit } from './kyc.fixtures.ts';

/** Identity documents over HTTP: the upload's checks, encryption at rest, the review and its outcomes. */
let t: TestApp;
let op: SignedIn;
let auditor: SignedIn;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
  [op, auditor] = await Promise.all([operator(t), operator(t, 'AUDITOR')]);
});
afterAll(async () => {
  await t.close();
});

const status = async (s: SignedIn) => (await call(t, 'GET', '/api/kyc/', { token: s.token })).body;
const storedSubmissions = async (s: SignedIn) =>
  (await t.database.db.selectFrom('kyc_submissions').select('id').where('user_id', '=', String(s.userId)).execute())
    .length;

const notificationKinds = async (s: SignedIn) =>
  (
    await t.database.db.selectFrom('notifications').select('kind').where('user_id', '=', String(s.userId)).execute()
  ).map((n) => n.kind);

async function reviewOf(s: SignedIn) {
  const res = await call<{ results: { id: number; payload: Record<string, unknown> }[] }>(
    t,
    'GET',
    `/api/ops/reviews/?state=open&kind=kyc_document&subject=user:${s.userId}`,
    { token: op.token },
  );
  expect(res.body.results).toHaveLength(1);
  return res.body.results[0] as { id: number; payload: { files: { id: number; part: string; media_type: string }[] } };
}

describe('POST /api/kyc/submissions/', () => {
  it('stores a complete submission encrypted, pending, with a review item whose files operators read, never cached', async () => {
    const alice = await customer(t);
    expect(await status(alice)).toMatchObject({
      state: 'none',
      level: 1,
      missing: ['date_of_birth', 'address', 'postcode', 'city'],
    });
    const form = fullForm(7);
    const res = await submit(t, alice, form);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      state: 'pending',
      document_type: 'national_id',
      missing: [],
      profile: { date_of_birth: '1990-04-12', address: '12 rue des Lilas', postcode: '75011', city: 'Paris' },
    });
    const review = await reviewOf(alice);
    expect(review.payload.files.map((f) => [f.part, f.media_type])).toEqual([
      ['front', 'image/png'],
      ['back', 'image/jpeg'],
      ['selfie', 'image/png'],
    ]);
    const front = review.payload.files[0]!;
    const plaintext = (form.front as { bytes: Buffer }).bytes;

    // At rest: neither the bytes nor any run of them, a 12-byte IV, and the key's id.
    const row = await t.database.db
      .selectFrom('kyc_files')
      .select(['ciphertext', 'iv', 'key_id'])
      .where('id', '=', String(front.id))
      .executeTakeFirstOrThrow();
    expect(row.ciphertext.equals(plaintext)).toBe(false);
    expect(row.ciphertext.includes(plaintext.subarray(0, 8))).toBe(false);
    expect(row.iv).toHaveLength(12);
    expect(row.key_id).toMatch(/^[0-9a-f]{16}$/);

    for (const reader of [op, auditor]) {
      const file = await fetch(`${t.baseUrl}/api/ops/kyc/files/${front.id}/`, {
        headers: { authorization: `Bearer ${reader.token}` },
      });
      expect(file.status).toBe(200);
      expect(file.headers.get('cache-control')).toBe('no-store');
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await file.arrayBuffer()).equals(plaintext)).toBe(true);
    }
    const asCustomer = await call(t, 'GET', `/api/ops/kyc/files/${front.id}/`, { token: alice.token });
    expect(asCustomer.status).toBe(403);
    const viewed = await t.database.db
      .selectFrom('audit')
      .select('actor_role')
      .where('action', '=', 'kyc.document.view')
      .where('target_id', '=', String(front.id))
      .execute();
    expect(viewed.map((v) => v.actor_role).sort()).toEqual(['AUDITOR', 'OPERATOR']);

    // One pending submission at a time.
    const again = await submit(t, alice, fullForm(8));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: kycMessages.pending });
    expect(await storedSubmissions(alice)).toBe(1);
  });

  it('a passport needs no back; a PDF is recognised by its bytes, whatever its name and declared type', async () => {
    const bob = await customer(t);
    const res = await submit(t, bob, {
      ...fullForm(),
      document_type: 'passport',
      back: '',
      front: { bytes: pdfBytes(), name: 'scan.png', type: 'image/png' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const review = await reviewOf(bob);
    expect(review.payload.files.map((f) => [f.part, f.media_type])).toEqual([
      ['front', 'application/pdf'],
      ['selfie', 'image/png'],
    ]);
  });

  it('refuses each wrong part with a field message and stores nothing', async () => {
    const carol = await customer(t);
    const fiveMegabytesAndOne = Buffer.concat([pngBytes(), Buffer.alloc(5 * 1024 * 1024 + 1 - pngBytes().length)]);
    const cases: [Record<string, unknown>, number, Record<string, string[]>][] = [
      [{ front: '' }, 400, { front: [genericMessages.required] }],
      [{ back: undefined }, 400, { back: [genericMessages.required] }],
      [
        { selfie: { bytes: Buffer.from('GIF89a not allowed'), name: 'me.png', type: 'image/png' } },
        400,
        { selfie: [kycMessages.wrongType] },
      ],
      [
        { front: { bytes: Buffer.from('<html>'), name: 'id.jpg', type: 'image/jpeg' } },
        400,
        { front: [kycMessages.wrongType] },
      ],
      [
        { back: { bytes: fiveMegabytesAndOne, name: 'big.png', type: 'image/png' } },
        413,
        { back: [kycMessages.tooLarge] },
      ],
      [{ document_type: 'driving_licence' }, 400, { document_type: [kycMessages.documentType] }],
      [{ document_type: undefined }, 400, { document_type: [genericMessages.required] }],
      [{ city: undefined }, 400, { city: [genericMessages.required] }],
      [{ date_of_birth: '2015-01-01' }, 400, { date_of_birth: [kycMessages.adult] }],
      [{ date_of_birth: '1990-02-30' }, 400, { date_of_birth: ['Enter a valid date (YYYY-MM-DD).'] }],
    ];
    for (const [change, code, body] of cases) {
      const form = Object.fromEntries(
        Object.entries({ ...fullForm(), ...change }).filter(([, v]) => v !== undefined),
      ) as Parameters<typeof submit>[2];
      const res = await submit(t, carol, form);
      expect([res.status, res.body], JSON.stringify(change).slice(0, 80)).toEqual([code, body]);
    }
    const json = await call(t, 'POST', '/api/kyc/submissions/', {
      token: carol.token,
      body: { document_type: 'passport' },
    });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ detail: kycMessages.notMultipart });
    expect(await storedSubmissions(carol)).toBe(0);
    expect(await status(carol)).toMatchObject({
      state: 'none',
      missing: ['date_of_birth', 'address', 'postcode', 'city'],
    });
  });

  it('a body over the route limit is refused unread (413), and staff do not send documents', async () => {
    const dave = await customer(t);
    const huge = Buffer.concat([jpegBytes(), Buffer.alloc(16 * 1024 * 1024)]);
    const res = await submit(t, dave, { ...fullForm(), front: { bytes: huge, name: 'huge.jpg', type: 'image/jpeg' } });
    expect(res.status).toBe(413);
    expect(await storedSubmissions(dave)).toBe(0);
    expect((await submit(t, op, fullForm())).status).toBe(403);
  });
});

describe('the review of identity documents', () => {
  it('approve raises the customer to level 2 at once (limits included) and is audited', async () => {
    const erin = await customer(t);
    // The user says documents are under review until they are decided: home asked for them again after they were sent.
    const underReview = async () =>
      (await call<{ results: { identity_under_review?: boolean }[] }>(t, 'GET', '/api/users/', { token: erin.token }))
        .body.results[0]?.identity_under_review;
    expect(await underReview()).toBe(false);
    expect((await submit(t, erin, fullForm())).status).toBe(201);
    expect(await underReview()).toBe(true);
    const review = await reviewOf(erin);
    const decided = await opsAction(t, op, `reviews/${review.id}/approve/`, { reason: 'Document and selfie match' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.outcome).toMatchObject({ level: 2 });
    expect(await status(erin)).toMatchObject({ state: 'approved', level: 2, reason: null });
    expect(await notificationKinds(erin)).toEqual(['kyc_approved']);
    const me = await call<{ results: { level: number; limits: { kind: string; limit: string }[] }[] }>(
      t,
      'GET',
      '/api/users/',
      { token: erin.token },
    );
    expect(me.body.results[0]?.level).toBe(2);
    expect(await underReview()).toBe(false);
    expect(me.body.results[0]?.limits.find((l) => l.kind === 'outgoing')?.limit).toBe('100000.00');
    const audited = await t.database.db
      .selectFrom('audit')
      .select('action')
      .where('target_type', 'in', ['kyc_submission', 'review'])
      .where((eb) => eb.or([eb('target_id', '=', String(review.id)), eb('actor_user_id', '=', String(erin.userId))]))
      .execute();
    expect(audited.map((a) => a.action).sort()).toEqual(['kyc.submit', 'review.approve']);
    expect((await submit(t, erin, fullForm())).status).toBe(409);
  });

  it('reject shows the reason to the customer and lets them send new documents', async () => {
    const fay = await customer(t);
    expect((await submit(t, fay, fullForm())).status).toBe(201);
    const review = await reviewOf(fay);
    const reason = 'The photo of the front is blurred: take it again in good light.';
    expect((await opsAction(t, op, `reviews/${review.id}/reject/`, { reason })).status).toBe(200);
    expect(await status(fay)).toMatchObject({ state: 'rejected', level: 1, reason, missing: [] });
    expect(await notificationKinds(fay)).toEqual(['kyc_rejected']);
    // The profile fields are kept: the second form needs only the files.
    const second = await submit(t, fay, {
      document_type: 'passport',
      front: { bytes: jpegBytes(), name: 'p.jpg' },
      selfie: { bytes: pngBytes(3), name: 's.png' },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body).toMatchObject({ state: 'pending', reason: null });
  });
});
