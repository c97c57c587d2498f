import { counterMessages, type CounterLookup } from '../../../../common/api/counter.ts';
import { pickupMessages } from '../../../../common/api/pickups.ts';
import { readCounterReference } from '../../../../common/counter/counter-reference.ts';
import { fieldError } from '../../../http/http-error.ts';
import type { AuthUser } from '../../auth/authenticate.ts';
import { resolvePickupReference } from '../methods/cash-pickup/pickups.service.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { idForToken, requireBanker } from '../methods/agency-withdrawal/withdrawals.service.ts';

/**
 * `GET /api/counter/lookup/?reference=`: the teller's one field. The typed text is read as a withdrawal (token or
 * reference) or a cash pickup by its shape; text that is neither is a field error the teller can fix at once
 * (not a miss), and a well-formed reference that names nothing is a miss of the teller's lookup limit. Only
 * whether it exists is answered here: the payout screen it opens says whose it is, at which agency, and its state.
 */
export async function lookupAtCounter(deps: ServiceDeps, user: AuthUser, typed: string): Promise<CounterLookup> {
  requireBanker(user);
  const read = readCounterReference(typed);
  if (read.kind === 'invalid')
    throw fieldError('reference', read.reason === 'check_digit' ? pickupMessages.checkDigit : counterMessages.format);
  if (read.kind === 'pickup') await resolvePickupReference(deps, user, read.value);
  else await idForToken(deps, user.id, read.value);
  return { kind: read.kind, reference: read.value };
}
