import type { NotificationKind } from '../../../common/api/notifications.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../../common/i18n/languages.ts';
import { formatAmount, isCurrency, money } from '../../../common/money/money.ts';

/**
 * The title and body of each notification kind in fr, en and ar, rendered when read (in the reader's language of
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
  /** Held for a compliance review / released from it (the review's side calls notify()). */
  transfer_on_hold: TransferParams;
  transfer_released: TransferParams;
  kyc_approved: Record<string, never>;
  kyc_rejected: Record<string, never>;
}

export interface NotificationTexts {
  title: string;
  body: string;
}

type Templates = { [K in NotificationKind]: (p: NotificationParams[K]) => NotificationTexts };

/**
 * "150.00 MAD" (en), "150,00 MAD" (fr, as the app writes it) from the stored minor units, exact (no float); an
 * unreadable amount shows as 0.00 rather than failing a list.
 */
function amountOf(p: { amount?: unknown; currency?: unknown }, comma = true): string {
  const currency = isCurrency(p.currency) ? p.currency : 'MAD';
  const text = typeof p.amount === 'string' && /^-?\d{1,18}$/.test(p.amount) ? p.amount : '0';
  const decimal = formatAmount(money(currency, BigInt(text)));
  return `${comma ? decimal.replace('.', ',') : decimal} ${currency}`;
}
const amountEn = (p: TransferParams) => amountOf(p, false);
const amountAr = (p: TransferParams) => amountOf(p).replace(/ MAD$/, ' درهم').replace(/ EUR$/, ' يورو');

const isPickup = (p: TransferParams) => p.transaction_kind === 'pickup';
const isWithdrawal = (p: TransferParams) => p.transaction_kind === 'withdrawal';

const fr: Templates = {
  money_received: (p) => ({
    title: 'Vous avez reçu de l’argent',
    body: `${p.name} vous a envoyé ${amountOf(p)}. Ils sont sur votre solde.`,
  }),
  withdrawal_paid_out: (p) => ({
    title: 'Retrait effectué',
    body: `Votre retrait de ${amountOf(p)} a été remis à l’agence ${p.name}.`,
  }),
  pickup_collected: (p) => ({
    title: 'Retrait en espèces effectué',
    body: `${p.name} a retiré les ${amountOf(p)} que vous lui avez envoyés.`,
  }),
  transfer_cancelled: (p) => ({
    title: isPickup(p) ? 'Retrait en espèces annulé' : isWithdrawal(p) ? 'Retrait annulé' : 'Envoi annulé',
    body: isWithdrawal(p)
      ? `Votre retrait de ${amountOf(p)} est annulé. L’argent est revenu sur votre solde.`
      : `Votre envoi de ${amountOf(p)} à ${p.name} est annulé. L’argent est revenu sur votre solde.`,
  }),
  transfer_refunded: (p) => ({
    title: 'Remboursé',
    body: `Votre opération de ${amountOf(p)} (${p.name}) a été remboursée. L’argent est revenu sur votre solde.`,
  }),
  transfer_expired: (p) => ({
    title: isPickup(p) ? 'Retrait en espèces expiré' : 'Délai expiré',
    body: isWithdrawal(p)
      ? `Votre retrait de ${amountOf(p)} n’a pas été retiré à temps. L’argent est revenu sur votre solde.`
      : `${p.name} n’a pas reçu vos ${amountOf(p)} à temps. L’argent est revenu sur votre solde.`,
  }),
  transfer_on_hold: (p) => ({
    title: 'Opération en vérification',
    body: `Votre opération de ${amountOf(p)} (${p.name}) est en cours de vérification. Nous vous tiendrons informé.`,
  }),
  transfer_released: (p) => ({
    title: 'Vérification terminée',
    body: `Votre opération de ${amountOf(p)} (${p.name}) a été vérifiée et reprend son cours.`,
  }),
  kyc_approved: () => ({
    title: 'Identité vérifiée',
    body: 'Votre pièce d’identité a été acceptée. Vos plafonds ont été relevés.',
  }),
  kyc_rejected: () => ({
    title: 'Pièce d’identité refusée',
    body: 'Votre pièce d’identité n’a pas pu être acceptée. Vous pouvez en envoyer une nouvelle depuis votre profil.',
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
    title: 'Being checked',
    body: `Your ${amountEn(p)} (${p.name}) is being checked. We will keep you posted.`,
  }),
  transfer_released: (p) => ({
    title: 'Check complete',
    body: `Your ${amountEn(p)} (${p.name}) was checked and is on its way again.`,
  }),
  kyc_approved: () => ({
    title: 'Identity verified',
    body: 'Your identity document was accepted. Your limits were raised.',
  }),
  kyc_rejected: () => ({
    title: 'Identity document refused',
    body: 'Your identity document could not be accepted. You can send a new one from your profile.',
  }),
};

const ar: Templates = {
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
    title: 'قيد التحقق',
    body: `عمليتك بقيمة ${amountAr(p)} (${p.name}) قيد التحقق. سنبقيك على اطلاع.`,
  }),
  transfer_released: (p) => ({
    title: 'اكتمل التحقق',
    body: `تم التحقق من عمليتك بقيمة ${amountAr(p)} (${p.name}) وهي تستأنف مسارها.`,
  }),
  kyc_approved: () => ({ title: 'تم التحقق من الهوية', body: 'تم قبول وثيقة هويتك. تم رفع حدودك.' }),
  kyc_rejected: () => ({
    title: 'تم رفض وثيقة الهوية',
    body: 'تعذر قبول وثيقة هويتك. يمكنك إرسال وثيقة جديدة من ملفك الشخصي.',
  }),
};

const templates: Record<Language, Templates> = { fr, en, ar };

const unknownKind: Record<Language, NotificationTexts> = {
  fr: { title: 'Notification', body: '' },
  en: { title: 'Notification', body: '' },
  ar: { title: 'إشعار', body: '' },
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
