import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ACTIVE_RATE_ALERTS, rateAlertMessages, rateAlertsPageSchema } from '../../../common/api/rate-alerts.ts';
import { formatDecimal, parseDecimal, pow10 } from '../../../common/money/decimal.ts';
import { call, movableClock, type SignedIn } from '../../../tests/support/identity.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { operator, opsAction, startOpsScratchApp } from '../ops/ops.fixtures.ts';
import { expectNewestSubject } from '../transfers/methods/cash-pickup/pickups.fixtures.ts';
import { insertRates } from '../rates/rates.repository.ts';
import { sweepOnce } from '../../housekeeping-sweep.ts';
import { agency, customer, newKey, teller } from '../transfers/transactions.fixtures.ts';
import { fireRateAlerts } from './fire.ts';
import { activate } from '../billing/subscriptions.repository.ts';
import { withTransaction } from '../../ledger/transaction.ts';

/**
 * Rate alerts over HTTP, on a database of their own: these tests change the rates every price reads,
 * which the other test files sharing the run's database must not see.
 */
const clock = movableClock();
let t: TestApp;
let op: SignedIn;
let second: SignedIn;
beforeAll(async () => {
  // The rates in force: official 10.85, freemium 10.70, subscription 10.80.
  ({ t, op } = await startOpsScratchApp('rate_alerts_test', { clock }));
  second = await operator(t);
}, 60_000);
afterAll(() => t.close());

type Alert = {
  id: number;
  threshold: string;
  state: string;
  triggered_at: string | null;
  triggered_rate: string | null;
};

const post = (who: SignedIn, body: unknown, headers?: Record<string, string>) =>
  call<Alert & Record<string, unknown>>(t, 'POST', '/api/rate-alerts/', {
    token: who.token,
    body,
    ...(headers && { headers }),
  });
