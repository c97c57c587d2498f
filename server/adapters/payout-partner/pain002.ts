import { XMLParser } from 'fast-xml-parser';

/**
 * ISO 20022 customer payment status report, pain.002: the bank's answer to our pain.001 file, per transaction
 * (quoted by our end-to-end id) or for the whole file. Version 10 is what the bank is asked for; version 3 is still
 * what many banks send, and both carry the same elements this reader uses.
 *
 * What a status means for a deposit: accepted (ACCP, ACTC, ACSP, ACWC, ACFC) or settled (ACSC) completes it;
 * rejected (RJCT) returns the money to the sender, with the bank's reason code (AC01 wrong account number, AC04
 * closed account, AC06 blocked account, AM05 duplicate, BE01 name does not match the account, ...); pending
 * (PDNG, RCVD) changes nothing. A group status that rejects the whole file applies to every transaction it sent.
 */
export const PAIN002_NAMESPACES = [
  'urn:iso:std:iso:20022:tech:xsd:pain.002.001.10',
  'urn:iso:std:iso:20022:tech:xsd:pain.002.001.03',
] as const;

export type DepositStatus = 'accepted' | 'settled' | 'rejected' | 'pending';

export interface TransactionStatus {
  endToEndId: string;
  status: DepositStatus;
  /** The ISO external reason code of a rejection (AC01, AC04, ...), when the bank gave one. */
  reason?: string;
}

export interface StatusReport {
  version: '10' | '03';
  messageId: string;
  /** Our pain.001 message id the report answers. */
  originalMessageId: string;
  /** The whole file's status, when the bank gave one (a file rejected as a whole has no transaction lines). */
  groupStatus?: DepositStatus;
  groupReason?: string;
  transactions: TransactionStatus[];
}

export class StatusReportError extends Error {}

const statusOf: Record<string, DepositStatus> = {
  ACCP: 'accepted',
  ACTC: 'accepted',
  ACSP: 'accepted',
  ACWC: 'accepted',
  ACFC: 'accepted',
  ACSC: 'settled',
  ACCC: 'settled',
  RJCT: 'rejected',
  PDNG: 'pending',
  RCVD: 'pending',
  // A file partly accepted: each transaction's own status says which.
  PART: 'pending',
};

type Node = Record<string, unknown>;
const asArray = (v: unknown): Node[] => (v === undefined ? [] : Array.isArray(v) ? (v as Node[]) : [v as Node]);
const text = (v: unknown): string | undefined =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : undefined;

function status(code: unknown, where: string): DepositStatus {
  const value = text(code);
  const known = value === undefined ? undefined : statusOf[value];
  if (!known) throw new StatusReportError(`pain.002: unknown status ${JSON.stringify(value)} at ${where}`);
  return known;
}

/** The first reason code of a StsRsnInf list (Rsn/Cd), if any. */
function reason(info: unknown): string | undefined {
  for (const entry of asArray(info)) {
    const code = text((entry.Rsn as Node | undefined)?.Cd) ?? text((entry.Rsn as Node | undefined)?.Prtry);
    if (code) return code;
  }
  return undefined;
}

/**
 * Reads a pain.002 file. Throws StatusReportError on anything it cannot read for sure (another message, another
 * version, a transaction without its end-to-end id or status): a report half understood must not move money.
 * No DTD or external entity is ever fetched (fast-xml-parser does not resolve them).
 */
export function readPain002(xml: string): StatusReport {
  const options = { ignoreAttributes: false, parseTagValue: false, processEntities: false } as const;
  let tree: Node;
  let raw: Node;
  try {
    // Once as written, for the root element's namespace (written with a prefix or as the default namespace)...
    raw = new XMLParser(options).parse(xml, true) as Node;
    // ...and once without prefixes, to read the elements by their names whatever prefix the bank chose.
    tree = new XMLParser({ ...options, removeNSPrefix: true }).parse(xml, true) as Node;
  } catch (error) {
    throw new StatusReportError(`pain.002: not well-formed XML (${(error as Error).message})`);
  }
  const rootName = Object.keys(raw).find((key) => key === 'Document' || key.endsWith(':Document'));
  const root = rootName === undefined ? undefined : (raw[rootName] as Node);
  const prefix = rootName?.includes(':') ? `:${rootName.split(':')[0] ?? ''}` : '';
  const namespace = text(root?.[`@_xmlns${prefix}`]);
  const version = namespace === PAIN002_NAMESPACES[0] ? '10' : namespace === PAIN002_NAMESPACES[1] ? '03' : undefined;
  const document = tree.Document as Node | undefined;
  if (!document || !version) throw new StatusReportError(`pain.002: unsupported document ${JSON.stringify(namespace)}`);
  const report = document.CstmrPmtStsRpt as Node | undefined;
  if (!report) throw new StatusReportError('pain.002: no CstmrPmtStsRpt');
  const header = report.GrpHdr as Node | undefined;
  const group = report.OrgnlGrpInfAndSts as Node | undefined;
  const messageId = text(header?.MsgId);
  const originalMessageId = text(group?.OrgnlMsgId);
  if (!messageId || !originalMessageId) throw new StatusReportError('pain.002: message ids missing');

  const transactions: TransactionStatus[] = [];
  for (const payment of asArray(report.OrgnlPmtInfAndSts)) {
    for (const tx of asArray(payment.TxInfAndSts)) {
      const endToEndId = text(tx.OrgnlEndToEndId);
      if (!endToEndId) throw new StatusReportError('pain.002: a transaction without its end-to-end id');
      const txStatus = status(tx.TxSts, endToEndId);
      const txReason = reason(tx.StsRsnInf);
      transactions.push({ endToEndId, status: txStatus, ...(txReason ? { reason: txReason } : {}) });
    }
  }
  const groupStatus = group?.GrpSts === undefined ? undefined : status(group.GrpSts, 'group');
  const groupReason = reason(group?.StsRsnInf);
  if (!groupStatus && transactions.length === 0) throw new StatusReportError('pain.002: no status at all');
  return {
    version,
    messageId,
    originalMessageId,
    ...(groupStatus ? { groupStatus } : {}),
    ...(groupReason ? { groupReason } : {}),
    transactions,
  };
}
