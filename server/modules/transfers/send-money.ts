import type { Transaction } from 'kysely';
import type { Contact } from '../../../common/api/contacts.ts';
import type { Money } from '../../../common/money/money.ts';
import type { Database } from '../../db/schema.ts';
import { judgeBlockingRules } from '../compliance/monitoring.ts';
import type { RecipientScreening } from '../sanctions/screening.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { COOLING_OFF_HOLD } from './exit-guards.ts';
import { holdForMonitoring, holdTransfer, holdTransferMoney } from './held-money.ts';
import { currentRecipient, sendToPerson } from './send.service.ts';

/**
 * Where a send's money goes once the sender's guards passed (frozen, recovery, bounds, limit, security code), for
 * a send typed by hand and for a scheduled one alike: held for review when the recipient is a sanctions hit, held
 * when a blocking monitoring rule fires, held through the cooling-off after an account recovery (`coolingOff`, from
 * coolingOffApplies), else to the person. Returns the transaction's id.
 */
export async function moveSendMoney(
  tx: Transaction<Database>,
  deps: ServiceDeps,
  senderId: string,
  contact: Contact,
  amount: Money<'MAD'>,
  screening: RecipientScreening | null,
  coolingOff: boolean,
): Promise<string> {
  // A hit never lets money reach the person: held for review, the sender reads 'under review'.
  if (screening?.held) return holdTransfer(tx, deps, senderId, contact, amount, screening);
  const judged = await judgeBlockingRules(tx, deps, senderId, contact, amount, 'send', () =>
    currentRecipient(tx, contact),
  );
  if (judged !== null && judged.findings.length > 0)
    return holdForMonitoring(tx, deps, senderId, contact, amount, judged);
  // Accepted now, delivered by the sweep once the wait is over.
  if (coolingOff) return holdTransferMoney(tx, senderId, contact, amount, COOLING_OFF_HOLD);
  return (await sendToPerson(tx, deps, senderId, contact, amount)).id;
}
