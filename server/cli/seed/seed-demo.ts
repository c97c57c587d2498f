import type { Kysely } from 'kysely';
import { lockFor } from '../../db/advisory-lock.ts';
import type { Database } from '../../db/schema.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { createAgency, getAgencyByName, validateAgency } from '../../modules/contacts/agencies.service.ts';
import { hasRates, setRates } from '../../modules/rates/rates.service.ts';
import { addBanker } from '../../modules/users/bankers.service.ts';
import { findSignInUser, type NewAccounts } from '../../modules/users/users.service.ts';
import { demoAgencies, demoRates } from './demo-data.ts';

export interface SeedReport {
  ratesCreated: boolean;
  agenciesCreated: number;
  bankersCreated: number;
}

/**
 * Rates (only when there are none: an operator's rates are never overwritten), five agencies and one teller per
 * agency. Idempotent: what exists is left alone, found by agency name and teller e-mail. One transaction under
 * a lock, so two servers starting at once on an empty database seed it once.
 */
export async function seedDemo(
  db: Kysely<Database>,
  accounts: NewAccounts,
  now: Date = new Date(),
): Promise<SeedReport> {
  return withTransaction(db, async (tx) => {
    await lockFor(tx, 'seed:demo');
    const report: SeedReport = { ratesCreated: false, agenciesCreated: 0, bankersCreated: 0 };
    if (!(await hasRates(tx))) {
      await setRates(tx, demoRates);
      report.ratesCreated = true;
    }
    for (const demo of demoAgencies) {
      let agency = await getAgencyByName(tx, demo.name);
      if (!agency) {
        const checked = validateAgency(demo);
        if (!checked.ok) throw new Error(`Demo agency ${demo.name} is invalid: ${checked.problems.join('; ')}`);
        agency = await createAgency(tx, checked.agency);
        report.agenciesCreated++;
      }
      const identifier = { kind: 'email', value: demo.teller.email } as const;
      const existing = await findSignInUser(tx, identifier);
      if (existing?.role === 'BANKER') continue;
      const { created } = await addBanker(
        tx,
        accounts,
        { identifier, agencyId: agency.id, firstName: demo.teller.firstName, lastName: demo.teller.lastName },
        now,
      );
      if (created) report.bankersCreated++;
    }
    return report;
  });
}
