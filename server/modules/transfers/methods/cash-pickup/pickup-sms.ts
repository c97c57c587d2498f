import { isolateLtrRuns, nameIn } from '../../../../../common/i18n/bidi-isolate.ts';
import { cityIn } from '../../../../../common/i18n/city-names.ts';
import { dateFormat } from '../../../../../common/i18n/first-of-month.ts';
import type { Language } from '../../../../../common/i18n/languages.ts';
import { signed } from '../../../../../common/i18n/service-name.ts';
import { groupPickupReference } from '../../../../../common/pickups/reference.ts';
import { formatLocaleMoney } from '../../../../../common/money/locale-amount.ts';
import { money, type Money } from '../../../../../common/money/money.ts';
import { pageLocales } from '../../../../http/page-language.ts';
import type { ServiceDeps } from '../../../service-deps.ts';
import type { PickupRow } from './pickups.repository.ts';

/**
 * The recipient's SMS: they have no account and no chosen language, so one message carries French
 * then Arabic. It says who sent how much, the reference, until when, and that an ID in their name is needed.
 */
export interface PickupSmsFacts {
  phone: string;
  sender: string;
  recipient: string;
  amount: Money<'MAD'>;
  reference: string;
  expiresAt: Date;
  /** The agency chosen, its city as stored (written in each language of the message). */
  agency: { name: string; city: string | null } | null;
}

const agencyIn = (language: Language, agency: NonNullable<PickupSmsFacts['agency']>) =>
  [agency.name, agency.city === null ? '' : cityIn(language, agency.city)].filter(Boolean).join(', ');

const day = (date: Date, locale: string) =>
  dateFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);

export function pickupSmsBody(f: PickupSmsFacts, reminder: boolean): string {
  const ref = groupPickupReference(f.reference);
  // The app's one money formatter in each language of the message (common/money/locale-amount.ts).
  const frAmount = formatLocaleMoney(f.amount, pageLocales.fr);
  const arAmount = formatLocaleMoney(f.amount, pageLocales.ar);
  // The names as typed, each isolated in the Arabic half (a Latin name would otherwise reorder its sentence).
  const sender = nameIn('ar', f.sender);
  const recipient = nameIn('ar', f.recipient);
  const agency = f.agency === null ? null : nameIn('ar', agencyIn('ar', f.agency));
  const fr = [
    reminder
      ? `Rappel : ${f.sender} vous a envoyé ${frAmount}, pas encore retirés.`
      : `${f.sender} vous a envoyé ${frAmount} à retirer en espèces en agence.`,
    `Référence : ${ref}.`,
    `Valable jusqu’au ${day(f.expiresAt, 'fr-FR')}.${f.agency === null ? '' : ` Agence : ${agencyIn('fr', f.agency)}.`}`,
    `Présentez une pièce d’identité au nom de ${f.recipient}.`,
  ].join(' ');
  const ar = isolateLtrRuns([
    reminder
      ? `تذكير: أرسل لك ${sender} مبلغ ${arAmount} لم يُسحب بعد.`
      : `أرسل لك ${sender} مبلغ ${arAmount} للسحب نقداً من الوكالة.`,
    `المرجع: ${ref}.`,
    `صالح حتى ${day(f.expiresAt, 'ar-MA')}.${agency === null ? '' : ` الوكالة: ${agency}.`}`,
    `يلزم تقديم بطاقة هوية باسم ${recipient}.`,
  ].join(' '));
  return `${signed('fr', fr)}\n${signed('ar', ar)}`;
}

/** The SMS of a stored pickup (a reminder, or the announcement of a pickup released from a review). */
export function smsFactsOf(row: PickupRow, reference: string): PickupSmsFacts | null {
  if (row.recipient_phone_number === null || row.expires_at === null) return null;
  return {
    phone: row.recipient_phone_number,
    sender: `${row.sender_first_name ?? ''} ${row.sender_last_name ?? ''}`.trim(),
    recipient: `${row.recipient_first_name} ${row.recipient_last_name}`.trim(),
    amount: money('MAD', BigInt(row.amount)),
    reference,
    expiresAt: row.expires_at,
    agency: row.agency_name === null ? null : { name: row.agency_name, city: row.agency_city },
  };
}

/** Best effort after commit, as every notification: the sender has the reference on screen to share anyway. */
export async function textRecipient(deps: ServiceDeps, facts: PickupSmsFacts, reminder: boolean): Promise<void> {
  try {
    await deps.sms.send({ to: facts.phone, body: pickupSmsBody(facts, reminder) });
  } catch {
    // The sender's detail screen shows the reference and a share button.
  }
}
