import { isolatedInArabic } from '../../../common/i18n/bidi-isolate.ts';
import type { NotificationKind } from '../../../common/api/notifications.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../../common/i18n/languages.ts';
import { formatLocaleMoney } from '../../../common/money/locale-amount.ts';
import { isCurrency, money } from '../../../common/money/money.ts';
import { pageLocales } from '../../http/page-language.ts';

/**
 * The title and body of each notification kind in every language (common/i18n/languages.ts), rendered when read (in the reader's language of
 * the moment) and when the e-mail or SMS is sent. Plain text. Each kind names the parameters it needs, so
 * notify() refuses at compile time a kind called with the wrong ones.
 */

/** A transfer's facts, written by the database trigger (migration 0240) or by notify(). */
export interface TransferParams {
  /** Minor units as text. */
  amount: string;
  currency: string;
  /** The other party: who sent it, who collects it, the agency, the contact. */
  name: string;
  transaction_kind?: string;
}

export interface NotificationParams {
  money_received: TransferParams;
  withdrawal_paid_out: TransferParams;
  pickup_collected: TransferParams;
  transfer_cancelled: TransferParams;
  transfer_refunded: TransferParams;
  transfer_expired: TransferParams;
  /**
   * Held for a compliance review (the timeline's trigger, migration 0330) / released from it (the review's notify()).
   * Neutral, tipping-off (AMLD 2015/849 art. 39): 'being processed, can take longer', never a review or a check, nor
   * the recipient's name (which would point at who is checked); the amount tells which operation.
   */
  transfer_on_hold: TransferParams;
  transfer_released: TransferParams;
  kyc_approved: Record<string, never>;
  kyc_rejected: Record<string, never>;
  transfer_invited: TransferParams;
  transfer_expiring: TransferParams;
  /**
   * The money a transfer waited with reached its recipient's account: at their sign-up, or later when an existing
   * user confirms the e-mail it waited for (claimTransfersForNewUser, both). The wording holds for both (it says
   * where the money is, not how the account came to be), also for notifications stored before this wording.
   */
  transfer_claimed: TransferParams;
  /** A rate alert reached (issue 18): the customer's threshold and their rate that reached it, MAD per EUR ("11.2000"). */
  rate_alert: RateAlertParams;
}

export interface RateAlertParams {
  threshold: string;
  rate: string;
}

export interface NotificationTexts {
  title: string;
  body: string;
}

type Templates = { [K in NotificationKind]: (p: NotificationParams[K]) => NotificationTexts };

/**
 * An amount as every message writes it (notifications, e-mails, SMS; also the recipient's messages, invitations/):
 * the screens' own formatter in the language's locale (common/money/locale-amount.ts states the rule: '1 005,00 MAD',
 * English '1,005.00 MAD', Dutch 'MAD 1.005,00', Arabic one left-to-right unit), from the stored minor units, exact
 * (no float); an unreadable amount shows as 0.00 rather than failing a list.
 */
export function amountIn(language: Language, p: { amount?: unknown; currency?: unknown }): string {
  const currency = isCurrency(p.currency) ? p.currency : 'MAD';
  const text = typeof p.amount === 'string' && /^-?\d{1,18}$/.test(p.amount) ? p.amount : '0';
  return formatLocaleMoney(money(currency, BigInt(text)), pageLocales[language]);
}
const amountFr = (p: TransferParams) => amountIn('fr', p);
const amountEn = (p: TransferParams) => amountIn('en', p);
const amountAr = (p: TransferParams) => amountIn('ar', p);
const amountEs = (p: TransferParams) => amountIn('es', p);
const amountIt = (p: TransferParams) => amountIn('it', p);
const amountNl = (p: TransferParams) => amountIn('nl', p);
const amountDe = (p: TransferParams) => amountIn('de', p);

/**
 * A rate as the notifications of `language` write it: "11.2000" -> "11.20" (en), "11,20" (the others, as the app
 * shows rates); a fourth decimal that is not zero is kept ("11,2050"). Unreadable text shows as given.
 */
