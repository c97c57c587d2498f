import { sleep } from './cluster.ts';
import { toMinor } from './journal.ts';
import type { Customer } from './population.ts';
import { refill, scenarios } from './scenarios/index.ts';
import type { Cast, CustomerState, Scenario, World } from './world.ts';

/**
 * The actors. Each customer and each teller runs one operation at a time, as a person with one phone does; all
 * of them run at once against both processes. Every money-moving POST carries an Idempotency-Key drawn once per
 * intent and reused, with the same body, for every retry of that intent. What they do is in scenarios/.
 */

async function balanceOf(world: World, c: Customer): Promise<bigint | undefined> {
  const res = await c.client.request({
    method: 'GET',
    path: '/api/users/',
    ip: c.ip,
    token: c.token,
    giveUpMs: 10_000,
  });
  const me = (res.body.results as { balance: string }[] | undefined)?.[0];
  if (res.status !== 200 || !me) return undefined;
  world.journal.balanceReads += 1;
  if (me.balance.startsWith('-')) {
    world.anomalies.push({ check: 'negative-balance', detail: `user ${c.userId} read balance ${me.balance}` });
  }
  return toMinor(me.balance);
}

const steps = scenarios.filter((s): s is Scenario & { step: NonNullable<Scenario['step']> } => s.step !== undefined);
const totalWeight = steps.reduce((sum, s) => sum + s.step.weight, 0);

function pickStep(r: number): Scenario['step'] {
  let at = r * totalWeight;
  for (const s of steps) {
    at -= s.step.weight;
    if (at < 0) return s.step;
  }
  return steps.at(-1)?.step;
}

async function customerLoop(world: World, c: Customer): Promise<void> {
  const state: CustomerState = { balance: 0n, waiting: [] };
  while (Date.now() < world.stopAt) {
    state.balance = (await balanceOf(world, c)) ?? state.balance;
    const step = state.balance < 200_00n ? refill.step : pickStep(c.rng.next());
    await step?.run(world, c, state);
    await sleep(c.rng.int(30));
  }
}

/**
 * Everyone at once: the customers (a third of them on a second device as well, `devices`), and each scenario's
 * own actors (tellers, late sign-ups, ...).
 */
export function runWorkload(world: World, cast: Cast, devices: Customer[]): Promise<void>[] {
  return [
    ...[...cast.customers, ...devices].map((c) => customerLoop(world, c)),
    ...scenarios.flatMap((s) => s.actors?.(world, cast) ?? []),
  ];
}
