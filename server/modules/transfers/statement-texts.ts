import type { StatementColumn } from '../../../common/api/statement.ts';
import type { Language } from '../../../common/i18n/languages.ts';

/**
 * The statement's words: its header row and the word for each direction, per language, in the
 * glossary's terms (web/i18n/GLOSSARY.md). The kinds and statuses are the receipt's (receipt-texts.ts), so a
 * transaction reads the same on its receipt and on the statement. Directions are each country's bank-statement
 * pair (nl's Af/Bij as Dutch banks' exports, de's Soll/Haben as a Kontoauszug).
 */
export interface StatementTexts {
  header: Record<StatementColumn, string>;
  directions: Record<'debit' | 'credit', string>;
}

export const statementTexts: Record<Language, StatementTexts> = {
  fr: {
    header: {
      reference: 'Référence',
      date_utc: 'Date (UTC)',
      type: 'Opération',
      status: 'Statut',
      direction: 'Débit/Crédit',
      counterparty: 'Expéditeur ou bénéficiaire',
      amount: 'Montant',
      currency: 'Devise',
      fee: 'Frais',
      fee_currency: 'Devise des frais',
      amount_paid: 'Montant payé',
      amount_paid_currency: 'Devise du montant payé',
      exchange_rate: 'Taux de change',
      ledger_tx_id: 'Identifiant dans le registre public',
    },
    directions: { debit: 'Débit', credit: 'Crédit' },
  },
  en: {
    header: {
      reference: 'Reference',
      date_utc: 'Date (UTC)',
      type: 'Transaction',
      status: 'Status',
      direction: 'Debit/Credit',
      counterparty: 'Sender or recipient',
      amount: 'Amount',
      currency: 'Currency',
      fee: 'Fees',
      fee_currency: 'Fees currency',
      amount_paid: 'Amount paid',
      amount_paid_currency: 'Amount paid currency',
      exchange_rate: 'Exchange rate',
      ledger_tx_id: 'Public ledger ID',
    },
    directions: { debit: 'Debit', credit: 'Credit' },
  },
  ar: {
    header: {
      reference: 'المرجع',
      date_utc: 'التاريخ (UTC)',
      type: 'العملية',
      status: 'الحالة',
      direction: 'مدين/دائن',
      counterparty: 'المرسل أو المستفيد',
      amount: 'المبلغ',
      currency: 'العملة',
      fee: 'الرسوم',
      fee_currency: 'عملة الرسوم',
      amount_paid: 'المبلغ المدفوع',
      amount_paid_currency: 'عملة المبلغ المدفوع',
      exchange_rate: 'سعر الصرف',
      ledger_tx_id: 'المعرّف في السجل العام',
    },
    directions: { debit: 'مدين', credit: 'دائن' },
  },
  es: {
    header: {
      reference: 'Referencia',
      date_utc: 'Fecha (UTC)',
      type: 'Operación',
      status: 'Estado',
      direction: 'Cargo/Abono',
      counterparty: 'Remitente o destinatario',
      amount: 'Importe',
      currency: 'Divisa',
      fee: 'Comisiones',
      fee_currency: 'Divisa de las comisiones',
      amount_paid: 'Importe pagado',
      amount_paid_currency: 'Divisa del importe pagado',
      exchange_rate: 'Tipo de cambio',
      ledger_tx_id: 'ID en el registro público',
    },
    directions: { debit: 'Cargo', credit: 'Abono' },
  },
  it: {
    header: {
      reference: 'Riferimento',
      date_utc: 'Data (UTC)',
      type: 'Operazione',
      status: 'Stato',
      direction: 'Addebito/Accredito',
      counterparty: 'Mittente o destinatario',
      amount: 'Importo',
      currency: 'Valuta',
      fee: 'Commissioni',
      fee_currency: 'Valuta delle commissioni',
      amount_paid: 'Importo pagato',
      amount_paid_currency: 'Valuta dell’importo pagato',
      exchange_rate: 'Tasso di cambio',
      ledger_tx_id: 'ID nel registro pubblico',
    },
    directions: { debit: 'Addebito', credit: 'Accredito' },
  },
  nl: {
    header: {
      reference: 'Referentie',
      date_utc: 'Datum (UTC)',
      type: 'Transactie',
      status: 'Status',
      direction: 'Af/Bij',
      counterparty: 'Afzender of ontvanger',
      amount: 'Bedrag',
      currency: 'Valuta',
      fee: 'Kosten',
      fee_currency: 'Valuta kosten',
      amount_paid: 'Betaald bedrag',
      amount_paid_currency: 'Valuta betaald bedrag',
      exchange_rate: 'Wisselkoers',
      ledger_tx_id: 'ID in het openbaar register',
    },
    directions: { debit: 'Af', credit: 'Bij' },
  },
  de: {
    header: {
      reference: 'Referenz',
      date_utc: 'Datum (UTC)',
      type: 'Vorgang',
      status: 'Status',
      direction: 'Soll/Haben',
      counterparty: 'Absender oder Empfänger',
      amount: 'Betrag',
      currency: 'Währung',
      fee: 'Gebühren',
      fee_currency: 'Währung der Gebühren',
      amount_paid: 'Gezahlter Betrag',
      amount_paid_currency: 'Währung des gezahlten Betrags',
      exchange_rate: 'Wechselkurs',
      ledger_tx_id: 'ID im öffentlichen Register',
    },
    directions: { debit: 'Soll', credit: 'Haben' },
  },
};