export function rateIn(language: Language, text: unknown): string {
  const match = typeof text === 'string' ? /^(\d{1,9})(?:\.(\d{1,8}))?$/.exec(text) : null;
  if (!match) return typeof text === 'string' ? text : '';
  const fraction = (match[2] ?? '').replace(/0+$/, '').padEnd(2, '0');
  return `${match[1]}${language === 'en' ? '.' : ','}${fraction}`;
}

const isPickup = (p: TransferParams) => p.transaction_kind === 'pickup';
const isWithdrawal = (p: TransferParams) => p.transaction_kind === 'withdrawal';

const fr: Templates = {
  money_received: (p) => ({
    title: 'Vous avez reçu de l’argent',
    body: `${p.name} vous a envoyé ${amountFr(p)}. Ils sont sur votre solde.`,
  }),
  withdrawal_paid_out: (p) => ({
    title: 'Retrait effectué',
    body: `Votre retrait de ${amountFr(p)} a été remis à l’agence ${p.name}.`,
  }),
  pickup_collected: (p) => ({
    title: 'Retrait en espèces effectué',
    body: `${p.name} a retiré les ${amountFr(p)} que vous lui avez envoyés.`,
  }),
  transfer_cancelled: (p) => ({
    title: isPickup(p) ? 'Retrait en espèces annulé' : isWithdrawal(p) ? 'Retrait annulé' : 'Envoi annulé',
    body: isWithdrawal(p)
      ? `Votre retrait de ${amountFr(p)} est annulé. L’argent est revenu sur votre solde.`
      : `Votre envoi de ${amountFr(p)} à ${p.name} est annulé. L’argent est revenu sur votre solde.`,
  }),
  transfer_refunded: (p) => ({
    title: 'Remboursé',
    body: `Votre opération de ${amountFr(p)} (${p.name}) a été remboursée. L’argent est revenu sur votre solde.`,
  }),
  transfer_expired: (p) => ({
    title: isPickup(p) ? 'Retrait en espèces expiré' : 'Délai expiré',
    body: isWithdrawal(p)
      ? `Votre retrait de ${amountFr(p)} n’a pas été retiré à temps. L’argent est revenu sur votre solde.`
      : `${p.name} n’a pas reçu vos ${amountFr(p)} à temps. L’argent est revenu sur votre solde.`,
  }),
  transfer_on_hold: (p) => ({
    title: 'Opération en cours',
    body: `Votre opération de ${amountFr(p)} est en cours de traitement. Cela peut prendre un peu plus de temps que d’habitude ; nous vous préviendrons dès qu’elle sera terminée.`,
  }),
  transfer_released: (p) => ({
    title: 'Opération traitée',
    body: `Votre opération de ${amountFr(p)} a été traitée et suit son cours.`,
  }),
  transfer_invited: (p) => ({
    title: 'Invitation envoyée',
    body: `${p.name} n’a pas encore de compte : nous lui avons envoyé une invitation à s’inscrire pour recevoir vos ${amountFr(p)}. Sans inscription à temps, l’argent reviendra sur votre solde.`,
  }),
  transfer_expiring: (p) => ({
    title: 'Votre envoi expire bientôt',
    body: `${p.name} n’a pas encore reçu vos ${amountFr(p)}. Sans inscription dans les prochains jours, l’argent reviendra sur votre solde.`,
  }),
  transfer_claimed: (p) => ({
    title: 'Envoi reçu',
    body: `${p.name} a reçu vos ${amountFr(p)} sur son compte.`,
  }),
  kyc_approved: () => ({
    title: 'Identité vérifiée',
    body: 'Votre pièce d’identité a été acceptée. Vos plafonds ont été relevés.',
  }),
  kyc_rejected: () => ({
    title: 'Pièce d’identité refusée',
    body: 'Votre pièce d’identité n’a pas pu être acceptée. Vous pouvez en envoyer une nouvelle depuis votre profil.',
  }),
  rate_alert: (p) => ({
    title: 'Alerte de taux atteinte',
    body: `Votre taux est maintenant de 1 EUR = ${rateIn('fr', p.rate)} MAD : il a atteint votre alerte à ${rateIn('fr', p.threshold)} MAD.`,
  }),
};

