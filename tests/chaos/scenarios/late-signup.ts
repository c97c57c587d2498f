import { sleep } from '../cluster.ts';
import { addUser } from '../journal.ts';
import { signIn } from '../population.ts';
import type { Scenario } from '../world.ts';

/**
 * People who were sent money before they had an account register during the run: their sign-up claims the
 * waiting transfers, racing with new sends to them, with cancellations and with the expiry sweep.
 */
export const lateSignupScenario: Scenario = {
  name: 'late-signup',
  actors: (world, cast) => [
    (async () => {
      const { registrar } = cast;
      const pending = [...cast.ghosts];
      while (Date.now() < world.stopAt && pending.length > 0) {
        await sleep(2000 + registrar.rng.int(4000));
        if (Date.now() >= world.stopAt) break;
        const email = pending.splice(registrar.rng.int(pending.length), 1)[0];
        if (!email) break;
        try {
          const who = await signIn(registrar.client, email, registrar.ip);
          addUser(world.journal, email, who.userId);
          world.journal.signups.push({ email, userId: who.userId, result: 'ok' });
        } catch {
          world.journal.signups.push({ email, result: 'unresolved' });
        }
      }
    })(),
  ],
};
