import { sql } from 'kysely';
import { accountFrozenMessage, closeAccountMessages } from '../../../common/api/messages.ts';
import type { DataExport } from '../../../common/api/users.ts';
import { formatAmount, money } from '../../../common/money/money.ts';
import { forbidden, HttpError, notFound } from '../../http/http-error.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { refuseIfFrozen } from '../auth/frozen.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { requireSecurityCode } from './security-code.service.ts';
import { WAITING_STATUSES } from './staff.repository.ts';
import { getMe } from './users.service.ts';

/**
 * Data rights (ADR 015): the customer's own data as JSON, and closing the account.
 */

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const amount = (minor: string, currency: string) =>
  formatAmount(money(currency === 'EUR' ? 'EUR' : 'MAD', BigInt(minor)));

/** `GET /api/users/export/`: the caller's rows only, every query bound to their id. */
export async function exportData(deps: ServiceDeps, userId: string): Promise<DataExport> {
  const { db } = deps;
  const [me, profile, transactions, contacts, notifications, preferences, documents, sessions, rateAlerts] =
    await Promise.all([
      getMe(deps, userId),
      db
        .selectFrom('users')
        .select([
          'language',
          'date_of_birth',
          'address',
          'postcode',
          'city',
          'created_at',
          'email_verified_at',
          'phone_verified_at',
        ])
        .where('id', '=', userId)
        .executeTakeFirst(),
      db
        .selectFrom('transactions')
        .select([
          'id',
          'kind',
          'status',
          'sender_user_id',
          'amount',
          'currency',
          'recipient_phone_number',
          'recipient_email',
          'created_at',
          'finished_at',
        ])
        .where((eb) => eb.or([eb('sender_user_id', '=', userId), eb('recipient_user_id', '=', userId)]))
        .orderBy('id')
        .execute(),
      db
        .selectFrom('contacts')
        .select(['id', 'first_name', 'last_name', 'phone_number', 'email', 'created_at', 'deleted_at'])
        .where('owner_user_id', '=', userId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('notifications')
        .select(['id', 'kind', 'transaction_id', 'params', 'created_at', 'read_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('notification_preferences')
        .select(['email', 'sms', 'push', 'updated_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst(),
      // The documents' states and parts, never their files.
      db
        .selectFrom('kyc_submissions as s')
        .select(['s.id', 's.document_type', 's.state', 's.reason', 's.created_at', 's.decided_at'])
        .select(
          sql<
            { part: string; media_type: string; size: number }[]
          >`(SELECT coalesce(jsonb_agg(jsonb_build_object('part', f.part, 'media_type', f.media_type, 'size', f.size) ORDER BY f.id), '[]') FROM kyc_files f WHERE f.submission_id = s.id)`.as(
            'files',
          ),
        )
        .where('s.user_id', '=', userId)
        .orderBy('s.id')
        .execute(),
      db
        .selectFrom('sessions')
        .select(['created_at', 'expires_at', 'revoked_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
      db
        .selectFrom('rate_alerts')
        .select(['id', 'threshold', 'created_at', 'triggered_at', 'triggered_rate'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
    ]);
  if (!profile) throw notFound();
  return {
    exported_at: deps.clock.now().toISOString(),
    profile: {
      ...me,
      language: profile.language,
      date_of_birth: profile.date_of_birth === null ? null : profile.date_of_birth.toISOString().slice(0, 10),
      address: profile.address,
      postcode: profile.postcode,
      city: profile.city,
      registered_at: iso(profile.created_at),
      email_verified_at: iso(profile.email_verified_at),
      phone_verified_at: iso(profile.phone_verified_at),
    },
    transactions: transactions.map((t) => {
      const sent = String(t.sender_user_id) === userId;
      return {
        id: Number(t.id),
        kind: t.kind,
        status: t.status,
        direction: sent ? 'sent' : 'received',
        amount: amount(t.amount, t.currency),
        // Whom the customer sent to, as they typed it; a received transfer's sender is another person's data.
        ...(sent && { recipient_phone_number: t.recipient_phone_number, recipient_email: t.recipient_email }),
        created_at: iso(t.created_at),
        finished_at: iso(t.finished_at),
      };
    }),
    contacts: contacts.map((c) => ({
      ...c,
      id: Number(c.id),
      created_at: iso(c.created_at),
      deleted_at: iso(c.deleted_at),
    })),
    notifications: notifications.map((n) => ({
      id: Number(n.id),
      kind: n.kind,
      transaction_id: n.transaction_id === null ? null : Number(n.transaction_id),
      params: n.params,
      created_at: iso(n.created_at),
      read_at: iso(n.read_at),
    })),
    notification_preferences: preferences
      ? {
          email: preferences.email,
          sms: preferences.sms,
          push: preferences.push,
          updated_at: iso(preferences.updated_at),
        }
      : null,
    documents: documents.map((d) => ({
      id: Number(d.id),
      document_type: d.document_type,
      state: d.state,
      reason: d.reason,
      submitted_at: iso(d.created_at),
      decided_at: iso(d.decided_at),
      files: d.files,
    })),
    sign_in_events: sessions.map((s) => ({
      signed_in_at: iso(s.created_at),
      expires_at: iso(s.expires_at),
      revoked_at: iso(s.revoked_at),
    })),
    rate_alerts: rateAlerts.map(deps.ports.users.presentRateAlert),
  };
}

/** AMLR 2024/1624 art. 77: records kept 5 years after the business relationship ends. */
const RETAIN_YEARS = 5;

/**
 * `POST /api/users/close/` (security code): in one transaction, under the customer's row lock and their accounts'
 * locks, refused while money is on the wallet, a transaction of theirs is still waiting, a payout is still with its
 * partner, a card payment is open or a subscription runs. The identity and due-diligence data go to closed_accounts (kept 5 years, never shown); the
 * user row keeps its id for the ledger and the transactions but loses every personal field; sessions,
 * notifications, push subscriptions, sign-in codes and e-mail confirmations are deleted; the customer's contacts
 * are deleted as the app deletes them, and other customers' contacts that pointed at this account are unlinked (a
 * later send to them waits for whoever registers that phone or e-mail, like any unregistered recipient).
 */
export async function closeAccount(deps: ServiceDeps, user: AuthUser, securityCode: string): Promise<void> {
  if (user.role !== 'customer') throw forbidden(closeAccountMessages.customersOnly);
  refuseIfFrozen(user);
  await requireSecurityCode(deps, user.id, securityCode);
  // Every reason that blocks is named at once, each with how to clear it: the customer used to learn them one
  // refusal at a time, and was told to cancel a subscription already cancelled (it runs to its period's end).
  const blockers: Partial<Record<'subscription' | 'balance' | 'pending' | 'payout', [string]>> = {};
  const subscription = await deps.ports.users.subscriptionState(deps, user.id);
  if (subscription.active) {
    blockers.subscription = [
      subscription.cancel_at_period_end ? closeAccountMessages.subscriptionEnding : closeAccountMessages.subscription,
    ];
  }
  const now = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    const row = await tx.selectFrom('users').selectAll().where('id', '=', user.id).forUpdate().executeTakeFirst();
    if (!row || row.closed_at !== null) throw notFound();
    if (row.frozen_at !== null) throw forbidden(accountFrozenMessage);
    const accounts = await tx
      .selectFrom('ledger_accounts')
      .select(['id', 'balance'])
      .where('owner_user_id', '=', user.id)
      .orderBy('id')
      .forUpdate()
      .execute();
    if (accounts.some((a) => BigInt(a.balance) !== 0n)) blockers.balance = [closeAccountMessages.balance];
    const waiting = await tx
      .selectFrom('transactions')
      .select('id')
      .where('sender_user_id', '=', user.id)
      .where('status', 'in', WAITING_STATUSES)
      .limit(1)
      .executeTakeFirst();
    const openPayment = await tx
      .selectFrom('payment_sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .where('status', '=', 'open')
      .limit(1)
      .executeTakeFirst();
    if (waiting || openPayment) blockers.pending = [closeAccountMessages.pending];
    // A payout a partner still has (a deposit not yet credited or returned, a wallet payout not yet answered) may
    // still come back to this account's wallet.
    const payout = await tx
      .selectFrom('transactions')
      .select('id')
      .where('sender_user_id', '=', user.id)
      .where('kind', '=', 'payout')
      .where('status', 'in', ['processing', 'submitted'])
      .limit(1)
      .executeTakeFirst();
    if (payout) blockers.payout = [closeAccountMessages.payout];
    if (Object.keys(blockers).length > 0) throw new HttpError(400, blockers);

    const retainUntil = new Date(now);
    retainUntil.setUTCFullYear(retainUntil.getUTCFullYear() + RETAIN_YEARS);
    await tx
      .insertInto('closed_accounts')
      .values({
        user_id: user.id,
        closed_at: now,
        retain_until: retainUntil,
        email: row.email,
        phone_number: row.phone_number,
        first_name: row.first_name,
        last_name: row.last_name,
        country: row.country,
        date_of_birth: row.date_of_birth,
        address: row.address,
        postcode: row.postcode,
        city: row.city,
        account_id: row.account_id,
        kyc_level: row.kyc_level,
      })
      .execute();
    await tx
      .updateTable('users')
      .set({
        closed_at: now,
        email: null,
        email_verified_at: null,
        phone_number: null,
        phone_auth: false,
        phone_verified_at: null,
        first_name: '',
        last_name: '',
        country: null,
        date_of_birth: null,
        address: null,
        postcode: null,
        city: null,
        security_code_hash: null,
        security_code_salt: null,
      })
      .where('id', '=', user.id)
      .execute();
    const identifiers = [row.email, row.phone_number].filter((v): v is string => v !== null);
    await tx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    await sql`DELETE FROM notification_deliveries d USING notifications n
               WHERE d.notification_id = n.id AND n.user_id = ${user.id}::bigint`.execute(tx);
    await tx.deleteFrom('notifications').where('user_id', '=', user.id).execute();
    await tx.deleteFrom('push_subscriptions').where('user_id', '=', user.id).execute();
    await tx.deleteFrom('notification_preferences').where('user_id', '=', user.id).execute();
    // A closed account is told nothing more: its rate alerts go.
    await tx.deleteFrom('rate_alerts').where('user_id', '=', user.id).execute();
    // Its recurring transfers end with it (kept, cancelled, with their history: the ledger keeps their transfers).
    await tx
      .updateTable('schedules')
      .set({ cancelled_at: now })
      .where('user_id', '=', user.id)
      .where('cancelled_at', 'is', null)
      .execute();
    await tx.deleteFrom('email_confirmations').where('user_id', '=', user.id).execute();
    if (identifiers.length > 0) await tx.deleteFrom('login_codes').where('identifier', 'in', identifiers).execute();
    await tx
      .updateTable('contacts')
      .set({ deleted_at: now })
      .where('owner_user_id', '=', user.id)
      .where('deleted_at', 'is', null)
      .execute();
    await tx
      .updateTable('contacts')
      .set({ contact_user: null, account_id: null })
      .where('contact_user', '=', user.id)
      .execute();
  });
}