const en: Templates = {
  money_received: (p) => ({
    title: 'You received money',
    body: `${p.name} sent you ${amountEn(p)}. It is in your balance.`,
  }),
  withdrawal_paid_out: (p) => ({
    title: 'Withdrawal paid out',
    body: `Your withdrawal of ${amountEn(p)} was paid out at ${p.name}.`,
  }),
  pickup_collected: (p) => ({
    title: 'Cash pickup collected',
    body: `${p.name} collected the ${amountEn(p)} you sent.`,
  }),
  transfer_cancelled: (p) => ({
    title: isPickup(p) ? 'Cash pickup cancelled' : isWithdrawal(p) ? 'Withdrawal cancelled' : 'Transfer cancelled',
    body: isWithdrawal(p)
      ? `Your withdrawal of ${amountEn(p)} is cancelled. The money is back in your balance.`
      : `Your ${amountEn(p)} to ${p.name} is cancelled. The money is back in your balance.`,
  }),
  transfer_refunded: (p) => ({
    title: 'Refunded',
    body: `Your ${amountEn(p)} (${p.name}) was refunded. The money is back in your balance.`,
  }),
  transfer_expired: (p) => ({
    title: isPickup(p) ? 'Cash pickup expired' : 'Expired',
    body: isWithdrawal(p)
      ? `Your withdrawal of ${amountEn(p)} was not collected in time. The money is back in your balance.`
      : `${p.name} did not receive your ${amountEn(p)} in time. The money is back in your balance.`,
  }),
  transfer_on_hold: (p) => ({
    title: 'Transfer in progress',
    body: `Your ${amountEn(p)} transfer is being processed. It can take a little longer than usual; we will let you know as soon as it is complete.`,
  }),
  transfer_released: (p) => ({
    title: 'Transfer processed',
    body: `Your ${amountEn(p)} transfer has been processed and is going ahead.`,
  }),
  transfer_invited: (p) => ({
    title: 'Invitation sent',
    body: `${p.name} has no account yet: we sent them an invitation to sign up and receive your ${amountEn(p)}. If they do not sign up in time, the money comes back to your balance.`,
  }),
  transfer_expiring: (p) => ({
    title: 'Your transfer expires soon',
    body: `${p.name} has not received your ${amountEn(p)} yet. If they do not sign up in the next few days, the money comes back to your balance.`,
  }),
  transfer_claimed: (p) => ({
    title: 'Transfer received',
    body: `${p.name} received your ${amountEn(p)} in their account.`,
  }),
  kyc_approved: () => ({
    title: 'Identity verified',
    body: 'Your identity document was accepted. Your limits were raised.',
  }),
  kyc_rejected: () => ({
    title: 'Identity document refused',
    body: 'Your identity document could not be accepted. You can send a new one from your profile.',
  }),
  rate_alert: (p) => ({
    title: 'Rate alert reached',
    body: `Your rate is now 1 EUR = ${rateIn('en', p.rate)} MAD: it has reached your alert at ${rateIn('en', p.threshold)} MAD.`,
  }),
};

