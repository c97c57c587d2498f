import { ribKey } from '../../common/banking/rib.ts';
import type { BankFate, Journal, PaymentFileOp } from './journal.ts';
import type { Rng } from './rng.ts';

/**
 * The partner bank as the run plays it (scenarios/bank-deposit.ts): it answers the payment files it received
 * with pain.002 status reports (version 10 or 3), and decides each deposit's fate once, the first time it reports
 * it decisively (journal.bankFates): settled, accepted or rejected with a reason code. Some deposits are reported
 * pending first, a file never reported yet is now and then rejected whole, and a line already sent comes again.
 */

/** A valid RIB at Attijariwafa bank (code 007) with a random account: the sandbox confirms any such payee. */
export function randomRib(rng: Rng): string {
  const first22 = `007780${String(rng.int(1e8)).padStart(8, '0')}${String(rng.int(1e8)).padStart(8, '0')}`;
  return `${first22}${ribKey(first22)}`;
}

const reasons = ['AC01', 'AC04', 'AC06', 'BE01', 'AM05'];
const codes: Record<BankFate, string[]> = {
  settled: ['ACSC', 'ACCC'],
  accepted: ['ACCP', 'ACSP', 'ACTC'],
  rejected: ['RJCT'],
};

function decide(
  journal: Journal,
  undecided: Map<number, PaymentFileOp>,
  rng: Rng,
  id: number,
  fate: BankFate,
  reason?: string,
): string {
  journal.bankFates.set(id, fate);
  if (reason) journal.bankReasons.set(id, reason);
  undecided.delete(id);
  return rng.pick(codes[fate]) ?? 'ACSC';
}

function reportXml(rng: Rng, of: PaymentFileOp, body: string): { xml: string; messageId: string } {
  const version = rng.chance(0.3) ? '03' : '10';
  const messageId = `BANK-${of.messageId}-${rng.uuid().slice(0, 8)}`;
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.${version}">` +
    `<CstmrPmtStsRpt><GrpHdr><MsgId>${messageId}</MsgId><CreDtTm>${new Date().toISOString().slice(0, 19)}</CreDtTm></GrpHdr>` +
    body +
    `</CstmrPmtStsRpt></Document>`;
  return { xml, messageId };
}

/**
 * The bank's reports on what it received and has not decided yet (`undecided`: deposit -> its file), one per file. `final`: every deposit decided
 * (the drain); otherwise some stay pending (PDNG) for a later report, and a file never reported yet may be
 * rejected whole. A deposit decided earlier is now and then repeated with the same status.
 */
export function bankReports(
  journal: Journal,
  rng: Rng,
  undecided: Map<number, PaymentFileOp>,
  final: boolean,
): { messageId: string; xml: string }[] {
  const reports: { messageId: string; xml: string }[] = [];
  const byFile = new Map<PaymentFileOp, number[]>();
  for (const [id, of] of undecided) byFile.set(of, [...(byFile.get(of) ?? []), id]);
  for (const [of, ids] of byFile) {
    let body: string;
    const group = `<OrgnlGrpInfAndSts><OrgnlMsgId>${of.messageId}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId>`;
    if (ids.length === of.deposits.length && rng.chance(0.1)) {
      const reason = rng.pick(reasons) ?? 'AM05';
      for (const id of ids) decide(journal, undecided, rng, id, 'rejected', reason);
      body = `${group}<GrpSts>RJCT</GrpSts><StsRsnInf><Rsn><Cd>${reason}</Cd></Rsn></StsRsnInf></OrgnlGrpInfAndSts>`;
    } else {
      const lines = ids.map((id) => {
        const e2e = `<OrgnlEndToEndId>SILA-${id}</OrgnlEndToEndId>`;
        const r = rng.next();
        if (!final && r < 0.15) return `<TxInfAndSts>${e2e}<TxSts>PDNG</TxSts></TxInfAndSts>`;
        if (r < 0.35) {
          const reason = rng.pick(reasons) ?? 'AC01';
          decide(journal, undecided, rng, id, 'rejected', reason);
          return `<TxInfAndSts>${e2e}<TxSts>RJCT</TxSts><StsRsnInf><Rsn><Cd>${reason}</Cd></Rsn></StsRsnInf></TxInfAndSts>`;
        }
        const code = decide(journal, undecided, rng, id, r < 0.55 ? 'accepted' : 'settled');
        return `<TxInfAndSts>${e2e}<TxSts>${code}</TxSts></TxInfAndSts>`;
      });
      // A line the bank already sent, sent again with the same status.
      const again = of.deposits.find((id) => !ids.includes(id) && journal.bankFates.has(id));
      if (again !== undefined && rng.chance(0.3)) {
        const fate = journal.bankFates.get(again) ?? 'settled';
        const reason = journal.bankReasons.get(again);
        lines.push(
          `<TxInfAndSts><OrgnlEndToEndId>SILA-${again}</OrgnlEndToEndId><TxSts>${rng.pick(codes[fate]) ?? 'ACSC'}</TxSts>` +
            `${reason ? `<StsRsnInf><Rsn><Cd>${reason}</Cd></Rsn></StsRsnInf>` : ''}</TxInfAndSts>`,
        );
      }
      body = `${group}<GrpSts>PART</GrpSts></OrgnlGrpInfAndSts><OrgnlPmtInfAndSts><OrgnlPmtInfId>${of.messageId}</OrgnlPmtInfId>${lines.join('')}</OrgnlPmtInfAndSts>`;
    }
    reports.push(reportXml(rng, of, body));
  }
  return reports;
}
