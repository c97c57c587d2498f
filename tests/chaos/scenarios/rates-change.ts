import { runCli, sleep } from '../cluster.ts';
import type { Scenario, World } from '../world.ts';
import { chooseRates } from './topup.ts';

/**
 * The quote shown is the quote paid: the operator changes the rates with `rates:set` every few
 * seconds while top-ups run. Each change is journalled as a rate event, so the top-up books price across it; and
 * every credited top-up must have been credited exactly the MAD of the last quote its client was shown and
 * accepted (the draft's, or the new one of a 409), never a figure priced at rates the client never saw.
 */
async function changeRates(world: World): Promise<void> {
  const env = world.operatorEnv;
  const rng = world.operatorRng;
  if (!env || !rng) return;
  while (Date.now() < world.stopAt - 3_000) {
    await sleep(1_500 + rng.int(2_500));
    const rates = chooseRates(rng);
    const from = Date.now();
    const args = Object.entries(rates).flatMap(([name, value]) => [`--${name}`, value]);
    // Journalled whatever the exit code: a command killed after its commit may still have set them.
    await runCli('admin', ['rates:set', ...args], env);
    world.journal.rates.push({ freemium: rates.freemium, subscription: rates.subscription, from, to: Date.now() });
  }
}

export const ratesChangeScenario: Scenario = {
  name: 'rates-change',
  actors: (world) => [changeRates(world)],

  async check({ q, journal, fail }) {
    if (journal.rates.length < 3) fail('rates-unchanged', `only ${journal.rates.length} rate events in the run`);
    const credited = new Map(
      (await q(`SELECT id, to_amount FROM exchanges WHERE status = 'paid'`)).map((r) => [Number(r.id), r.to_amount]),
    );
    for (const t of journal.topups) {
      if (t.result !== 'ok' || t.exchangeId === undefined) continue;
      const row = credited.get(t.exchangeId);
      if (t.quotedToMinor === undefined || String(row) !== String(t.quotedToMinor)) {
        fail(
          'topup-quote',
          `exchange ${t.exchangeId}: quote accepted ${String(t.quotedToMinor)} MAD cents, credited ${String(row)}`,
        );
      }
    }
  },
};
