import type { Kysely, Transaction } from 'kysely';
import type { Limit } from '../../../common/api/limits.ts';
import type { RateAlert } from '../../../common/api/rate-alerts.ts';
import type { Country } from '../../../common/identity/phone.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { ServiceDeps } from '../service-deps.ts';
import type { UserRow } from './users.repository.ts';

/**
 * What the users module asks of the modules above it. Nearly every module reads users, so users imports none of
 * them: it declares here what it needs, and the entry hands over their answers (server/module-ports.ts, in
 * ServiceDeps.ports.users), so the modules form no import cycle through users.
 */
export interface UsersPorts {
  /**
   * A user now has a proved identifier (sign-up, a confirmed profile e-mail or phone, a recovered account): the
   * recipients naming it point to them (contacts) and the transfers waiting for it are theirs (transfers). In that
   * transaction, under the identifier's lock.
   */
  identifierProved: (tx: Transaction<Database>, user: UserRow) => Promise<void>;
  /** Whether a subscription runs (billing: the provider's state, read at the app's clock, as pricing reads it). */
  subscriptionActive: (deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>, userId: string) => Promise<boolean>;
  /** The same, and whether it was cancelled to end with its paid period (what closing the account tells). */
  subscriptionState: (
    deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
    userId: string,
  ) => Promise<{ active: boolean; cancel_at_period_end: boolean }>;
  /** The customer's limits at their level and what they used of each (compliance). */
  limitsOf: (db: Kysely<Database>, config: Config, userId: string, level: number, now: Date) => Promise<Limit[]>;
  /**
   * A customer's profile about to be saved, screened against the sanctions lists before the save's transaction;
   * the answer records that screening in the save's transaction (a hit freezes in the same commit as the rename).
   * Null when nothing is to be recorded (staff are not screened).
   */
  screenProfileChange: (
    deps: ServiceDeps,
    userId: string,
    profile: { first_name: string; last_name: string; country: Country },
  ) => Promise<((tx: Transaction<Database>) => Promise<void>) | null>;
  /** Whether an identity document of the user waits for review (kyc): their name and country are locked then. */
  identityUnderReview: (db: Kysely<Database>, userId: string) => Promise<boolean>;
  /** A rate alert as the customer reads it (rate-alerts), for the export of their data. */
  presentRateAlert: (row: {
    id: string;
    threshold: string;
    created_at: Date;
    triggered_at: Date | null;
    triggered_rate: string | null;
  }) => RateAlert;
}
