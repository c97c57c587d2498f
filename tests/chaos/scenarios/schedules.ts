import { sleep } from '../cluster.ts';
import { addUser, formatMinor, toMinor, type ScheduleOp } from '../journal.ts';
import { runOperator, runOperatorHere, operatorDb } from '../operator.ts';
import { addContact, SECURITY_CODE, setLevels, setSecurityCode, signIn, type Customer } from '../population.ts';
import type { Rng } from '../rng.ts';
import { big, resultOf, type Cast, type CustomerState, type Scenario, type World } from '../world.ts';
import { topupScenario } from './topup.ts';

/**
 * Recurring transfers falling due while everything that sends them dies. Savers (customers of their own, whose
 * wallets only their top-ups and their schedules touch) make one-transfer schedules due the day they are made;
 * the scheduler passes that send them run in the worker (killed -9 and restarted: each start is a pass) and as
 * `schedules:run` commands, two at once now and then, some killed -9 mid-way, while the API processes die and the
 * database sessions are terminated. A saver makes a schedule it can pay only when its balance, less what its other
 * schedules may still take, covers it: such a date must be sent, exactly once. Now and then it makes one far beyond
 * any balance of the run: never sent. A last pass runs after the workload (the drain).
 */

const SAVERS = 2;
/** An amount no saver's wallet reaches in a run (they top up only below 500 MAD free), under the 20,000 MAD bound. */
const OVERSIZED = 15_000_00n;
const savers = new Set<string>();

/** Today where the savers live (no country: Europe/Paris), the schedule's first date, so it is due at once. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());

async function recruit(world: World, cast: Cast, index: number, tag: string): Promise<Customer | undefined> {
  const email = `chaos-saver-${index}-${tag}@example.com`;
  const p = cast.recruit?.(email);
  const url = world.operatorEnv?.DATABASE_URL;
  if (!p || !url) return undefined;
  Object.assign(p, await signIn(p.client, email, p.ip));
  addUser(world.journal, email, p.userId);
  savers.add(p.userId);
  await setSecurityCode(p);
  await setLevels(url, [p]);
  const registered = new Map<number, string>();
  for (const other of cast.customers.slice(index * 2, index * 2 + 2))
    registered.set(await addContact(p, other.email, 'Chaos', 'Saver Payee'), other.email);
  return { ...p, registered, ghosts: new Map(), agencies: new Map(), topsUp: true };
}

async function makeSchedule(world: World, s: Customer, amountMinor: bigint, affordable: boolean): Promise<void> {
  const contact = s.rng.pick([...s.registered.keys()]);
  if (contact === undefined) return;
  const op: ScheduleOp = {
    userId: s.userId,
    key: s.rng.uuid(),
    amountMinor,
    contact,
    recipient: s.registered.get(contact) ?? '',
    affordable,
    result: 'unresolved',
    status: 0,
  };
  world.journal.schedules.push(op);
  const res = await s.client.request({
    method: 'POST',
    path: '/api/schedules/',
    ip: s.ip,
    token: s.token,
    idempotencyKey: op.key,
    json: {
      contact,
      amount: formatMinor(amountMinor),
      frequency: 'weekly',
      start_date: today(),
      count: 1,
      security_code: SECURITY_CODE,
    },
  });
  op.status = res.status;
  op.result = resultOf(res.status);
  if (res.status === 201) op.scheduleId = Number(res.body.id);
  else op.message = JSON.stringify(res.body).slice(0, 160);
}

async function saverLoop(world: World, cast: Cast, index: number, tag: string): Promise<void> {
  const s = await recruit(world, cast, index, tag).catch(() => undefined);
  if (!s) {
    world.anomalies.push({ check: 'saver-setup', detail: `saver ${index} could not be set up` });
    return;
  }
  const state: CustomerState = { balance: 0n, waiting: [] };
  const base = { ip: s.ip, token: s.token, timeoutChance: 0, giveUpMs: 10_000 };
  while (Date.now() < world.stopAt - 1500) {
    // The list before the balance: a schedule seen finished was paid before the balance was read.
    const list = await s.client.request({ ...base, method: 'GET', path: '/api/schedules/?page_size=100' });
    const me = await s.client.request({ ...base, method: 'GET', path: '/api/users/' });
    const balance = (me.body.results as { balance: string }[] | undefined)?.[0]?.balance;
    if (list.status !== 200 || me.status !== 200 || balance === undefined) {
      await sleep(300);
      continue;
    }
    const done = new Set(
      ((list.body.results ?? []) as { id: number; state: string }[])
        .filter((x) => x.state !== 'active')
        .map((x) => x.id),
    );
    const owed = world.journal.schedules
      .filter((o) => o.userId === s.userId && o.affordable && o.result !== 'refused')
      .filter((o) => o.scheduleId === undefined || !done.has(o.scheduleId))
      .reduce((sum, o) => sum + o.amountMinor, 0n);
    state.balance = toMinor(balance);
    const free = state.balance - owed;
    if (free < 500_00n) {
      await topupScenario.step?.run(world, s, state);
      continue;
    }
    if (s.rng.chance(0.15)) await makeSchedule(world, s, OVERSIZED, false);
    else {
      const cap = free / 4n > 300_00n ? 300_00n : free / 4n;
      await makeSchedule(world, s, 100n + BigInt(s.rng.int(Number(cap) - 100)), true);
    }
    await sleep(200 + s.rng.int(600));
  }
}

/** `schedules:run` now and then, two at once sometimes; some in a process of their own, most of those killed -9. */
async function schedulerLoop(world: World, rng: Rng): Promise<void> {
  while (Date.now() < world.stopAt - 2000) {
    await sleep(1500 + rng.int(3000));
    const passes = rng.chance(0.35) ? 2 : 1;
    await Promise.all(
      Array.from({ length: passes }, () =>
        runOperator(world, rng, ['schedules:run'], { spawnChance: 0.25, killChance: 0.7 }),
      ),
    );
  }
}