const ar: Templates = isolatedInArabic({
  money_received: (p) => ({
    title: 'لقد تلقيت أموالاً',
    body: `أرسل لك ${p.name} مبلغ ${amountAr(p)}. المبلغ في رصيدك.`,
  }),
  withdrawal_paid_out: (p) => ({ title: 'تم السحب', body: `تم صرف سحبك بقيمة ${amountAr(p)} في وكالة ${p.name}.` }),
  pickup_collected: (p) => ({ title: 'تم السحب النقدي', body: `سحب ${p.name} مبلغ ${amountAr(p)} الذي أرسلته.` }),
  transfer_cancelled: (p) => ({
    title: isPickup(p) ? 'تم إلغاء السحب النقدي' : isWithdrawal(p) ? 'تم إلغاء السحب' : 'تم إلغاء التحويل',
    body: isWithdrawal(p)
      ? `تم إلغاء سحبك بقيمة ${amountAr(p)}. عاد المبلغ إلى رصيدك.`
      : `تم إلغاء إرسالك بقيمة ${amountAr(p)} إلى ${p.name}. عاد المبلغ إلى رصيدك.`,
  }),
  transfer_refunded: (p) => ({
    title: 'تم الاسترداد',
    body: `تم استرداد عمليتك بقيمة ${amountAr(p)} (${p.name}). عاد المبلغ إلى رصيدك.`,
  }),
  transfer_expired: (p) => ({
    title: isPickup(p) ? 'انتهت صلاحية السحب النقدي' : 'انتهت المهلة',
    body: isWithdrawal(p)
      ? `لم يتم سحب مبلغ ${amountAr(p)} في الوقت المحدد. عاد المبلغ إلى رصيدك.`
      : `لم يتسلم ${p.name} مبلغ ${amountAr(p)} في الوقت المحدد. عاد المبلغ إلى رصيدك.`,
  }),
  transfer_on_hold: (p) => ({
    title: 'العملية قيد المعالجة',
    body: `عمليتك بقيمة ${amountAr(p)} قيد المعالجة. قد يستغرق ذلك وقتًا أطول قليلًا من المعتاد، وسنُعلمك فور اكتمالها.`,
  }),
  transfer_released: (p) => ({
    title: 'تمت معالجة العملية',
    body: `تمت معالجة عمليتك بقيمة ${amountAr(p)} وهي تستأنف مسارها.`,
  }),
  transfer_invited: (p) => ({
    title: 'تم إرسال الدعوة',
    body: `ليس لدى ${p.name} حساب بعد: أرسلنا دعوة للتسجيل وتسلم مبلغ ${amountAr(p)}. إذا لم يتم التسجيل في الوقت المحدد، يعود المبلغ إلى رصيدك.`,
  }),
  transfer_expiring: (p) => ({
    title: 'تحويلك ينتهي قريباً',
    body: `لم يتسلم ${p.name} مبلغ ${amountAr(p)} بعد. إذا لم يتم التسجيل خلال الأيام القادمة، يعود المبلغ إلى رصيدك.`,
  }),
  transfer_claimed: (p) => ({
    title: 'تم تسلم التحويل',
    body: `تم إيداع مبلغ ${amountAr(p)} في حساب ${p.name}.`,
  }),
  kyc_approved: () => ({ title: 'تم التحقق من الهوية', body: 'تم قبول وثيقة هويتك. تم رفع حدودك.' }),
  kyc_rejected: () => ({
    title: 'تم رفض وثيقة الهوية',
    body: 'تعذر قبول وثيقة هويتك. يمكنك إرسال وثيقة جديدة من ملفك الشخصي.',
  }),
  rate_alert: (p) => ({
    title: 'تم بلوغ سعر التنبيه',
    body: `سعرك الآن 1 يورو = ${rateIn('ar', p.rate)} درهم، وقد بلغ التنبيه الذي حددته عند ${rateIn('ar', p.threshold)} درهم.`,
  }),
});

