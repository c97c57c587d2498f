import type { Transaction } from 'kysely';
import { opsMessages } from '../../../common/api/messages.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../common/i18n/languages.ts';
import { formatLocaleMoney } from '../../../common/money/locale-amount.ts';
import { money } from '../../../common/money/money.ts';
import type { Database } from '../../db/schema.ts';
import { fieldError } from '../../http/http-error.ts';
import { pageLocales } from '../../http/page-language.ts';
import { findCase, insertMessage, lockCase } from './cases.repository.ts';

/**
 * An operator's action on a transfer or its customer taken from a help case's page: the action is the existing
 * endpoint's, with its own rules; the case only lends its reference to the audit line and keeps an internal note
 * of what was done, so whoever opens the case next reads it in the thread. The customer sees neither.
 */

export interface CaseLink {
  id: string;
  reference: string;
  /** The operator's language, for the note. */
  language: Language;
}

/**
 * The case an action names, locked for its note, in the action's transaction. It must be about this transfer (a
 * refund) or belong to this customer (an action on their access): a case of another transfer or customer is a
 * 400 on `case`, as is one that does not exist.
 */
export async function caseOfAction(
  tx: Transaction<Database>,
  caseId: string,
  about: { transactionId: string } | { userId: string },
  operatorId: string,
): Promise<CaseLink> {
  await lockCase(tx, caseId);
  const row = await findCase(tx, caseId);
  const matches =
    row !== undefined &&
    ('transactionId' in about ? row.transaction_id === about.transactionId : row.user_id === about.userId);
  if (!row || !matches) throw fieldError('case', opsMessages.notThisCase);
  const operator = await tx.selectFrom('users').select('language').where('id', '=', operatorId).executeTakeFirst();
  const language = operator && isLanguage(operator.language) ? operator.language : DEFAULT_LANGUAGE;
  return { id: row.id, reference: row.reference, language };
}

/** What was done, as the note says it. */
export type CaseAction =
  | { action: 'refund'; amount: string }
  | { action: 'refund_requested'; amount: string; approval: string }
  | { action: 'unlock_security_code' }
  | { action: 'cancel'; amount: string }
  | { action: 'resend_pickup_sms' }
  | { action: 'freeze' }
  | { action: 'unfreeze' }
  | { action: 'logout_all' };

type Notes = Record<CaseAction['action'], (amount: string, approval: string) => string>;