const list = async (who: SignedIn) => {
  const res = await call<{ count: number; results: Alert[] }>(t, 'GET', '/api/rate-alerts/?page_size=100', {
    token: who.token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(() => rateAlertsPageSchema.strict().parse(res.body)).not.toThrow();
  return res.body.results;
};
const remove = (who: SignedIn, id: number) => call(t, 'DELETE', `/api/rate-alerts/${id}/`, { token: who.token });
const rateAlertNotifications = async (who: SignedIn, lang = 'en') => {
  const res = await call<{ results: { kind: string; title: string; body: string; transaction: number | null }[] }>(
    t,
    'GET',
    `/api/notifications/?page_size=100&lang=${lang}`,
    { token: who.token },
  );
  return res.body.results.filter((n) => n.kind === 'rate_alert');
};
const setRates = (body: Record<string, unknown>, as = op) => opsAction(t, as, 'rates/', { reason: 'Fixing', ...body });
/** A second operator approves a rates request; the answer's status. */
const approve = async (requested: { body: Record<string, unknown> }) =>
  (
    await opsAction(t, second, `approvals/${(requested.body.approval as { id: number }).id}/approve/`, {
      reason: 'Checked',
    })
  ).status;
const newestRatesId = async () =>
  (await t.database.db.selectFrom('rates').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()).id;
const ownRate = async (who: SignedIn) =>
  (await call<{ results: { rate_delta: string }[] }>(t, 'GET', '/api/users/', { token: who.token })).body.results[0]
    ?.rate_delta;

describe('POST, GET and DELETE /api/rate-alerts/', () => {
  it('a customer sets an alert above their rate, lists only their own, deletes it; another customer gets 404', async () => {
    const [ann, bob] = await Promise.all([customer(t), customer(t)]);
    expect(await ownRate(ann)).toBe('10.7000');
    const made = await post(ann, { threshold: '11.20' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      threshold: '11.2000',
      state: 'active',
      triggered_at: null,
      triggered_rate: null,
    });
    expect(await list(ann)).toMatchObject([{ id: made.body.id, threshold: '11.2000', state: 'active' }]);
    expect(await list(bob)).toEqual([]);
    // Bob can neither see nor delete it: the same 404 as an id that does not exist.
    const foreign = await remove(bob, made.body.id);
    expect(foreign.status).toBe(404);
    expect((await remove(bob, 999_999_999)).body).toEqual(foreign.body);
    expect(await list(ann)).toHaveLength(1);
    expect((await remove(ann, made.body.id)).status).toBe(204);
    expect(await list(ann)).toEqual([]);
    expect((await remove(ann, made.body.id)).status).toBe(404);
  });

  it('refuses a threshold at or below the rate, above +50 %, or not a decimal, on the field', async () => {
    const ann = await customer(t);
    expect(await ownRate(ann)).toBe('10.7000');
    const refused = async (body: unknown, message: string) => {
      const res = await post(ann, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toEqual({ threshold: [message] });
    };
    await refused({ threshold: '10.70' }, rateAlertMessages.notAbove);
    await refused({ threshold: '10.6999' }, rateAlertMessages.notAbove);
    await refused({ threshold: '9' }, rateAlertMessages.notAbove);
    // 10.70 * 1.5 = 16.05 is the highest allowed.
    await refused({ threshold: '16.0501' }, rateAlertMessages.tooHigh);
    await refused({ threshold: '99.99' }, rateAlertMessages.tooHigh);
    for (const bad of ['abc', '', ' ', '11,20', '11.20001', '-11.20', '1e1', '0', '0.0000', '12345.1', 'NaN'])
      await refused({ threshold: bad }, rateAlertMessages.threshold);
    for (const bad of [11.2, null, true, ['11.20'], { value: '11.20' }])
      await refused({ threshold: bad }, rateAlertMessages.threshold);
    await refused({}, rateAlertMessages.threshold);
    expect(await list(ann)).toEqual([]);
    // The bounds themselves: just above the rate, and exactly +50 %.
    expect((await post(ann, { threshold: '10.7001' })).status).toBe(201);
    expect((await post(ann, { threshold: '16.05' })).status).toBe(201);
  });

  it(`allows ${MAX_ACTIVE_RATE_ALERTS} active alerts, refuses the 11th with a message, and takes one again after a delete`, async () => {
    const ann = await customer(t);
    const ids: number[] = [];
    for (let i = 0; i < MAX_ACTIVE_RATE_ALERTS; i++) {
      const res = await post(ann, { threshold: `11.${String(10 + i)}` });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.id);
    }
    const eleventh = await post(ann, { threshold: '11.50' });
    expect(eleventh.status).toBe(400);
    expect(eleventh.body).toEqual({ detail: rateAlertMessages.tooMany });
    // Two at once for the last place: one wins.
    expect((await remove(ann, ids[0] ?? 0)).status).toBe(204);
    const race = await Promise.all([post(ann, { threshold: '11.60' }), post(ann, { threshold: '11.61' })]);
    expect(race.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(await list(ann)).toHaveLength(MAX_ACTIVE_RATE_ALERTS);
  });

  it('a retry with the same Idempotency-Key answers the same alert; the key with another body is a 409', async () => {
    const ann = await customer(t);
    const key = newKey();
    const first = await post(ann, { threshold: '11.30' }, { 'idempotency-key': key });
    const again = await post(ann, { threshold: '11.30' }, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await list(ann)).toHaveLength(1);
    expect((await post(ann, { threshold: '11.40' }, { 'idempotency-key': key })).status).toBe(409);
    expect((await post(ann, { threshold: '11.30' }, { 'idempotency-key': 'bad key' })).status).toBe(400);
    expect(await list(ann)).toHaveLength(1);
  });

  it('tellers and operators get 403 on every route', async () => {
    const ann = await customer(t);
    const id = (await post(ann, { threshold: '11.30' })).body.id;
    for (const staff of [await teller(t, await agency(t)), op]) {
      const answers = [
        await call(t, 'GET', '/api/rate-alerts/', { token: staff.token }),
        await post(staff, { threshold: '11.30' }),
        await remove(staff, id),
      ];
      for (const res of answers) {
        expect(res.status, JSON.stringify(res.body)).toBe(403);
        expect(res.body).toEqual({ detail: rateAlertMessages.customersOnly });
      }
    }
    expect(await list(ann)).toHaveLength(1);
  });
});

/** The rates row in force at the test clock's now. */
const ratesInForce = () =>
  t.database.db
    .selectFrom('rates')
    .select(['official', 'freemium', 'subscription'])
    .where('effective_at', '<=', clock.now())
    .orderBy('effective_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();

/** Rates are exact decimals ("10.7000"): add hundredths in integer units, never through a float. */
const plus = (rate: string, hundredths: number) => {
  const d = parseDecimal(rate);
  if (!d || d.scale < 2) throw new Error(`unexpected rate ${rate}`);
  return formatDecimal({ units: d.units + BigInt(hundredths) * pow10(d.scale - 2), scale: d.scale });
};

describe('firing', () => {
  it('fires once when a rate change in force at once reaches the threshold: in-app, e-mail, marked triggered', async () => {
    const [ann, bob] = await Promise.all([customer(t), customer(t)]);
    const annAlert = (await post(ann, { threshold: '10.80' })).body;
    const bobAlert = (await post(bob, { threshold: '10.90' })).body;
    expect(await rateAlertNotifications(ann)).toEqual([]);
    // Within the four-eyes threshold (2 %): applied at once, and ann's alert fires in the same transaction.
    const set = await setRates({ official: '10.90', freemium: '10.82', subscription: '10.85' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(await list(ann)).toMatchObject([
      { id: annAlert.id, state: 'triggered', triggered_rate: '10.8200', threshold: '10.8000' },
    ]);
    expect((await list(ann))[0]?.triggered_at).not.toBeNull();
    expect(await list(bob)).toMatchObject([{ id: bobAlert.id, state: 'active', triggered_at: null }]);
    expect(await rateAlertNotifications(ann)).toEqual([
      {
        kind: 'rate_alert',
        title: 'Rate alert reached',
        body: 'Your rate is now 1 EUR = 10.82 MAD: it has reached your alert at 10.80 MAD.',
        transaction: null,
        // The page the notification opens: the rates, where the alert and the rate are.
        link: '/rates',
        id: expect.any(Number) as number,
        created_at: expect.any(String) as string,
        read_at: null,
      },
    ]);
    expect((await rateAlertNotifications(ann, 'fr'))[0]).toMatchObject({
      title: 'Alerte de taux atteinte',
      body: 'Votre taux est maintenant de 1 EUR = 10,82 MAD : il a atteint votre alerte à 10,80 MAD.',
    });
    // In Arabic the number sits between left-to-right isolates (LRI..PDI), so it keeps its order in the sentence.
    expect((await rateAlertNotifications(ann, 'ar'))[0]?.body).toContain('\u206610,82\u2069 درهم');
    expect((await rateAlertNotifications(ann, 'de'))[0]?.title).toBe('Kursalarm erreicht');
    await expectNewestSubject(t, (ann as SignedIn & { email: string }).email, 'Sila: Rate alert reached');
    expect(await rateAlertNotifications(bob)).toEqual([]);

    // A later change that still reaches it does not fire it again; the sweep does not either.
    expect((await setRates({ official: '10.90', freemium: '10.84', subscription: '10.85' })).status).toBe(200);
    await sweepOnce(t.app.services);
    expect(await rateAlertNotifications(ann)).toHaveLength(1);
    expect(await rateAlertNotifications(bob)).toEqual([]);
    // An alert set now, at the rate in force, is not fired by rates already in force.
    const later = (await post(ann, { threshold: '10.85' })).body;
    await sweepOnce(t.app.services);
    expect((await list(ann)).find((a) => a.id === later.id)?.state).toBe('active');
  });

  it('a change past four eyes fires nothing when requested, and fires when another operator approves it', async () => {
    const ann = await customer(t);
    const rate = await ownRate(ann);
    expect(rate).toBe('10.8400');
    const alert = (await post(ann, { threshold: '11.00' })).body;
    const requested = await setRates({ official: '11.20', freemium: '11.05', subscription: '11.10' });
    expect(requested.status, JSON.stringify(requested.body)).toBe(202);
    await sweepOnce(t.app.services);
    expect((await list(ann))[0]).toMatchObject({ id: alert.id, state: 'active' });
    expect(await rateAlertNotifications(ann)).toEqual([]);
    const approval = requested.body.approval as { id: number };
    const approved = await opsAction(t, second, `approvals/${approval.id}/approve/`, { reason: 'Checked' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((await list(ann))[0]).toMatchObject({ id: alert.id, state: 'triggered', triggered_rate: '11.0500' });
    expect(await rateAlertNotifications(ann)).toHaveLength(1);
  });

  it('a rate scheduled for later fires the alert once it is in force (the sweep), never before', async () => {
    const ann = await customer(t);
    expect(await ownRate(ann)).toBe('11.0500');
    const alert = (await post(ann, { threshold: '11.15' })).body;
    const at = new Date(clock.now().getTime() + 3600_000);
    const requested = await setRates({
      official: '11.25',
      freemium: '11.15',
      subscription: '11.20',
      effective_at: at.toISOString(),
    });
    // Past four eyes against the rates in force over the last 24 hours (10.85 before the approved change).
    expect(requested.status, JSON.stringify(requested.body)).toBe(202);
    expect(await approve(requested)).toBe(200);
    const scheduledId = await newestRatesId();
    expect(
      (
        await t.database.db
          .selectFrom('rates')
          .select('effective_at')
          .where('id', '=', scheduledId)
          .executeTakeFirstOrThrow()
      ).effective_at,
    ).toEqual(at);
    expect((await sweepOnce(t.app.services)).rateAlerts).toBe(0);
    expect((await list(ann))[0]).toMatchObject({ id: alert.id, state: 'active' });
    clock.advance(3601);
    try {
      // Two servers' sweeps at the same moment: every alert the row reaches (ann's, and other tests' ones) once.
      const [one, two] = await Promise.all([sweepOnce(t.app.services), sweepOnce(t.app.services)]);
      const byRow = await t.database.db
        .selectFrom('rate_alerts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('triggered_rates_id', '=', scheduledId)
        .executeTakeFirstOrThrow();
      expect(one.rateAlerts + two.rateAlerts).toBe(Number(byRow.n));
      expect(Number(byRow.n)).toBeGreaterThanOrEqual(1);
      expect((await sweepOnce(t.app.services)).rateAlerts).toBe(0);
      const fresh = await customer(t); // a session of the new time, to read as ann would
      expect(await ownRate(fresh)).toBe('11.1500');
      const triggered = await t.database.db
        .selectFrom('rate_alerts')
        .select(['triggered_at', 'triggered_rate'])
        .where('id', '=', String(alert.id))
        .executeTakeFirstOrThrow();
      expect(triggered.triggered_rate).toBe('11.1500');
      expect(triggered.triggered_at?.getTime()).toBeGreaterThanOrEqual(at.getTime());
      const notified = await t.database.db
        .selectFrom('notifications')
        .select(['kind', 'params'])
        .where('user_id', '=', String(ann.userId))
        .execute();
      expect(notified).toEqual([{ kind: 'rate_alert', params: { threshold: '11.1500', rate: '11.1500' } }]);
    } finally {
      clock.advance(-3601);
    }
  });

  it("a subscriber's alert fires on the subscription rate, which is their own; a freemium customer's does not", async () => {
    const [subscriber, free] = await Promise.all([customer(t), customer(t)]);
    await withTransaction(t.database.db, (tx) =>
      activate(tx, {
        userId: String(subscriber.userId),
        provider: 'sandbox',
        providerId: `sub_rate_alert_${subscriber.userId}`,
        periodEnd: new Date(clock.now().getTime() + 30 * 86_400_000),
        now: clock.now(),
      }),
    );
    const base = await ratesInForce();
    expect(await ownRate(subscriber)).toBe(base.subscription);
    expect(await ownRate(free)).toBe(base.freemium);
    // One threshold for both, a hundredth above the subscription rate (so above the freemium rate too).
    const threshold = plus(base.subscription, 1);
    const subscriberAlert = await post(subscriber, { threshold });
    const freeAlert = await post(free, { threshold });
    expect([subscriberAlert.status, freeAlert.status]).toEqual([201, 201]);
    // The subscription rate reaches it, the freemium rate stays where it was (past four eyes against the rates of
    // the last 24 hours: applied when a second operator approves it).
    const set = await setRates({
      official: plus(base.official, 1),
      freemium: base.freemium,
      subscription: threshold,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(202);
    expect(await approve(set)).toBe(200);
    expect(await list(subscriber)).toMatchObject([
      { id: subscriberAlert.body.id, state: 'triggered', triggered_rate: threshold },
    ]);
    expect(await rateAlertNotifications(subscriber)).toHaveLength(1);
    expect(await list(free)).toMatchObject([{ id: freeAlert.body.id, state: 'active', triggered_at: null }]);
    expect(await rateAlertNotifications(free)).toEqual([]);
  });

  it('passes racing over the same alerts fire each exactly once', async () => {
    const base = await ratesInForce();
    const people = await Promise.all([customer(t), customer(t), customer(t), customer(t)]);
    const alerts = await Promise.all(people.map((p) => post(p, { threshold: plus(base.freemium, 1) })));
    for (const a of alerts) expect(a.status, JSON.stringify(a.body)).toBe(201);
    const ids = alerts.map((a) => String(a.body.id));
    // New rates in force, written without firing (as a process that died between its write and its pass would).
    const now = clock.now();
    await insertRates(t.database.db, {
      official: plus(base.official, 5),
      freemium: plus(base.freemium, 5),
      subscription: plus(base.subscription, 5),
      cardFee: '0.016',
      effectiveAt: now,
    });
    const db = t.database.db;
    // A pass holds its fired alerts uncommitted while another pass starts: the second waits, then fires none.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let firstFired: string[] = [];
    let heldOpen!: () => void;
    const opened = new Promise<void>((resolve) => (heldOpen = resolve));
    const first = db.transaction().execute(async (tx) => {
      try {
        firstFired = (await fireRateAlerts(tx, now, 0)).map((a) => a.id).filter((id) => ids.includes(id));
      } finally {
        heldOpen();
      }
      await gate;
    });
    await opened;
    let secondDone = false;
    const secondPass = fireRateAlerts(db, now, 0).then((fired) => {
      secondDone = true;
      return fired.map((a) => a.id).filter((id) => ids.includes(id));
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const waited = !secondDone;
    release(); // before any assertion: a failure must not leave the transaction open
    await first;
    expect(waited, 'the second pass waits for the first one’s locks').toBe(true);
    expect(firstFired.sort()).toEqual([...ids].sort());
    expect(await secondPass).toEqual([]);
    // And passes started all at once, without any ordering: still nothing more.
    const more = await Promise.all([1, 2, 3, 4].map(() => fireRateAlerts(db, now, 0)));
    expect(more.flat().filter((a) => ids.includes(a.id))).toEqual([]);
    for (const p of people) expect(await rateAlertNotifications(p)).toHaveLength(1);
    // Over the whole file: one notification per triggered alert, none for an active one.
    const [notifications, triggered] = await Promise.all([
      db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('kind', '=', 'rate_alert')
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('rate_alerts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('triggered_at', 'is not', null)
        .executeTakeFirstOrThrow(),
    ]);
    expect(Number(notifications.n)).toBe(Number(triggered.n));
  });
});