// The diaspora's languages (issue 21): amounts in each language's own marks (amountIn; nl 'MAD 150,00').
const es: Templates = {
  money_received: (p) => ({
    title: 'Has recibido dinero',
    body: `${p.name} te ha enviado ${amountEs(p)}. Ya está en tu saldo.`,
  }),
  withdrawal_paid_out: (p) => ({
    title: 'Retirada cobrada',
    body: `Tu retirada de ${amountEs(p)} se ha pagado en la agencia ${p.name}.`,
  }),
  pickup_collected: (p) => ({
    title: 'Retirada en efectivo cobrada',
    body: `${p.name} ha retirado los ${amountEs(p)} que le enviaste.`,
  }),
  transfer_cancelled: (p) => ({
    title: isPickup(p) ? 'Retirada en efectivo cancelada' : isWithdrawal(p) ? 'Retirada cancelada' : 'Envío cancelado',
    body: isWithdrawal(p)
      ? `Tu retirada de ${amountEs(p)} se ha cancelado. El dinero ha vuelto a tu saldo.`
      : `Tu envío de ${amountEs(p)} a ${p.name} se ha cancelado. El dinero ha vuelto a tu saldo.`,
  }),
  transfer_refunded: (p) => ({
    title: 'Reembolsado',
    body: `Tu operación de ${amountEs(p)} (${p.name}) se ha reembolsado. El dinero ha vuelto a tu saldo.`,
  }),
  transfer_expired: (p) => ({
    title: isPickup(p) ? 'Retirada en efectivo caducada' : 'Plazo vencido',
    body: isWithdrawal(p)
      ? `Tu retirada de ${amountEs(p)} no se cobró a tiempo. El dinero ha vuelto a tu saldo.`
      : `${p.name} no recibió tus ${amountEs(p)} a tiempo. El dinero ha vuelto a tu saldo.`,
  }),
  transfer_on_hold: (p) => ({
    title: 'Operación en curso',
    body: `Tu operación de ${amountEs(p)} se está procesando. Puede tardar un poco más de lo habitual; te avisaremos en cuanto se complete.`,
  }),
  transfer_released: (p) => ({
    title: 'Operación procesada',
    body: `Tu operación de ${amountEs(p)} se ha procesado y sigue su curso.`,
  }),
  transfer_invited: (p) => ({
    title: 'Invitación enviada',
    body: `${p.name} aún no tiene cuenta: le hemos enviado una invitación para registrarse y recibir tus ${amountEs(p)}. Si no se registra a tiempo, el dinero volverá a tu saldo.`,
  }),
  transfer_expiring: (p) => ({
    title: 'Tu envío caduca pronto',
    body: `${p.name} aún no ha recibido tus ${amountEs(p)}. Si no se registra en los próximos días, el dinero volverá a tu saldo.`,
  }),
  transfer_claimed: (p) => ({
    title: 'Envío recibido',
    body: `${p.name} ha recibido tus ${amountEs(p)} en su cuenta.`,
  }),
  kyc_approved: () => ({
    title: 'Identidad verificada',
    body: 'Hemos aceptado tu documento de identidad. Tus límites han aumentado.',
  }),
  kyc_rejected: () => ({
    title: 'Documento de identidad rechazado',
    body: 'No hemos podido aceptar tu documento de identidad. Puedes enviar otro desde tu perfil.',
  }),
  rate_alert: (p) => ({
    title: 'Alerta de tipo de cambio alcanzada',
    body: `Tu tipo de cambio es ahora 1 EUR = ${rateIn('es', p.rate)} MAD: ha alcanzado tu alerta de ${rateIn('es', p.threshold)} MAD.`,
  }),
};

