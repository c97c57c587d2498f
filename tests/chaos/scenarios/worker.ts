import { workerMonkey } from '../operator.ts';
import type { Scenario } from '../world.ts';

/**
 * The background worker (`npm run worker`) beside the API processes, killed -9 at random moments and started
 * again: it sends the mobile wallet requests the API processes could not hand over, and each of its starts is a
 * scheduler pass (scenarios/mobile-wallet.ts and schedules.ts check what it did).
 */
export const workerScenario: Scenario = {
  name: 'worker',
  actors: (world) =>
    world.operatorRng && world.workerEnv ? [workerMonkey(world, world.operatorRng.fork(), world.workerEnv)] : [],
};
