import { SANDBOX_TEST_WALLETS } from '../../../server/adapters/payout-partner/sandbox-payout-partner.ts';
import { signPayload } from '../../../server/adapters/payments/webhook-signature.ts';
import { walletCallbackSecret } from '../../../server/modules/transfers/methods/mobile-wallet/wallet-partner.ts';
import { sleep } from '../cluster.ts';
import { operatorDb, workerUp } from '../operator.ts';
import type { Person } from '../population.ts';
import type { Rng } from '../rng.ts';
import { big, type Scenario, type World } from '../world.ts';
import { contactOnce, sendPayout, type MadeContact } from './payout-send.ts';

/**
 * Mobile wallet payouts under kill -9. Customers send to a Moroccan mobile number (a fifth of them to the
 * sandbox's failing test numbers); the request to the operator leaves from the API process that took the send,
 * or from the worker (killed -9 and restarted too); the sandbox partner answers each by a signed callback a
 * moment later, from the process that asked, so a kill loses the answers it owed. The run plays the operator's
 * redelivery, as a real operator retries a callback until it is acknowledged: now and then it sends again the
 * callback of every payout it accepted (its reference is recorded) and that still waits, sometimes to both
 * processes at once. Each payout must end once: completed, or returned with the operator's reason.
 */

const contacts = new Map<string, Promise<MadeContact | undefined>>();
const failing = Object.keys(SANDBOX_TEST_WALLETS);

function workingNumber(rng: Rng): string {
  for (;;) {
    const phone = `+2126${String(rng.int(100_000_000)).padStart(8, '0')}`;
    if (!failing.includes(phone)) return phone;
  }
}

/** What the sandbox answers for a number: its documented failure, else completed. */
const outcomeOf = (phone: string) => {
  const reason = SANDBOX_TEST_WALLETS[phone];
  return reason ? { status: 'failed', reason } : { status: 'completed' };
};

async function deliver(world: World, operator: Person, id: string, reference: string, phone: string): Promise<void> {
  const env = world.operatorEnv ?? {};
  const secret = walletCallbackSecret({
    SECRET_KEY: env.SECRET_KEY ?? '',
    PAYOUT_WALLET_CALLBACK_SECRET: env.PAYOUT_WALLET_CALLBACK_SECRET,
  });
  const body = { idempotency_key: `sila-payout-${id}`, partner_reference: reference, ...outcomeOf(phone) };
  const res = await operator.client.request({
    method: 'POST',
    path: '/api/payouts/mobile-wallet/callback/',
    ip: operator.ip,
    headers: { 'x-payout-signature': signPayload(JSON.stringify(body), secret, new Date()) },
    json: body,
    timeoutChance: 0.05,
    giveUpMs: 10_000,
  });
  const outcome = res.status === 200 ? String(res.body.outcome) : `http ${res.status}`;
  world.journal.walletCallbacks[outcome] = (world.journal.walletCallbacks[outcome] ?? 0) + 1;
}

/** Every payout the operator accepted and still waits: its callback again, to one process or to both at once. */
async function redeliver(world: World, operator: Person, rng: Rng, chance: number): Promise<number> {
  const { rows } = await operatorDb(world).query<{ id: string; partner_reference: string; wallet_phone: string }>(
    `SELECT t.id::text AS id, p.partner_reference, p.wallet_phone FROM transactions t
       JOIN payouts p ON p.transaction_id = t.id
      WHERE p.method = 'mobile_wallet' AND t.status = 'submitted' AND p.partner_reference IS NOT NULL`,
  );
  const sends = rows
    .filter(() => rng.chance(chance))
    .flatMap((r) => Array.from({ length: rng.chance(0.2) ? 2 : 1 }, () => r))
    .map((r) => deliver(world, operator, r.id, r.partner_reference, r.wallet_phone));
  await Promise.all(sends);
  return rows.length;
}

async function operatorLoop(world: World, operator: Person, rng: Rng): Promise<void> {
  while (Date.now() < world.stopAt - 1000) {
    await sleep(1000 + rng.int(1500));
    await redeliver(world, operator, rng, 0.5).catch(() => undefined);
  }
}