const it: Templates = {
  money_received: (p) => ({
    title: 'Hai ricevuto denaro',
    body: `${p.name} ti ha inviato ${amountIt(p)}. Sono già sul tuo saldo.`,
  }),
  withdrawal_paid_out: (p) => ({
    title: 'Prelievo effettuato',
    body: `Il tuo prelievo di ${amountIt(p)} è stato pagato presso l’agenzia ${p.name}.`,
  }),
  pickup_collected: (p) => ({
    title: 'Ritiro in contanti effettuato',
    body: `${p.name} ha ritirato i ${amountIt(p)} che gli hai inviato.`,
  }),
  transfer_cancelled: (p) => ({
    title: isPickup(p) ? 'Ritiro in contanti annullato' : isWithdrawal(p) ? 'Prelievo annullato' : 'Invio annullato',
    body: isWithdrawal(p)
      ? `Il tuo prelievo di ${amountIt(p)} è stato annullato. Il denaro è tornato sul tuo saldo.`
      : `Il tuo invio di ${amountIt(p)} a ${p.name} è stato annullato. Il denaro è tornato sul tuo saldo.`,
  }),
  transfer_refunded: (p) => ({
    title: 'Rimborsato',
    body: `La tua operazione di ${amountIt(p)} (${p.name}) è stata rimborsata. Il denaro è tornato sul tuo saldo.`,
  }),
  transfer_expired: (p) => ({
    title: isPickup(p) ? 'Ritiro in contanti scaduto' : 'Termine scaduto',
    body: isWithdrawal(p)
      ? `Il tuo prelievo di ${amountIt(p)} non è stato ritirato in tempo. Il denaro è tornato sul tuo saldo.`
      : `${p.name} non ha ricevuto i tuoi ${amountIt(p)} in tempo. Il denaro è tornato sul tuo saldo.`,
  }),
  transfer_on_hold: (p) => ({
    title: 'Operazione in corso',
    body: `La tua operazione di ${amountIt(p)} è in elaborazione. Può richiedere un po’ più del solito; ti avviseremo appena sarà completata.`,
  }),
  transfer_released: (p) => ({
    title: 'Operazione elaborata',
    body: `La tua operazione di ${amountIt(p)} è stata elaborata e prosegue.`,
  }),
  transfer_invited: (p) => ({
    title: 'Invito inviato',
    body: `${p.name} non ha ancora un conto: abbiamo inviato un invito a registrarsi per ricevere i tuoi ${amountIt(p)}. Se non si registra in tempo, il denaro tornerà sul tuo saldo.`,
  }),
  transfer_expiring: (p) => ({
    title: 'Il tuo invio scade presto',
    body: `${p.name} non ha ancora ricevuto i tuoi ${amountIt(p)}. Se non si registra nei prossimi giorni, il denaro tornerà sul tuo saldo.`,
  }),
  transfer_claimed: (p) => ({
    title: 'Invio ricevuto',
    body: `${p.name} ha ricevuto i tuoi ${amountIt(p)} sul suo conto.`,
  }),
  kyc_approved: () => ({
    title: 'Identità verificata',
    body: 'Il tuo documento d’identità è stato accettato. I tuoi limiti sono stati aumentati.',
  }),
  kyc_rejected: () => ({
    title: 'Documento d’identità rifiutato',
    body: 'Non abbiamo potuto accettare il tuo documento d’identità. Puoi inviarne uno nuovo dal tuo profilo.',
  }),
  rate_alert: (p) => ({
    title: 'Avviso di cambio raggiunto',
    body: `Il tuo tasso di cambio è ora 1 EUR = ${rateIn('it', p.rate)} MAD: ha raggiunto il tuo avviso a ${rateIn('it', p.threshold)} MAD.`,
  }),
};

