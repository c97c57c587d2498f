import type { Language } from '../../../common/i18n/languages.ts';

/** The receipt's words (issue 18), per language; the PDF is drawn by receipt-pdf.ts. */
export interface ReceiptTexts {
  title: string;
  reference: string;
  date: string;
  kind: string;
  kinds: Record<'sending' | 'reception' | 'exchange' | 'withdrawal' | 'pickup', string>;
  status: string;
  statuses: Record<string, string>;
  sender: string;
  recipient: string;
  phone: string;
  amountSent: string;
  fees: string;
  amountReceived: string;
  amountPaid: string;
  rate: string;
  officialRate: string;
  markup: string;
  amountCredited: string;
  pickupPlace: string;
  anyAgency: string;
  expires: string;
  withdrawalCode: string;
  pickupReference: string;
  ledgerId: string;
  ledgerPending: string;
  explorer: string;
  rightsTitle: string;
  rights: string;
  footer: string;
}

export const receiptTexts: Record<Language, ReceiptTexts> = {
  fr: {
    title: 'Reçu de transaction',
    reference: 'Référence',
    date: 'Date et heure',
    kind: 'Opération',
    kinds: {
      sending: 'Envoi d’argent',
      reception: 'Réception d’argent',
      exchange: 'Ajout d’argent (EUR en MAD)',
      withdrawal: 'Retrait en agence',
      pickup: 'Envoi en retrait espèces',
    },
    status: 'Statut',
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
    },
    sender: 'Expéditeur',
    recipient: 'Bénéficiaire',
    phone: 'Téléphone',
    amountSent: 'Montant envoyé',
    fees: 'Frais',
    amountReceived: 'Montant reçu',
    amountPaid: 'Montant payé',
    rate: 'Taux de change appliqué',
    officialRate: 'Taux officiel',
    markup: 'Marge sur le taux officiel',
    amountCredited: 'Montant converti crédité',
    pickupPlace: 'Lieu de retrait',
    anyAgency: 'Toute agence partenaire',
    expires: 'Valable jusqu’au',
    withdrawalCode: 'Code de retrait',
    pickupReference: 'Référence de retrait',
    ledgerId: 'Identifiant sur le registre public',
    ledgerPending: 'en cours d’inscription',
    explorer: 'Vérifier',
    rightsTitle: 'Vos droits',
    rights:
      'Tant que l’argent n’a pas été retiré ou reçu, vous pouvez annuler l’opération depuis son détail dans l’application : le montant revient sur votre solde. Une fois exécutée, elle ne peut plus être annulée. Pour toute réclamation, écrivez au service client depuis l’application : nous répondons sous 15 jours ouvrables (35 au plus dans des cas exceptionnels). Sans réponse satisfaisante, vous pouvez saisir le médiateur ou l’autorité de contrôle.',
    footer: 'Document généré le',
  },
  en: {
    title: 'Transaction receipt',
    reference: 'Reference',
    date: 'Date and time',
    kind: 'Operation',
    kinds: {
      sending: 'Money sent',
      reception: 'Money received',
      exchange: 'Money added (EUR to MAD)',
      withdrawal: 'Withdrawal at an agency',
      pickup: 'Cash pickup sent',
    },
    status: 'Status',
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
    },
    sender: 'Sender',
    recipient: 'Recipient',
    phone: 'Phone',
    amountSent: 'Amount sent',
    fees: 'Fees',
    amountReceived: 'Amount received',
    amountPaid: 'Amount paid',
    rate: 'Exchange rate applied',
    officialRate: 'Official rate',
    markup: 'Mark-up over the official rate',
    amountCredited: 'Converted amount credited',
    pickupPlace: 'Pickup place',
    anyAgency: 'Any partner agency',
    expires: 'Valid until',
    withdrawalCode: 'Withdrawal code',
    pickupReference: 'Pickup reference',
    ledgerId: 'Public ledger id',
    ledgerPending: 'being recorded',
    explorer: 'Verify',
    rightsTitle: 'Your rights',
    rights:
      'As long as the money has not been collected or received, you can cancel the operation from its detail in the app: the amount returns to your balance. Once executed it can no longer be cancelled. For any complaint, write to customer service from the app: we answer within 15 business days (35 at most in exceptional cases). Without a satisfactory answer, you may refer the matter to the ombudsman or the supervisory authority.',
    footer: 'Document generated on',
  },
  ar: {
    title: 'إيصال المعاملة',
    reference: 'المرجع',
    date: 'التاريخ والوقت',
    kind: 'العملية',
    kinds: {
      sending: 'إرسال أموال',
      reception: 'استلام أموال',
      exchange: 'إضافة أموال (من EUR إلى MAD)',
      withdrawal: 'سحب من وكالة',
      pickup: 'إرسال للسحب نقدًا',
    },
    status: 'الحالة',
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
    },
    sender: 'المرسل',
    recipient: 'المستفيد',
    phone: 'الهاتف',
    amountSent: 'المبلغ المرسل',
    fees: 'الرسوم',
    amountReceived: 'المبلغ المستلم',
    amountPaid: 'المبلغ المدفوع',
    rate: 'سعر الصرف المطبق',
    officialRate: 'السعر الرسمي',
    markup: 'الهامش على السعر الرسمي',
    amountCredited: 'المبلغ المحول المضاف',
    pickupPlace: 'مكان السحب',
    anyAgency: 'أي وكالة شريكة',
    expires: 'صالح حتى',
    withdrawalCode: 'رمز السحب',
    pickupReference: 'مرجع السحب',
    ledgerId: 'المعرّف في السجل العام',
    ledgerPending: 'قيد التسجيل',
    explorer: 'تحقق',
    rightsTitle: 'حقوقك',
    rights:
      'ما دام المبلغ لم يُسحب أو يُستلم، يمكنك إلغاء العملية من تفاصيلها في التطبيق، فيعود المبلغ إلى رصيدك. بعد تنفيذها لا يمكن إلغاؤها. لأي شكوى، راسل خدمة العملاء من التطبيق: نرد خلال 15 يوم عمل (35 يومًا على الأكثر في الحالات الاستثنائية). إن لم يكن الرد مرضيًا، يمكنك اللجوء إلى الوسيط أو إلى سلطة الرقابة.',
    footer: 'أُنشئت الوثيقة في',
  },
};
