import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import { opsMessages } from '../../../common/api/ops.ts';
import type { Database } from '../../db/schema.ts';
import { forbidden } from '../../http/http-error.ts';
import type { AuthUser } from './authenticate.ts';

/**
 * A frozen account moves no money: send, withdraw, add money, exchange, subscribe. Read from the user
 * row the authentication already loaded, so the hot send path pays no extra query; wallet_send() checks it again
 * under its row lock for a freeze that lands mid-request.
 */
export function refuseIfFrozen(user: AuthUser): void {
  if (user.frozen) throw forbidden(opsMessages.accountFrozen);
}

/**
 * SQL: the sender of a withdrawal or a cash pickup is frozen (by an operator or by a compliance review). Their money
 * no longer moves, and cash is the way out that matters most: a pending withdrawal's QR code or a pickup's reference
 * is not payable at any counter while the freeze lasts. Every cash exit reads this one predicate: the teller's
 * lookup (which says only that it cannot be paid out, never why, as for a held pickup), the reservation's
 * conditional UPDATE, and the payout under the transaction's row lock. `senderId`: the transaction's sender column.
 */
export function senderFrozen(senderId: Expression<string | null>): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM users frozen_sender
                               WHERE frozen_sender.id = ${senderId} AND frozen_sender.frozen_at IS NOT NULL)`;
}

/** Whether the sender of transaction `id` is frozen now (senderFrozen, for a path that already read the row). */
export async function isSenderFrozen(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('transactions as t')
    .select(senderFrozen(sql.ref('t.sender_user_id')).as('frozen'))
    .where('t.id', '=', id)
    .executeTakeFirst();
  return row?.frozen ?? false;
}