const nl: Templates = {
  money_received: (p) => ({
    title: 'Je hebt geld ontvangen',
    body: `${p.name} heeft je ${amountNl(p)} gestuurd. Het staat op je saldo.`,
  }),
  withdrawal_paid_out: (p) => ({
    title: 'Opname uitbetaald',
    body: `Je opname van ${amountNl(p)} is uitbetaald bij kantoor ${p.name}.`,
  }),
  pickup_collected: (p) => ({
    title: 'Contant afgehaald',
    body: `${p.name} heeft de ${amountNl(p)} afgehaald die je hebt gestuurd.`,
  }),
  transfer_cancelled: (p) => ({
    title: isPickup(p)
      ? 'Contante afhaling geannuleerd'
      : isWithdrawal(p)
        ? 'Opname geannuleerd'
        : 'Overboeking geannuleerd',
    body: isWithdrawal(p)
      ? `Je opname van ${amountNl(p)} is geannuleerd. Het geld staat weer op je saldo.`
      : `Je overboeking van ${amountNl(p)} naar ${p.name} is geannuleerd. Het geld staat weer op je saldo.`,
  }),
  transfer_refunded: (p) => ({
    title: 'Terugbetaald',
    body: `Je transactie van ${amountNl(p)} (${p.name}) is terugbetaald. Het geld staat weer op je saldo.`,
  }),
  transfer_expired: (p) => ({
    title: isPickup(p) ? 'Contante afhaling verlopen' : 'Termijn verlopen',
    body: isWithdrawal(p)
      ? `Je opname van ${amountNl(p)} is niet op tijd afgehaald. Het geld staat weer op je saldo.`
      : `${p.name} heeft je ${amountNl(p)} niet op tijd ontvangen. Het geld staat weer op je saldo.`,
  }),
  transfer_on_hold: (p) => ({
    title: 'Transactie in behandeling',
    body: `Je transactie van ${amountNl(p)} wordt verwerkt. Dit kan iets langer duren dan normaal; we laten het je weten zodra ze is afgerond.`,
  }),
  transfer_released: (p) => ({
    title: 'Transactie verwerkt',
    body: `Je transactie van ${amountNl(p)} is verwerkt en wordt uitgevoerd.`,
  }),
  transfer_invited: (p) => ({
    title: 'Uitnodiging verstuurd',
    body: `${p.name} heeft nog geen account: we hebben een uitnodiging gestuurd om zich aan te melden en je ${amountNl(p)} te ontvangen. Zonder aanmelding op tijd komt het geld terug op je saldo.`,
  }),
  transfer_expiring: (p) => ({
    title: 'Je overboeking verloopt binnenkort',
    body: `${p.name} heeft je ${amountNl(p)} nog niet ontvangen. Zonder aanmelding in de komende dagen komt het geld terug op je saldo.`,
  }),
  transfer_claimed: (p) => ({
    title: 'Overboeking ontvangen',
    body: `Je ${amountNl(p)} staat op het account van ${p.name}.`,
  }),
  kyc_approved: () => ({
    title: 'Identiteit geverifieerd',
    body: 'Je identiteitsbewijs is goedgekeurd. Je limieten zijn verhoogd.',
  }),
  kyc_rejected: () => ({
    title: 'Identiteitsbewijs afgewezen',
    body: 'We konden je identiteitsbewijs niet goedkeuren. Je kunt via je profiel een nieuw exemplaar sturen.',
  }),
  rate_alert: (p) => ({
    title: 'Koersalert bereikt',
    body: `Je koers is nu 1 EUR = ${rateIn('nl', p.rate)} MAD: je alert van ${rateIn('nl', p.threshold)} MAD is bereikt.`,
  }),
};

