import { withTransaction } from '../../ledger/transaction.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { COOLING_OFF_HOLD } from './exit-guards.ts';
import { releaseHeldTransfer } from './held-money.ts';

export type CoolingOffDeps = Pick<ServiceDeps, 'db' | 'clock'> & {
  config: Pick<ServiceDeps['config'], 'RECOVERY_HOLD_SECONDS' | 'UNCLAIMED_TRANSFER_TTL_SECONDS'>;
};

/**
 * The sweep's part of the cooling-off after an account recovery (ADR 026): each send held by it for
 * RECOVERY_HOLD_SECONDS goes on to its recipient exactly as an approved held send does (releaseHeldTransfer), one
 * row per database transaction, rows another process holds skipped. Returns how many were sent on.
 */
export async function releaseCooledOffSends(deps: CoolingOffDeps): Promise<number> {
  let released = 0;
  const before = new Date(deps.clock.now().getTime() - deps.config.RECOVERY_HOLD_SECONDS * 1000);
  for (;;) {
    const done = await withTransaction(deps.db, async (tx) => {
      const row = await tx
        .selectFrom('transactions as t')
        .innerJoin('ledger_entries as e', 'e.id', 't.ledger_entry_id')
        .select(['t.id', 't.amount', 't.contact_id'])
        .where('t.status', '=', 'on_hold')
        .where('e.kind', '=', COOLING_OFF_HOLD.entryKind)
        .where('t.created_at', '<=', before)
        .orderBy('t.created_at')
        .limit(1)
        .forNoKeyUpdate('t')
        .skipLocked()
        .executeTakeFirst();
      if (!row) return false;
      await releaseHeldTransfer(tx, deps, { ...row, amount: String(row.amount) }, 'cooling_off_release');
      return true;
    });
    if (!done) return released;
    released += 1;
  }
}