// Written for the operators (an Arabic amount comes isolated left to right from its formatter), in the acting operator's language, as a note they would have written themselves.
const notes: Record<Language, Notes & { reason: string }> = {
  fr: {
    refund: (a) => `Remboursement effectué depuis cette demande d’aide : ${a}.`,
    refund_requested: (a, n) =>
      `Remboursement de ${a} demandé depuis cette demande d’aide : il attend un second opérateur (demande #${n}).`,
    unlock_security_code: () => 'Code de sécurité du client débloqué depuis cette demande d’aide.',
    freeze: () => 'Compte du client gelé depuis cette demande d’aide.',
    unfreeze: () => 'Compte du client dégelé depuis cette demande d’aide.',
    logout_all: () => 'Toutes les sessions du client fermées depuis cette demande d’aide.',
    cancel: (a) => `Transfert annulé pour le client depuis cette demande d’aide : ${a} rendus à son solde.`,
    resend_pickup_sms: () => 'SMS de retrait renvoyé au bénéficiaire depuis cette demande d’aide.',
    reason: 'Motif',
  },
  en: {
    refund: (a) => `Refunded from this help request: ${a}.`,
    refund_requested: (a, n) =>
      `Refund of ${a} requested from this help request: it waits for a second operator (request #${n}).`,
    unlock_security_code: () => "The customer's security code was unlocked from this help request.",
    freeze: () => "The customer's account was frozen from this help request.",
    unfreeze: () => "The customer's account was unfrozen from this help request.",
    logout_all: () => 'Every session of the customer was ended from this help request.',
    cancel: (a) => `Transfer cancelled for the customer from this help request: ${a} back in their balance.`,
    resend_pickup_sms: () => 'Pickup SMS sent again to the recipient from this help request.',
    reason: 'Reason',
  },
  ar: {
    refund: (a) => `تم الاسترداد من طلب المساعدة هذا: ${a}.`,
    refund_requested: (a, n) =>
      `طُلب استرداد ${a} من طلب المساعدة هذا: ينتظر موافقة مشغّل ثانٍ (الطلب \u2066#${n}\u2069).`,
    unlock_security_code: () => 'تم فتح رمز أمان العميل من طلب المساعدة هذا.',
    freeze: () => 'تم تجميد حساب العميل من طلب المساعدة هذا.',
    unfreeze: () => 'تم رفع التجميد عن حساب العميل من طلب المساعدة هذا.',
    logout_all: () => 'تم إنهاء كل جلسات العميل من طلب المساعدة هذا.',
    cancel: (a) => `أُلغي التحويل لصالح العميل من طلب المساعدة هذا: أُعيد ${a} إلى رصيده.`,
    resend_pickup_sms: () => 'أُعيد إرسال رسالة السحب إلى المستفيد من طلب المساعدة هذا.',
    reason: 'السبب',
  },
  es: {
    refund: (a) => `Reembolso hecho desde esta solicitud de ayuda: ${a}.`,
    refund_requested: (a, n) =>
      `Reembolso de ${a} solicitado desde esta solicitud de ayuda: espera a un segundo operador (solicitud #${n}).`,
    unlock_security_code: () => 'Código de seguridad del cliente desbloqueado desde esta solicitud de ayuda.',
    freeze: () => 'Cuenta del cliente congelada desde esta solicitud de ayuda.',
    unfreeze: () => 'Cuenta del cliente descongelada desde esta solicitud de ayuda.',
    logout_all: () => 'Todas las sesiones del cliente cerradas desde esta solicitud de ayuda.',
    cancel: (a) => `Transferencia cancelada para el cliente desde esta solicitud de ayuda: ${a} devueltos a su saldo.`,
    resend_pickup_sms: () => 'SMS de retiro reenviado al beneficiario desde esta solicitud de ayuda.',
    reason: 'Motivo',
  },
  it: {
    refund: (a) => `Rimborso eseguito da questa richiesta di aiuto: ${a}.`,
    refund_requested: (a, n) =>
      `Rimborso di ${a} richiesto da questa richiesta di aiuto: attende un secondo operatore (richiesta #${n}).`,
    unlock_security_code: () => 'Codice di sicurezza del cliente sbloccato da questa richiesta di aiuto.',
    freeze: () => 'Conto del cliente congelato da questa richiesta di aiuto.',
    unfreeze: () => 'Conto del cliente scongelato da questa richiesta di aiuto.',
    logout_all: () => 'Tutte le sessioni del cliente chiuse da questa richiesta di aiuto.',
    cancel: (a) => `Trasferimento annullato per il cliente da questa richiesta di aiuto: ${a} tornati nel suo saldo.`,
    resend_pickup_sms: () => 'SMS di ritiro inviato di nuovo al beneficiario da questa richiesta di aiuto.',
    reason: 'Motivo',
  },
  nl: {
    refund: (a) => `Terugbetaald vanuit deze hulpvraag: ${a}.`,
    refund_requested: (a, n) =>
      `Terugbetaling van ${a} aangevraagd vanuit deze hulpvraag: wacht op een tweede operator (verzoek #${n}).`,
    unlock_security_code: () => 'Beveiligingscode van de klant ontgrendeld vanuit deze hulpvraag.',
    freeze: () => 'Rekening van de klant bevroren vanuit deze hulpvraag.',
    unfreeze: () => 'Rekening van de klant ontdooid vanuit deze hulpvraag.',
    logout_all: () => 'Alle sessies van de klant beëindigd vanuit deze hulpvraag.',
    cancel: (a) => `Overboeking geannuleerd voor de klant vanuit deze hulpvraag: ${a} terug in het saldo.`,
    resend_pickup_sms: () => 'Ophaal-sms opnieuw naar de ontvanger gestuurd vanuit deze hulpvraag.',
    reason: 'Reden',
  },
  de: {
    refund: (a) => `Aus diesem Fall erstattet: ${a}.`,
    refund_requested: (a, n) =>
      `Erstattung von ${a} aus dieser Hilfeanfrage beantragt: wartet auf einen zweiten Operator (Antrag #${n}).`,
    unlock_security_code: () => 'Sicherheitscode des Kunden aus dieser Hilfeanfrage entsperrt.',
    freeze: () => 'Konto des Kunden aus dieser Hilfeanfrage eingefroren.',
    unfreeze: () => 'Konto des Kunden aus dieser Hilfeanfrage wieder freigegeben.',
    logout_all: () => 'Alle Sitzungen des Kunden aus dieser Hilfeanfrage beendet.',
    cancel: (a) => `Überweisung für den Kunden aus dieser Hilfeanfrage storniert: ${a} zurück auf seinem Guthaben.`,
    resend_pickup_sms: () => 'Abhol-SMS aus dieser Hilfeanfrage erneut an den Empfänger gesendet.',
    reason: 'Grund',
  },
};

/** The note of an action in the case's thread, internal (never the customer's), with the operator's reason if any. */
export async function noteCaseAction(
  tx: Transaction<Database>,
  link: CaseLink,
  operatorId: string,
  done: CaseAction & { reason?: string },
  at: Date,
): Promise<void> {
  const words = notes[link.language];
  const amount =
    'amount' in done ? formatLocaleMoney(money('MAD', BigInt(done.amount)), pageLocales[link.language]) : '';
  const approval = 'approval' in done ? done.approval : '';
  await insertMessage(tx, {
    caseId: link.id,
    author: 'operator',
    userId: operatorId,
    // An action without a reason (an SMS sent again) is noted by what was done alone.
    body: [words[done.action](amount, approval), ...(done.reason ? [`${words.reason}: ${done.reason}`] : [])].join(
      '\n',
    ),
    internal: true,
    at,
  });
}
