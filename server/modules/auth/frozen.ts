import { opsMessages } from '../../../common/api/ops.ts';
import { forbidden } from '../../http/http-error.ts';
import type { AuthUser } from './authenticate.ts';

/**
 * A frozen account moves no money (issue 15): send, withdraw, add money, exchange, subscribe. Read from the user
 * row the authentication already loaded, so the hot send path pays no extra query; wallet_send() checks it again
 * under its row lock for a freeze that lands mid-request.
 */
export function refuseIfFrozen(user: AuthUser): void {
  if (user.frozen) throw forbidden(opsMessages.accountFrozen);
}
