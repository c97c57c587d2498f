import type { Customer } from '../population.ts';
import type { Scenario } from '../world.ts';

/** A look at one's history: reads racing with the writes (and a step when there is nothing else to do). */
export async function browse(c: Customer): Promise<void> {
  await c.client.request({ method: 'GET', path: '/api/transactions/?page_size=10', ip: c.ip, token: c.token });
}

export const browseScenario: Scenario = {
  name: 'browse',
  step: { weight: 0.1, run: (_world, c) => browse(c) },
};