const de: Templates = {
  money_received: (p) => ({
    title: 'Sie haben Geld erhalten',
    body: `${p.name} hat Ihnen ${amountDe(p)} gesendet. Der Betrag ist in Ihrem Guthaben.`,
  }),
  withdrawal_paid_out: (p) => ({
    title: 'Auszahlung erfolgt',
    body: `Ihre Auszahlung von ${amountDe(p)} wurde in der Filiale ${p.name} ausgezahlt.`,
  }),
  pickup_collected: (p) => ({
    title: 'Barauszahlung abgeholt',
    body: `${p.name} hat die ${amountDe(p)} abgeholt, die Sie gesendet haben.`,
  }),
  transfer_cancelled: (p) => ({
    title: isPickup(p) ? 'Barauszahlung storniert' : isWithdrawal(p) ? 'Auszahlung storniert' : 'Überweisung storniert',
    body: isWithdrawal(p)
      ? `Ihre Auszahlung von ${amountDe(p)} wurde storniert. Das Geld ist wieder in Ihrem Guthaben.`
      : `Ihre Überweisung von ${amountDe(p)} an ${p.name} wurde storniert. Das Geld ist wieder in Ihrem Guthaben.`,
  }),
  transfer_refunded: (p) => ({
    title: 'Erstattet',
    body: `Ihr Vorgang über ${amountDe(p)} (${p.name}) wurde erstattet. Das Geld ist wieder in Ihrem Guthaben.`,
  }),
  transfer_expired: (p) => ({
    title: isPickup(p) ? 'Barauszahlung abgelaufen' : 'Frist abgelaufen',
    body: isWithdrawal(p)
      ? `Ihre Auszahlung von ${amountDe(p)} wurde nicht rechtzeitig abgeholt. Das Geld ist wieder in Ihrem Guthaben.`
      : `${p.name} hat Ihre ${amountDe(p)} nicht rechtzeitig erhalten. Das Geld ist wieder in Ihrem Guthaben.`,
  }),
  transfer_on_hold: (p) => ({
    title: 'Vorgang in Bearbeitung',
    body: `Ihr Vorgang über ${amountDe(p)} wird bearbeitet. Das kann etwas länger dauern als üblich; wir benachrichtigen Sie, sobald er abgeschlossen ist.`,
  }),
  transfer_released: (p) => ({
    title: 'Vorgang bearbeitet',
    body: `Ihr Vorgang über ${amountDe(p)} wurde bearbeitet und wird ausgeführt.`,
  }),
  transfer_invited: (p) => ({
    title: 'Einladung gesendet',
    body: `${p.name} hat noch kein Konto: Wir haben eine Einladung geschickt, sich zu registrieren und Ihre ${amountDe(p)} zu empfangen. Ohne rechtzeitige Registrierung geht das Geld zurück in Ihr Guthaben.`,
  }),
  transfer_expiring: (p) => ({
    title: 'Ihre Überweisung läuft bald ab',
    body: `${p.name} hat Ihre ${amountDe(p)} noch nicht erhalten. Ohne Registrierung in den nächsten Tagen geht das Geld zurück in Ihr Guthaben.`,
  }),
  transfer_claimed: (p) => ({
    title: 'Überweisung empfangen',
    body: `Ihre ${amountDe(p)} sind auf dem Konto von ${p.name} eingegangen.`,
  }),
  kyc_approved: () => ({
    title: 'Identität bestätigt',
    body: 'Ihr Ausweis wurde akzeptiert. Ihre Limits wurden erhöht.',
  }),
  kyc_rejected: () => ({
    title: 'Ausweis abgelehnt',
    body: 'Ihr Ausweis konnte nicht akzeptiert werden. Sie können in Ihrem Profil einen neuen senden.',
  }),
  rate_alert: (p) => ({
    title: 'Kursalarm erreicht',
    body: `Ihr Kurs liegt jetzt bei 1 EUR = ${rateIn('de', p.rate)} MAD und hat Ihren Alarm bei ${rateIn('de', p.threshold)} MAD erreicht.`,
  }),
};

const templates: Record<Language, Templates> = { fr, en, ar, es, it, nl, de };

const unknownKind: Record<Language, NotificationTexts> = {
  fr: { title: 'Notification', body: '' },
  en: { title: 'Notification', body: '' },
  ar: { title: 'إشعار', body: '' },
  es: { title: 'Notificación', body: '' },
  it: { title: 'Notifica', body: '' },
  nl: { title: 'Melding', body: '' },
  de: { title: 'Benachrichtigung', body: '' },
};

/**
 * A stored notification as text in `language`. The parameters come from the database (JSON): a kind no longer
 * known, or parameters missing a field, still render (a generic title; an empty name) rather than fail a list.
 */
export function renderNotification(language: Language, kind: string, params: unknown): NotificationTexts {
  const set = templates[language] ?? templates[DEFAULT_LANGUAGE];
  if (!(kind in set)) return unknownKind[language];
  const p = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>;
  const safe = { ...p, name: typeof p.name === 'string' ? p.name : '' };
  return (set[kind as NotificationKind] as (p: unknown) => NotificationTexts)(safe);
}
