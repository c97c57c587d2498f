import { XMLBuilder } from 'fast-xml-parser';
import { parseRib } from '../../../common/banking/rib.ts';
import { isPayeeNameForFile } from '../../../common/banking/payee-name.ts';
import { add, formatAmount, money, type Money } from '../../../common/money/money.ts';

/**
 * ISO 20022 customer credit transfer initiation, pain.001.001.09: the file that asks our bank in Morocco to pay
 * bank deposits in dirhams to recipients' accounts. One file holds one payment instruction (one debit of our
 * account for the day's deposits), each deposit a transaction identified end to end by our own id, which the
 * bank's status report (pain.002) quotes back. The schema is fixtures/schemas/pain.001.001.09.xsd; the tests
 * validate what this writes against it with xmllint.
 */
export const PAIN001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

/** Our account at the partner bank, debited for every deposit of the file. */
export interface DebtorAccount {
  /** Our company name as the bank holds it (payment-file character set). */
  name: string;
  /** Our account's RIB at the partner bank. */
  rib: string;
  /** The partner bank's BIC. */
  bic: string;
}

export interface BankDeposit {
  /** Our id for this deposit (at most 35 characters of A-Z, a-z, 0-9 and '-'): the bank's report quotes it. */
  endToEndId: string;
  amount: Money<'MAD'>;
  /** The holder's name as the file carries it (payeeNameForFile). */
  creditorName: string;
  /** The recipient's RIB, 24 digits. */
  rib: string;
  /** What the recipient's statement shows (at most 140 characters of the payment-file set). */
  remittance?: string;
}

export interface CreditTransferFile {
  /** Unique per file (at most 35 characters): the bank refuses a message id it has seen. */
  messageId: string;
  createdAt: Date;
  /** The day the bank is asked to pay, YYYY-MM-DD (the expected arrival date's working day). */
  executionDate: string;
  debtor: DebtorAccount;
  deposits: readonly BankDeposit[];
}

const ID = /^[A-Za-z0-9-]{1,35}$/;
const TEXT = /^[A-Za-z0-9 /\-?:().,'+]*$/;
const BIC = /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** A file that breaks these rules is a bug upstream, never something to send: it throws before any XML exists. */
function check(file: CreditTransferFile): void {
  const fail = (what: string) => {
    throw new Error(`pain.001: ${what}`);
  };
  if (!ID.test(file.messageId)) fail('message id must be 1 to 35 characters of letters, digits and -');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(file.executionDate)) fail('execution date must be YYYY-MM-DD');
  if (file.deposits.length === 0) fail('a file holds at least one deposit');
  if (!isPayeeNameForFile(file.debtor.name)) fail('debtor name outside the payment-file character set');
  if (!parseRib(file.debtor.rib).ok) fail('debtor RIB invalid');
  if (!BIC.test(file.debtor.bic)) fail('debtor agent BIC invalid');
  const ids = new Set<string>();
  for (const d of file.deposits) {
    if (!ID.test(d.endToEndId)) fail(`end-to-end id ${JSON.stringify(d.endToEndId)} invalid`);
    if (ids.has(d.endToEndId)) fail(`end-to-end id ${d.endToEndId} twice in one file`);
    ids.add(d.endToEndId);
    if (d.amount.currency !== 'MAD' || d.amount.minor <= 0n) fail(`${d.endToEndId}: amount must be positive MAD`);
    if (!isPayeeNameForFile(d.creditorName)) fail(`${d.endToEndId}: creditor name outside the character set`);
    const rib = parseRib(d.rib);
    if (!rib.ok || rib.value.digits !== d.rib) fail(`${d.endToEndId}: creditor RIB invalid`);
    if (d.remittance !== undefined && (d.remittance.length > 140 || !TEXT.test(d.remittance)))
      fail(`${d.endToEndId}: remittance text invalid`);
  }
}

/** Seconds precision with the offset: ISODateTime as banks' file checkers expect it. */
function isoDateTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** The control sum: the exact total of the file's amounts, summed in minor units (never in floating point). */
export function controlSum(deposits: readonly BankDeposit[]): Money<'MAD'> {
  return deposits.reduce((sum, d) => add(sum, d.amount), money('MAD', 0n));
}

export function writePain001(file: CreditTransferFile): string {
  check(file);
  const count = String(file.deposits.length);
  const total = formatAmount(controlSum(file.deposits));
  const transactions = file.deposits.map((d) => ({
    PmtId: { EndToEndId: d.endToEndId },
    Amt: { InstdAmt: { '@_Ccy': 'MAD', '#text': formatAmount(d.amount) } },
    Cdtr: { Nm: d.creditorName },
    // A Moroccan RIB is a national account number, not an IBAN: 'Other' identification, scheme BBAN.
    CdtrAcct: { Id: { Othr: { Id: d.rib, SchmeNm: { Cd: 'BBAN' } } } },
    ...(d.remittance ? { RmtInf: { Ustrd: d.remittance } } : {}),
  }));
  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Document: {
      '@_xmlns': PAIN001_NAMESPACE,
      CstmrCdtTrfInitn: {
        GrpHdr: {
          MsgId: file.messageId,
          CreDtTm: isoDateTime(file.createdAt),
          NbOfTxs: count,
          CtrlSum: total,
          InitgPty: { Nm: file.debtor.name },
        },
        PmtInf: {
          PmtInfId: file.messageId,
          PmtMtd: 'TRF',
          BtchBookg: 'true',
          NbOfTxs: count,
          CtrlSum: total,
          ReqdExctnDt: { Dt: file.executionDate },
          Dbtr: { Nm: file.debtor.name },
          DbtrAcct: { Id: { Othr: { Id: file.debtor.rib, SchmeNm: { Cd: 'BBAN' } } }, Ccy: 'MAD' },
          DbtrAgt: { FinInstnId: { BICFI: file.debtor.bic } },
          ChrgBr: 'SLEV',
          CdtTrfTxInf: transactions,
        },
      },
    },
  };
  const builder = new XMLBuilder({ ignoreAttributes: false, format: true, indentBy: '  ', suppressEmptyNode: true });
  return builder.build(document);
}
