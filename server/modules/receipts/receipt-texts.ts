import type { Language } from '../../../common/i18n/languages.ts';
import { transactionLabels, type TransactionLabels } from '../transfers/transaction-labels.ts';

/** The receipt's words, per language; the PDF is drawn by receipt-pdf.ts. */
export interface ReceiptTexts {
  title: string;
  reference: string;
  date: string;
  kind: string;
  kinds: TransactionLabels['kinds'];
  status: string;
  /** Every status, so that a held transaction (on_hold) reads as the glossary's 'under review', never as its code. */
  statuses: TransactionLabels['statuses'];
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
  /** A send's or a withdrawal's rights: it can be cancelled until the money is collected, then complaints. */
  rights: string;
  /** A top-up's: it cannot be cancelled (the card is paid, the dirhams credited), then the same complaints. */
  topUpRights: string;
  footer: string;
  issuedBy: string;
  licence: string;
  /** A top-up's euros turned into dirhams, before the fee (the card pays both: amountPaid). */
  eurConverted: string;
}

export const receiptTexts: Record<Language, ReceiptTexts> = {
  fr: {
    title: 'Reçu de transaction',
    reference: 'Référence',
    date: 'Date et heure',
    kind: 'Opération',
    kinds: transactionLabels.fr.kinds,
    status: 'Statut',
    statuses: transactionLabels.fr.statuses,
    sender: 'Expéditeur',
    recipient: 'Bénéficiaire',
    phone: 'Téléphone',
    amountSent: 'Montant envoyé',
    fees: 'Frais',
    amountReceived: 'Montant reçu',
    amountPaid: 'Montant payé par carte',
    eurConverted: 'Euros convertis',
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
    topUpRights:
      'Un ajout d’argent par carte est exécuté dès le paiement : il ne peut pas être annulé. Les dirhams crédités restent sur votre solde jusqu’à ce que vous les envoyiez. Pour toute réclamation, écrivez au service client depuis l’application : nous répondons sous 15 jours ouvrables (35 au plus dans des cas exceptionnels). Sans réponse satisfaisante, vous pouvez saisir le médiateur ou l’autorité de contrôle.',
    footer: 'Document généré le',
    issuedBy: 'Émis par',
    licence: 'Agrément',
  },
  en: {
    title: 'Transaction receipt',
    reference: 'Reference',
    date: 'Date and time',
    kind: 'Operation',
    kinds: transactionLabels.en.kinds,
    status: 'Status',
    statuses: transactionLabels.en.statuses,
    sender: 'Sender',
    recipient: 'Recipient',
    phone: 'Phone',
    amountSent: 'Amount sent',
    fees: 'Fees',
    amountReceived: 'Amount received',
    amountPaid: 'Amount paid by card',
    eurConverted: 'Euros converted',
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
    topUpRights:
      'Money added by card is credited as soon as the card is paid: it cannot be cancelled. The dirhams credited stay on your balance until you send them. For any complaint, write to customer service from the app: we answer within 15 business days (35 at most in exceptional cases). Without a satisfactory answer, you may refer the matter to the ombudsman or the supervisory authority.',
    footer: 'Document generated on',
    issuedBy: 'Issued by',
    licence: 'Licence',
  },
  ar: {
    title: 'إيصال المعاملة',
    reference: 'المرجع',
    date: 'التاريخ والوقت',
    kind: 'العملية',
    kinds: transactionLabels.ar.kinds,
    status: 'الحالة',
    statuses: transactionLabels.ar.statuses,
    sender: 'المرسل',
    recipient: 'المستفيد',
    phone: 'الهاتف',
    amountSent: 'المبلغ المرسل',
    fees: 'الرسوم',
    amountReceived: 'المبلغ المستلم',
    amountPaid: 'المبلغ المدفوع بالبطاقة',
    eurConverted: 'المبلغ المحوَّل باليورو',
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
    topUpRights:
      'تُنفَّذ إضافة الأموال بالبطاقة فور الدفع، ولا يمكن إلغاؤها. تبقى الدراهم المضافة في رصيدك إلى أن ترسلها. لأي شكوى، راسل خدمة العملاء من التطبيق: نرد خلال 15 يوم عمل (35 يومًا على الأكثر في الحالات الاستثنائية). إن لم يكن الرد مرضيًا، يمكنك اللجوء إلى الوسيط أو إلى سلطة الرقابة.',
    footer: 'أُنشئت الوثيقة في',
    issuedBy: 'صادر عن',
    licence: 'الاعتماد',
  },
  es: {
    title: 'Justificante de la operación',
    reference: 'Referencia',
    date: 'Fecha y hora',
    kind: 'Operación',
    kinds: transactionLabels.es.kinds,
    status: 'Estado',
    statuses: transactionLabels.es.statuses,
    sender: 'Remitente',
    recipient: 'Destinatario',
    phone: 'Teléfono',
    amountSent: 'Importe enviado',
    fees: 'Comisiones',
    amountReceived: 'Importe recibido',
    amountPaid: 'Importe pagado con tarjeta',
    eurConverted: 'Euros convertidos',
    rate: 'Tipo de cambio aplicado',
    officialRate: 'Tipo oficial',
    markup: 'Margen sobre el tipo oficial',
    amountCredited: 'Importe convertido abonado',
    pickupPlace: 'Lugar de retirada',
    anyAgency: 'Cualquier agencia asociada',
    expires: 'Válido hasta el',
    withdrawalCode: 'Código de retirada',
    pickupReference: 'Referencia de retirada',
    ledgerId: 'Identificador en el registro público',
    ledgerPending: 'registrándose',
    explorer: 'Comprobar',
    rightsTitle: 'Tus derechos',
    rights:
      'Mientras el dinero no se haya retirado o recibido, puedes cancelar la operación desde su detalle en la app: el importe vuelve a tu saldo. Una vez ejecutada, ya no se puede cancelar. Para cualquier reclamación, escribe a atención al cliente desde la app: respondemos en un plazo de 15 días hábiles (35 como máximo en casos excepcionales). Si la respuesta no te satisface, puedes acudir al defensor del cliente o a la autoridad supervisora.',
    topUpRights:
      'El dinero añadido con tarjeta se abona en cuanto se paga: no se puede cancelar. Los dírhams abonados quedan en tu saldo hasta que los envíes. Para cualquier reclamación, escribe a atención al cliente desde la app: respondemos en un plazo de 15 días hábiles (35 como máximo en casos excepcionales). Si la respuesta no te satisface, puedes acudir al defensor del cliente o a la autoridad supervisora.',
    footer: 'Documento generado el',
    issuedBy: 'Emitido por',
    licence: 'Licencia',
  },
  it: {
    title: 'Ricevuta dell’operazione',
    reference: 'Riferimento',
    date: 'Data e ora',
    kind: 'Operazione',
    kinds: transactionLabels.it.kinds,
    status: 'Stato',
    statuses: transactionLabels.it.statuses,
    sender: 'Mittente',
    recipient: 'Destinatario',
    phone: 'Telefono',
    amountSent: 'Importo inviato',
    fees: 'Commissioni',
    amountReceived: 'Importo ricevuto',
    amountPaid: 'Importo pagato con carta',
    eurConverted: 'Euro convertiti',
    rate: 'Tasso di cambio applicato',
    officialRate: 'Tasso ufficiale',
    markup: 'Margine sul tasso ufficiale',
    amountCredited: 'Importo convertito accreditato',
    pickupPlace: 'Luogo di ritiro',
    anyAgency: 'Qualsiasi agenzia partner',
    expires: 'Valido fino al',
    withdrawalCode: 'Codice di prelievo',
    pickupReference: 'Riferimento di ritiro',
    ledgerId: 'Identificativo sul registro pubblico',
    ledgerPending: 'in fase di registrazione',
    explorer: 'Verifica',
    rightsTitle: 'I tuoi diritti',
    rights:
      'Finché il denaro non è stato ritirato o ricevuto, puoi annullare l’operazione dal suo dettaglio nell’app: l’importo torna sul tuo saldo. Una volta eseguita, non può più essere annullata. Per qualsiasi reclamo, scrivi all’assistenza clienti dall’app: rispondiamo entro 15 giorni lavorativi (al massimo 35 in casi eccezionali). Se la risposta non ti soddisfa, puoi rivolgerti all’Arbitro o all’autorità di vigilanza.',
    topUpRights:
      'Una ricarica viene eseguita appena la carta è addebitata: non può essere annullata. I dirham accreditati restano sul tuo saldo finché non li invii. Per qualsiasi reclamo, scrivi all’assistenza clienti dall’app: rispondiamo entro 15 giorni lavorativi (al massimo 35 in casi eccezionali). Se la risposta non ti soddisfa, puoi rivolgerti all’Arbitro o all’autorità di vigilanza.',
    footer: 'Documento generato il',
    issuedBy: 'Emesso da',
    licence: 'Autorizzazione',
  },
  nl: {
    title: 'Transactiebewijs',
    reference: 'Referentie',
    date: 'Datum en tijd',
    kind: 'Transactie',
    kinds: transactionLabels.nl.kinds,
    status: 'Status',
    statuses: transactionLabels.nl.statuses,
    sender: 'Afzender',
    recipient: 'Ontvanger',
    phone: 'Telefoon',
    amountSent: 'Verstuurd bedrag',
    fees: 'Kosten',
    amountReceived: 'Ontvangen bedrag',
    amountPaid: 'Met je kaart betaald bedrag',
    eurConverted: 'Omgerekende euro’s',
    rate: 'Toegepaste wisselkoers',
    officialRate: 'Officiële koers',
    markup: 'Opslag op de officiële koers',
    amountCredited: 'Omgerekend bedrag bijgeschreven',
    pickupPlace: 'Afhaalplaats',
    anyAgency: 'Elk partnerkantoor',
    expires: 'Geldig tot',
    withdrawalCode: 'Opnamecode',
    pickupReference: 'Afhaalreferentie',
    ledgerId: 'Kenmerk in het openbare register',
    ledgerPending: 'wordt vastgelegd',
    explorer: 'Controleren',
    rightsTitle: 'Je rechten',
    rights:
      'Zolang het geld niet is afgehaald of ontvangen, kun je de transactie annuleren via de details in de app: het bedrag komt terug op je saldo. Na uitvoering kan ze niet meer worden geannuleerd. Voor een klacht schrijf je de klantenservice via de app: we antwoorden binnen 15 werkdagen (in uitzonderlijke gevallen uiterlijk 35). Ben je niet tevreden met het antwoord, dan kun je terecht bij de ombudsdienst of de toezichthouder.',
    topUpRights:
      'Geld toevoegen met je kaart wordt uitgevoerd zodra je kaart is belast: het kan niet worden geannuleerd. De bijgeschreven dirham blijven op je saldo tot je ze verstuurt. Voor een klacht schrijf je de klantenservice via de app: we antwoorden binnen 15 werkdagen (in uitzonderlijke gevallen uiterlijk 35). Ben je niet tevreden met het antwoord, dan kun je terecht bij de ombudsdienst of de toezichthouder.',
    footer: 'Document aangemaakt op',
    issuedBy: 'Uitgegeven door',
    licence: 'Vergunning',
  },
  de: {
    title: 'Transaktionsbeleg',
    reference: 'Referenz',
    date: 'Datum und Uhrzeit',
    kind: 'Vorgang',
    kinds: transactionLabels.de.kinds,
    status: 'Status',
    statuses: transactionLabels.de.statuses,
    sender: 'Absender',
    recipient: 'Empfänger',
    phone: 'Telefon',
    amountSent: 'Gesendeter Betrag',
    fees: 'Gebühren',
    amountReceived: 'Erhaltener Betrag',
    amountPaid: 'Mit Karte bezahlter Betrag',
    eurConverted: 'Umgerechnete Euro',
    rate: 'Angewandter Wechselkurs',
    officialRate: 'Offizieller Kurs',
    markup: 'Aufschlag auf den offiziellen Kurs',
    amountCredited: 'Gutgeschriebener umgerechneter Betrag',
    pickupPlace: 'Abholort',
    anyAgency: 'Jede Partnerfiliale',
    expires: 'Gültig bis',
    withdrawalCode: 'Auszahlungscode',
    pickupReference: 'Abholreferenz',
    ledgerId: 'Kennung im öffentlichen Register',
    ledgerPending: 'wird eingetragen',
    explorer: 'Prüfen',
    rightsTitle: 'Ihre Rechte',
    rights:
      'Solange das Geld nicht abgeholt oder empfangen wurde, können Sie den Vorgang in der App über seine Details stornieren: Der Betrag geht zurück in Ihr Guthaben. Nach der Ausführung ist keine Stornierung mehr möglich. Für Beschwerden schreiben Sie dem Kundenservice über die App: Wir antworten innerhalb von 15 Geschäftstagen (in Ausnahmefällen höchstens 35). Sind Sie mit der Antwort nicht zufrieden, können Sie sich an die Schlichtungsstelle oder die Aufsichtsbehörde wenden.',
    topUpRights:
      'Eine Aufladung wird ausgeführt, sobald die Karte belastet ist: Sie kann nicht storniert werden. Die gutgeschriebenen Dirham bleiben in Ihrem Guthaben, bis Sie sie senden. Für Beschwerden schreiben Sie dem Kundenservice über die App: Wir antworten innerhalb von 15 Geschäftstagen (in Ausnahmefällen höchstens 35). Sind Sie mit der Antwort nicht zufrieden, können Sie sich an die Schlichtungsstelle oder die Aufsichtsbehörde wenden.',
    footer: 'Dokument erstellt am',
    issuedBy: 'Ausgestellt von',
    licence: 'Zulassung',
  },
};
