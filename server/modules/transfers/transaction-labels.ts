import type { Transaction } from '../../../common/api/transactions.ts';
import type { Language } from '../../../common/i18n/languages.ts';

/**
 * The words of a transaction's kind and status in each language, shared by every document that lists transactions
 * (the receipt, the statement): a held transaction (on_hold) reads as the glossary's 'under review', never as its
 * code.
 */
export interface TransactionLabels {
  kinds: Record<'sending' | 'reception' | 'exchange' | 'withdrawal' | 'pickup', string>;
  statuses: Record<Transaction['status'], string>;
}

export const transactionLabels: Record<Language, TransactionLabels> = {
  fr: {
    kinds: {
      sending: 'Envoi d’argent',
      reception: 'Réception d’argent',
      exchange: 'Ajout d’argent (EUR en MAD)',
      withdrawal: 'Retrait en agence',
      pickup: 'Envoi en retrait espèces',
    },
    statuses: {
      completed: 'Effectuée',
      unclaimed: 'En attente de l’inscription du bénéficiaire',
      claimed: 'Reçue par le bénéficiaire',
      pending: 'En attente de retrait',
      validated: 'Retirée',
      available: 'En attente de retrait',
      collected: 'Retirée',
      cancelled: 'Annulée',
      refunded: 'Remboursée',
      expired: 'Expirée',
      on_hold: 'En cours de vérification',
      processing: 'En cours de traitement',
      submitted: 'Envoyée à la banque',
    },
  },
  en: {
    kinds: {
      sending: 'Money sent',
      reception: 'Money received',
      exchange: 'Money added (EUR to MAD)',
      withdrawal: 'Withdrawal at an agency',
      pickup: 'Cash pickup sent',
    },
    statuses: {
      completed: 'Completed',
      unclaimed: 'Waiting for the recipient to sign up',
      claimed: 'Received by the recipient',
      pending: 'Waiting for collection',
      validated: 'Paid out',
      available: 'Waiting for collection',
      collected: 'Collected',
      cancelled: 'Cancelled',
      refunded: 'Refunded',
      expired: 'Expired',
      on_hold: 'Under review',
      processing: 'Processing',
      submitted: 'Sent to the bank',
    },
  },
  ar: {
    kinds: {
      sending: 'إرسال أموال',
      reception: 'استلام أموال',
      exchange: 'إضافة أموال (من EUR إلى MAD)',
      withdrawal: 'سحب من وكالة',
      pickup: 'إرسال للسحب نقدًا',
    },
    statuses: {
      completed: 'منجزة',
      unclaimed: 'في انتظار تسجيل المستفيد',
      claimed: 'استلمها المستفيد',
      pending: 'في انتظار السحب',
      validated: 'تم السحب',
      available: 'في انتظار السحب',
      collected: 'تم السحب',
      cancelled: 'ملغاة',
      refunded: 'مستردة',
      expired: 'منتهية الصلاحية',
      on_hold: 'قيد التحقق',
      processing: 'قيد المعالجة',
      submitted: 'أُرسلت إلى البنك',
    },
  },
  es: {
    kinds: {
      sending: 'Envío de dinero',
      reception: 'Dinero recibido',
      exchange: 'Dinero añadido (EUR a MAD)',
      withdrawal: 'Retirada en agencia',
      pickup: 'Envío para retirada en efectivo',
    },
    statuses: {
      completed: 'Realizada',
      unclaimed: 'Pendiente de que el destinatario se registre',
      claimed: 'Recibida por el destinatario',
      pending: 'Pendiente de retirada',
      validated: 'Retirada',
      available: 'Pendiente de retirada',
      collected: 'Retirada',
      cancelled: 'Cancelada',
      refunded: 'Reembolsada',
      expired: 'Caducada',
      on_hold: 'En revisión',
      processing: 'En proceso',
      submitted: 'Enviada al banco',
    },
  },
  it: {
    kinds: {
      sending: 'Invio di denaro',
      reception: 'Denaro ricevuto',
      exchange: 'Ricarica (da EUR a MAD)',
      withdrawal: 'Prelievo in agenzia',
      pickup: 'Invio per ritiro in contanti',
    },
    statuses: {
      completed: 'Eseguita',
      unclaimed: 'In attesa della registrazione del destinatario',
      claimed: 'Ricevuta dal destinatario',
      pending: 'In attesa di ritiro',
      validated: 'Ritirata',
      available: 'In attesa di ritiro',
      collected: 'Ritirata',
      cancelled: 'Annullata',
      refunded: 'Rimborsata',
      expired: 'Scaduta',
      on_hold: 'In verifica',
      processing: 'In elaborazione',
      submitted: 'Inviata alla banca',
    },
  },
  nl: {
    kinds: {
      sending: 'Geld verstuurd',
      reception: 'Geld ontvangen',
      exchange: 'Geld toegevoegd (EUR naar MAD)',
      withdrawal: 'Opname bij een kantoor',
      pickup: 'Verstuurd voor contante afhaling',
    },
    statuses: {
      completed: 'Uitgevoerd',
      unclaimed: 'Wacht tot de ontvanger zich aanmeldt',
      claimed: 'Ontvangen door de ontvanger',
      pending: 'Wacht op afhaling',
      validated: 'Afgehaald',
      available: 'Wacht op afhaling',
      collected: 'Afgehaald',
      cancelled: 'Geannuleerd',
      refunded: 'Terugbetaald',
      expired: 'Verlopen',
      on_hold: 'Wordt gecontroleerd',
      processing: 'Wordt verwerkt',
      submitted: 'Naar de bank verzonden',
    },
  },
  de: {
    kinds: {
      sending: 'Geld gesendet',
      reception: 'Geld erhalten',
      exchange: 'Guthaben aufgeladen (EUR in MAD)',
      withdrawal: 'Auszahlung in einer Filiale',
      pickup: 'Gesendet zur Barauszahlung',
    },
    statuses: {
      completed: 'Ausgeführt',
      unclaimed: 'Wartet auf die Registrierung des Empfängers',
      claimed: 'Vom Empfänger erhalten',
      pending: 'Wartet auf Abholung',
      validated: 'Ausgezahlt',
      available: 'Wartet auf Abholung',
      collected: 'Abgeholt',
      cancelled: 'Storniert',
      refunded: 'Erstattet',
      expired: 'Abgelaufen',
      on_hold: 'Wird geprüft',
      processing: 'In Bearbeitung',
      submitted: 'An die Bank gesendet',
    },
  },
};