const dueSchedules = `SELECT count(*)::int AS n FROM schedules
                       WHERE cancelled_at IS NULL AND next_date IS NOT NULL
                         AND (next_date::timestamp AT TIME ZONE time_zone) <= now()`;

export const schedulesScenario: Scenario = {
  name: 'schedules',
  actors: (world, cast) => {
    const rng = world.operatorRng?.fork();
    if (!rng) return [];
    const tag = rng.uuid().slice(0, 8);
    return [...Array.from({ length: SAVERS }, (_, i) => saverLoop(world, cast, i, tag)), schedulerLoop(world, rng)];
  },

  /** A last pass in the run's own process, again while a pass of the worker still holds a schedule (10 s at most). */
  async drain(world) {
    const until = Date.now() + 10_000;
    do {
      await runOperatorHere(world, ['schedules:run']);
      const { rows } = await operatorDb(world).query<{ n: number }>(dueSchedules);
      if (rows[0]?.n === 0) return;
      await sleep(300);
    } while (Date.now() < until);
  },

  /** A saver's schedule it could pay left its wallet; one beyond its balance left nothing; unanswered: either. */
  book(journal, book) {
    for (const op of journal.schedules) {
      if (op.result === 'refused' || (op.result === 'ok' && !op.affordable)) continue;
      const recipient = journal.userIdByEmail.get(op.recipient);
      if (op.result === 'ok') book.exact(op.userId, -op.amountMinor);
      else book.maybe(op.userId, -op.amountMinor);
      // A send to someone new may wait out a cooling-off period: the recipient has it or not yet.
      if (recipient !== undefined) book.maybe(recipient, op.amountMinor);
    }
  },

  /**
   * Each (schedule, date) sent at most once: every transfer out of a saver's wallet is the one transfer of one sent
   * occurrence, of its schedule's amount, answered by that occurrence's key. Each schedule the client made was
   * handled once by the end, and sent exactly when the client could pay it.
   */
  async check({ q, journal, fail }) {
    const ids = [...savers].map((id) => `${BigInt(id)}`).join(',') || '0';
    const occurrences = await q(`SELECT o.schedule_id, to_char(o.date, 'YYYY-MM-DD') AS date, o.outcome, o.reason,
                                        o.transaction_id, s.user_id, s.amount_minor
                                   FROM schedule_occurrences o JOIN schedules s ON s.id = o.schedule_id`);
    const transfers = await q(`SELECT t.id, t.sender_user_id, t.amount, k.key FROM transactions t
                                 LEFT JOIN idempotency_keys k ON k.scope = 'transactions:user:' || t.sender_user_id
                                      AND k.response_body->>'id' = t.id::text
                                WHERE t.sender_user_id IN (${ids})`);
    const sentBy = new Map<string, number>();
    for (const o of occurrences) {
      if (o.transaction_id !== null) {
        const tx = big(o.transaction_id).toString();
        sentBy.set(tx, (sentBy.get(tx) ?? 0) + 1);
      }
      if ((o.outcome === 'sent') !== (o.transaction_id !== null))
        fail(
          'schedule-occurrence',
          `schedule ${String(o.schedule_id)} ${String(o.date)}: ${String(o.outcome)} with transaction ${String(o.transaction_id)}`,
        );
    }
    const byTx = new Map(
      occurrences.filter((o) => o.transaction_id !== null).map((o) => [String(o.transaction_id), o]),
    );
    for (const t of transfers) {
      const o = byTx.get(String(t.id));
      const n = sentBy.get(String(t.id)) ?? 0;
      if (!o || n !== 1) {
        fail(
          'schedule-sent-twice',
          `transfer ${String(t.id)} of saver ${String(t.sender_user_id)} is the send of ${n} occurrences`,
        );
        continue;
      }
      if (
        big(t.amount) !== big(o.amount_minor) ||
        String(t.key) !== `schedule:${String(o.schedule_id)}:${String(o.date)}`
      )
        fail(
          'schedule-transfer',
          `transfer ${String(t.id)} (${String(t.amount)}, key ${String(t.key)}) for schedule ${String(o.schedule_id)} ${String(o.date)}`,
        );
    }
    const sentPer = new Map<string, number>();
    for (const t of transfers) {
      const o = byTx.get(String(t.id));
      if (o)
        sentPer.set(
          `${String(o.schedule_id)} ${String(o.date)}`,
          (sentPer.get(`${String(o.schedule_id)} ${String(o.date)}`) ?? 0) + 1,
        );
    }
    for (const [occurrence, n] of sentPer) if (n > 1) fail('schedule-sent-twice', `${occurrence}: ${n} transfers`);

    // The schedules the savers made, found by the id they were given or, unanswered, by their key.
    const keys = new Map(
      (
        await q(
          `SELECT scope, key, response_body->>'id' AS id FROM idempotency_keys WHERE scope LIKE 'schedules:user:%'`,
        )
      ).map((k) => [`${String(k.scope)} ${String(k.key)}`, Number(k.id)]),
    );
    const ofSchedule = new Map<number, typeof occurrences>();
    for (const o of occurrences)
      ofSchedule.set(Number(o.schedule_id), [...(ofSchedule.get(Number(o.schedule_id)) ?? []), o]);
    for (const op of journal.schedules) {
      const id = op.scheduleId ?? keys.get(`schedules:user:${op.userId} ${op.key}`);
      if (op.result === 'refused') {
        if (id !== undefined) fail('schedule-refused-exists', `schedule refused with ${op.status} exists as ${id}`);
        continue;
      }
      if (id === undefined) {
        if (op.result === 'ok') fail('schedule-acknowledged', `schedule ${op.key} acknowledged, not found`);
        continue;
      }
      const handled = ofSchedule.get(id) ?? [];
      const first = handled[0];
      if (handled.length !== 1 || !first) {
        fail('schedule-unhandled', `schedule ${id} of ${op.amountMinor}: ${handled.length} dates handled`);
        continue;
      }
      if (op.affordable && first.outcome !== 'sent')
        fail(
          'schedule-not-sent',
          `schedule ${id} of ${op.amountMinor}, affordable: ${String(first.outcome)} (${String(first.reason)})`,
        );
      if (!op.affordable && (first.outcome !== 'skipped' || !['balance', 'limit'].includes(String(first.reason))))
        fail(
          'schedule-overdrawn',
          `schedule ${id} of ${op.amountMinor}, beyond the balance: ${String(first.outcome)} (${String(first.reason)})`,
        );
    }
  },
  acknowledged: (journal) => journal.schedules.filter((o) => o.result === 'ok').length,
};
