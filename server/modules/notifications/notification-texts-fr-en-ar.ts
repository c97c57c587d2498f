import { isolatedInArabic } from '../../../common/i18n/bidi-isolate.ts';
import { accountTexts } from './notification-texts-account.ts';
import { payoutTexts } from './notification-texts-payouts.ts';
import { scheduleTexts } from './notification-texts-schedules.ts';
import {
  amountIn,
  isPickup,
  isWithdrawal,
  type NotificationTemplates,
  rateIn,
  type TransferParams,
} from './notification-params.ts';

/** The notifications' texts in French, English and Arabic (its numbers and names isolated left to right). */

const amountFr = (p: TransferParams) => amountIn('fr', p);
const amountEn = (p: TransferParams) => amountIn('en', p);
const amountAr = (p: TransferParams) => amountIn('ar', p);

export const fr: NotificationTemplates = {
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
  ...scheduleTexts.fr,
  ...payoutTexts.fr,
  ...accountTexts.fr,
  case_answered: (p) => ({
    title: 'Réponse à votre demande d’aide',
    body: `Nous avons répondu à votre demande ${p.reference}. Lisez la réponse dans l’application.`,
  }),
};

export const en: NotificationTemplates = {
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
  ...scheduleTexts.en,
  ...payoutTexts.en,
  ...accountTexts.en,
  case_answered: (p) => ({
    title: 'Reply to your help request',
    body: `We replied to your request ${p.reference}. Read the reply in the app.`,
  }),
};

export const ar: NotificationTemplates = isolatedInArabic({
  money_received: (p) => ({
    title: 'لقد تلقيت أموالاً',
    body: `أرسل لك ${p.name} مبلغ ${amountAr(p)}. المبلغ في رصيدك.`,
  }),
  withdrawal_paid_out: (p) => ({ title: 'تم السحب', body: `تم صرف سحبك بقيمة ${amountAr(p)} في وكالة ${p.name}.` }),
  pickup_collected: (p) => ({ title: 'تم السحب النقدي', body: `تم سحب مبلغ ${amountAr(p)} الذي أرسلته إلى ${p.name}.` }),
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
      : `لم يُستلم مبلغ ${amountAr(p)} المرسل إلى ${p.name} في الوقت المحدد. عاد المبلغ إلى رصيدك.`,
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
    body: `لم يُستلم مبلغ ${amountAr(p)} المرسل إلى ${p.name} بعد. إذا لم يتم التسجيل خلال الأيام القادمة، يعود المبلغ إلى رصيدك.`,
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
  ...scheduleTexts.ar,
  ...payoutTexts.ar,
  ...accountTexts.ar,
  case_answered: (p) => ({
    title: 'رد على طلب المساعدة',
    body: `رددنا على طلبك ${p.reference}. اقرأ الرد في التطبيق.`,
  }),
});