export const mobileWalletScenario: Scenario = {
  name: 'mobile-wallet',
  step: {
    weight: 0.08,
    async run(world, c, state) {
      const fails = c.rng.chance(0.2);
      const made = await contactOnce(contacts, c, fails ? 'wallet-failing' : 'wallet', () => ({
        first_name: 'Wallet',
        last_name: `Recipient ${c.rng.int(1000)}`,
        phone_number: fails ? (c.rng.pick(failing) ?? failing[0] ?? '') : workingNumber(c.rng),
      }));
      if (made) await sendPayout(world, c, 'mobile_wallet', made.id, made.body.phone_number ?? '', state.balance);
    },
  },
  actors: (world, cast) => (world.operatorRng ? [operatorLoop(world, cast.registrar, world.operatorRng.fork())] : []),

  /**
   * Until no wallet payout waits (at most 20 s): the worker up, the leases of requests held by a killed process
   * run out (as they would a minute later), the operator's callbacks sent again for what it accepted.
   */
  async drain(world, cast) {
    const rng = world.operatorRng?.fork();
    if (!rng) return;
    workerUp();
    const db = operatorDb(world);
    await db.query(
      `UPDATE wallet_payout_dispatches SET next_attempt_at = now() WHERE done_at IS NULL AND dead_at IS NULL`,
    );
    const until = Date.now() + 20_000;
    while (Date.now() < until) {
      await redeliver(world, cast.registrar, rng, 1);
      const { rows } =
        await db.query(`SELECT count(*)::int AS n FROM transactions t JOIN payouts p ON p.transaction_id = t.id
                                         WHERE p.method = 'mobile_wallet' AND t.status IN ('processing', 'submitted')`);
      if (rows[0]?.n === 0) return;
      await sleep(400);
    }
  },

  /** A failing number's payout came back; any other left, or came back if the operator could not be reached. */
  book(journal, book) {
    for (const op of journal.payoutSends.filter((o) => o.method === 'mobile_wallet')) {
      if (op.result === 'refused') continue;
      if (!(op.result === 'ok' && failing.includes(op.destination))) book.maybe(op.userId, -op.amountMinor);
    }
  },

  /**
   * Each wallet payout ended as the operator said for its number: completed, or returned with the number's
   * reason; a working number's payout returns only as `partner_unavailable`, once its request was given up.
   * Every callback the run sent was taken (signed right), and each acknowledged send is the client's.
   */
  async check({ q, journal, fail }) {
    const rows = await q(`SELECT t.id, t.status, t.sender_user_id, t.amount, p.wallet_phone, p.reason,
                                 d.dead_at IS NOT NULL AS given_up
                            FROM transactions t JOIN payouts p ON p.transaction_id = t.id
                            LEFT JOIN wallet_payout_dispatches d ON d.transaction_id = t.id
                           WHERE p.method = 'mobile_wallet'`);
    for (const r of rows) {
      const phone = String(r.wallet_phone);
      const reason = SANDBOX_TEST_WALLETS[phone];
      const ok = reason
        ? r.status === 'refunded' && r.reason === reason
        : r.status === 'completed' ||
          (r.status === 'refunded' && r.reason === 'partner_unavailable' && r.given_up === true);
      if (!ok && r.status !== 'processing' && r.status !== 'submitted')
        fail('wallet-fate', `payout ${String(r.id)} to ${phone}: ${String(r.status)} (${String(r.reason)})`);
    }
    for (const [outcome, n] of Object.entries(journal.walletCallbacks))
      if (outcome.startsWith('http')) fail('wallet-callback', `${n} callbacks of the operator answered ${outcome}`);
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    for (const op of journal.payoutSends.filter((o) => o.method === 'mobile_wallet' && o.result === 'ok')) {
      const row = byId.get(op.txId ?? -1);
      if (
        !row ||
        String(row.sender_user_id) !== op.userId ||
        big(row.amount) !== op.amountMinor ||
        row.wallet_phone !== op.destination
      )
        fail(
          'payout-acknowledged',
          `wallet payout ${op.txId} of ${op.amountMinor} to ${op.destination}: ${JSON.stringify(row)}`,
        );
    }
  },
  acknowledged: (journal) =>
    journal.payoutSends.filter((o) => o.method === 'mobile_wallet' && o.result === 'ok').length,
};
