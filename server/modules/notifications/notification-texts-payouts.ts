import type { Language } from '../../../common/i18n/languages.ts';
import { amountIn, type NotificationTemplates, type TransferParams } from './notification-params.ts';

/**
 * The mobile wallet payouts' notifications in every language: to the sender, the wallet credited or the money
 * returned with the operator's reason (written by the timeline's trigger, notify_transaction_step.sql); to a
 * recipient who has an account, the money sent to their wallet (the method's notify()). The languages' template
 * sets spread these in.
 */

type PayoutKinds = 'payout_completed' | 'payout_returned' | 'payout_received';
type PayoutTemplates = Pick<NotificationTemplates, PayoutKinds>;

/** The operator's reasons (common/api/payouts.ts walletFailures), and the words for an unknown one. */
interface Words {
  completedTitle: string;
  completed: (amount: string, name: string) => string;
  returnedTitle: string;
  returned: (amount: string, name: string, reason: string) => string;
  reasons: Record<string, string>;
  otherReason: string;
  receivedTitle: string;
  received: (amount: string, name: string) => string;
}

const words: Record<Language, Words> = {
  en: {
    completedTitle: 'Mobile wallet credited',
    completed: (a, n) => `Your ${a} reached ${n}’s mobile wallet.`,
    returnedTitle: 'Mobile wallet payout returned',
    returned: (a, n, r) =>
      `Your ${a} to ${n}’s mobile wallet could not be paid: ${r}. The money is back on your balance.`,
    reasons: {
      wallet_not_found: 'there is no mobile wallet on this number',
      wallet_ceiling_exceeded: 'it would exceed the wallet’s ceiling',
      partner_unavailable: 'the wallet operator was unavailable',
    },
    otherReason: 'the wallet operator refused it',
    receivedTitle: 'Money sent to your mobile wallet',
    received: (a, n) => `${n} sent ${a} to your mobile wallet.`,
  },
  fr: {
    completedTitle: 'Portefeuille mobile crédité',
    completed: (a, n) => `Vos ${a} sont arrivés sur le portefeuille mobile de ${n}.`,
    returnedTitle: 'Envoi sur portefeuille mobile retourné',
    returned: (a, n, r) =>
      `Vos ${a} pour le portefeuille mobile de ${n} n’ont pas pu être versés : ${r}. L’argent est revenu sur votre solde.`,
    reasons: {
      wallet_not_found: 'il n’y a pas de portefeuille mobile sur ce numéro',
      wallet_ceiling_exceeded: 'le plafond du portefeuille serait dépassé',
      partner_unavailable: 'l’opérateur du portefeuille était indisponible',
    },
    otherReason: 'l’opérateur du portefeuille l’a refusé',
    receivedTitle: 'Argent envoyé sur votre portefeuille mobile',
    received: (a, n) => `${n} a envoyé ${a} sur votre portefeuille mobile.`,
  },
  ar: {
    completedTitle: 'تم إيداع المبلغ في المحفظة',
    completed: (a, n) => `وصل مبلغ ${a} إلى المحفظة الإلكترونية لـ ${n}.`,
    returnedTitle: 'أُعيد التحويل إلى المحفظة',
    returned: (a, n, r) => `تعذّر دفع مبلغ ${a} إلى المحفظة الإلكترونية لـ ${n}: ${r}. عاد المبلغ إلى رصيدك.`,
    reasons: {
      wallet_not_found: 'لا توجد محفظة إلكترونية على هذا الرقم',
      wallet_ceiling_exceeded: 'سيتجاوز المبلغ سقف المحفظة',
      partner_unavailable: 'مشغّل المحفظة غير متاح',
    },
    otherReason: 'رفضه مشغّل المحفظة',
    receivedTitle: 'أموال أُرسلت إلى محفظتك',
    received: (a, n) => `أرسل ${n} مبلغ ${a} إلى محفظتك الإلكترونية.`,
  },
  es: {
    completedTitle: 'Monedero móvil abonado',
    completed: (a, n) => `Tus ${a} han llegado al monedero móvil de ${n}.`,
    returnedTitle: 'Envío al monedero móvil devuelto',
    returned: (a, n, r) =>
      `Tus ${a} al monedero móvil de ${n} no se han podido pagar: ${r}. El dinero ha vuelto a tu saldo.`,
    reasons: {
      wallet_not_found: 'no hay ningún monedero móvil con este número',
      wallet_ceiling_exceeded: 'superaría el límite del monedero',
      partner_unavailable: 'el operador del monedero no estaba disponible',
    },
    otherReason: 'el operador del monedero lo ha rechazado',
    receivedTitle: 'Dinero enviado a tu monedero móvil',
    received: (a, n) => `${n} ha enviado ${a} a tu monedero móvil.`,
  },
  it: {
    completedTitle: 'Portafoglio mobile accreditato',
    completed: (a, n) => `I tuoi ${a} sono arrivati sul portafoglio mobile di ${n}.`,
    returnedTitle: 'Invio al portafoglio mobile restituito',
    returned: (a, n, r) =>
      `I tuoi ${a} per il portafoglio mobile di ${n} non sono stati pagati: ${r}. Il denaro è tornato sul tuo saldo.`,
    reasons: {
      wallet_not_found: 'non esiste un portafoglio mobile su questo numero',
      wallet_ceiling_exceeded: 'supererebbe il massimale del portafoglio',
      partner_unavailable: 'l’operatore del portafoglio non era disponibile',
    },
    otherReason: 'l’operatore del portafoglio lo ha rifiutato',
    receivedTitle: 'Denaro inviato al tuo portafoglio mobile',
    received: (a, n) => `${n} ha inviato ${a} al tuo portafoglio mobile.`,
  },
  nl: {
    completedTitle: 'Mobiele wallet gecrediteerd',
    completed: (a, n) => `Je ${a} is aangekomen in de mobiele wallet van ${n}.`,
    returnedTitle: 'Betaling naar mobiele wallet teruggestort',
    returned: (a, n, r) =>
      `Je ${a} naar de mobiele wallet van ${n} kon niet worden uitbetaald: ${r}. Het geld staat weer op je saldo.`,
    reasons: {
      wallet_not_found: 'er is geen mobiele wallet op dit nummer',
      wallet_ceiling_exceeded: 'het zou het maximum van de wallet overschrijden',
      partner_unavailable: 'de walletaanbieder was niet bereikbaar',
    },
    otherReason: 'de walletaanbieder heeft het geweigerd',
    receivedTitle: 'Geld naar je mobiele wallet gestuurd',
    received: (a, n) => `${n} heeft ${a} naar je mobiele wallet gestuurd.`,
  },
  de: {
    completedTitle: 'Mobile Wallet gutgeschrieben',
    completed: (a, n) => `Ihre ${a} sind in der Mobile Wallet von ${n} angekommen.`,
    returnedTitle: 'Zahlung an Mobile Wallet zurückgebucht',
    returned: (a, n, r) =>
      `Ihre ${a} an die Mobile Wallet von ${n} konnten nicht ausgezahlt werden: ${r}. Das Geld ist wieder auf Ihrem Guthaben.`,
    reasons: {
      wallet_not_found: 'zu dieser Nummer gibt es keine Mobile Wallet',
      wallet_ceiling_exceeded: 'das Limit der Wallet würde überschritten',
      partner_unavailable: 'der Wallet-Anbieter war nicht erreichbar',
    },
    otherReason: 'der Wallet-Anbieter hat sie abgelehnt',
    receivedTitle: 'Geld an Ihre Mobile Wallet gesendet',
    received: (a, n) => `${n} hat ${a} an Ihre Mobile Wallet gesendet.`,
  },
};

/** The operator's reason in the reader's words (an unknown code reads as a refusal, never as the code). */
export function walletReasonIn(language: Language, reason: unknown): string {
  const w = words[language];
  return (
    (typeof reason === 'string' && Object.hasOwn(w.reasons, reason) ? w.reasons[reason] : undefined) ?? w.otherReason
  );
}

function templates(language: Language): PayoutTemplates {
  const w = words[language];
  const amount = (p: TransferParams) => amountIn(language, p);
  return {
    payout_completed: (p) => ({ title: w.completedTitle, body: w.completed(amount(p), p.name) }),
    payout_returned: (p) => ({
      title: w.returnedTitle,
      body: w.returned(amount(p), p.name, walletReasonIn(language, p.reason)),
    }),
    payout_received: (p) => ({ title: w.receivedTitle, body: w.received(amount(p), p.name) }),
  };
}

export const payoutTexts: Record<Language, PayoutTemplates> = {
  en: templates('en'),
  fr: templates('fr'),
  ar: templates('ar'),
  es: templates('es'),
  it: templates('it'),
  nl: templates('nl'),
  de: templates('de'),
};
