import type { PaymentSessionView } from '../../../common/api/billing.ts';
import { formatAmount, money } from '../../../common/money/money.ts';
import { notFound } from '../../http/http-error.ts';
import { userWalletBalance } from '../../ledger/accounts.repository.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { findSession } from './payment-sessions.repository.ts';

/** The return page's view of a checkout: your own only (another user's is "not found", like a wrong id). */
export async function getPaymentSession(deps: ServiceDeps, user: AuthUser, id: string): Promise<PaymentSessionView> {
  const session = await findSession(deps.db, id);
  if (!session || session.user_id !== user.id) throw notFound();
  const [exchange, balance] = await Promise.all([
    session.exchange_id ? deps.ports.billing.topUpOf(deps.db, user.id, session.exchange_id) : undefined,
    userWalletBalance(deps.db, user.id),
  ]);
  const credited = session.status === 'paid' && exchange ? money('MAD', BigInt(exchange.to_amount)) : undefined;
  return {
    id: session.id,
    purpose: session.purpose,
    status: session.status,
    outcome: session.outcome,
    amount: formatAmount(money('EUR', BigInt(session.amount))),
    to_amount: credited ? formatAmount(credited) : null,
    balance: formatAmount(balance ?? money('MAD', 0n)),
  };
}
