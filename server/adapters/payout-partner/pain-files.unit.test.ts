import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payeeNameForFile } from '../../../common/banking/payee-name.ts';
import { money } from '../../../common/money/money.ts';
import { controlSum, writePain001, type BankDeposit, type CreditTransferFile } from './pain001.ts';
import { readPain002, StatusReportError } from './pain002.ts';

const fixtures = path.join(import.meta.dirname, 'fixtures');
const schema = path.join(fixtures, 'schemas', 'pain.001.001.09.xsd');
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pain001-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** xmllint (Debian's libxml2-utils) against the ISO schema: the exit code and what it said. */
async function validate(xml: string): Promise<{ ok: boolean; output: string }> {
  const file = path.join(dir, `file-${Math.random().toString(36).slice(2)}.xml`);
  await writeFile(file, xml);
  try {
    const { stderr } = await promisify(execFile)('xmllint', ['--noout', '--schema', schema, file]);
    return { ok: true, output: stderr };
  } catch (error) {
    return { ok: false, output: String((error as { stderr?: string }).stderr ?? error) };
  }
}

const deposit = (n: number, minor: bigint, rib: string, first: string, last: string): BankDeposit => ({
  endToEndId: `SILA-DEP-${n}`,
  amount: money('MAD', minor),
  creditorName: payeeNameForFile(first, last),
  rib,
  remittance: `SILA TRANSFER ${n}`,
});

const file = (deposits: BankDeposit[]): CreditTransferFile => ({
  messageId: 'SILA-20261130-0001',
  createdAt: new Date('2026-11-30T14:05:09.123Z'),
  executionDate: '2026-12-01',
  debtor: { name: 'SILA PAYMENTS SAS', rib: '007780000123456789012396', bic: 'BCMAMAMC' },
  deposits,
});

const three = [
  deposit(1, 150_000n, '230810211111222233334466', 'Amina', 'El Idrissi'),
  deposit(2, 99_999n, '001810007800020110620318', 'محمد', 'بن عبد الله'),
  deposit(3, 1n, '007780000123456789012396', 'Zaïd', 'Benjelloun'),
];

describe('pain.001.001.09 writer', () => {
  it('writes a file the ISO schema accepts, with the count, the control sum and every transaction', async () => {
    const xml = writePain001(file(three));
    const result = await validate(xml);
    expect(result.output).toContain('validates');
    expect(result.ok).toBe(true);
    expect(xml).toContain('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09">');
    expect(xml).toContain('<MsgId>SILA-20261130-0001</MsgId>');
    expect(xml).toContain('<CreDtTm>2026-11-30T14:05:09Z</CreDtTm>');
    expect(xml.match(/<NbOfTxs>3<\/NbOfTxs>/g)).toHaveLength(2);
    // 1500.00 + 999.99 + 0.01, summed in minor units.
    expect(xml.match(/<CtrlSum>2500.00<\/CtrlSum>/g)).toHaveLength(2);
    expect(xml).toContain('<InstdAmt Ccy="MAD">999.99</InstdAmt>');
    expect(xml).toContain('<InstdAmt Ccy="MAD">0.01</InstdAmt>');
    expect(xml).toContain('<Nm>MHMD BN BD LLH</Nm>');
    expect(xml).toContain('<Id>001810007800020110620318</Id>');
    expect(xml).toContain('<EndToEndId>SILA-DEP-2</EndToEndId>');
    expect(xml).toContain('<BICFI>BCMAMAMC</BICFI>');
    expect(controlSum(three)).toEqual(money('MAD', 250_000n));
  });

  it('the schema check can fail: a file without its transactions is refused by xmllint', async () => {
    const xml = writePain001(file(three)).replace(/<CdtTrfTxInf>[\s\S]*<\/CdtTrfTxInf>/, '');
    const result = await validate(xml);
    expect(result.ok).toBe(false);
  });

  it('refuses to write what a bank would reject or misroute', () => {
    expect(() => writePain001(file([]))).toThrow(/at least one/);
    expect(() => writePain001(file([{ ...three[0]!, amount: money('MAD', 0n) }]))).toThrow(/positive/);
    expect(() => writePain001(file([{ ...three[0]!, rib: '230810211111222233334467' }]))).toThrow(/RIB/);
    expect(() => writePain001(file([{ ...three[0]!, creditorName: 'Amina' }]))).toThrow(/character set/);
    expect(() => writePain001(file([three[0]!, three[0]!]))).toThrow(/twice/);
    expect(() => writePain001({ ...file(three), messageId: 'x'.repeat(36) })).toThrow(/message id/);
    expect(() => writePain001(file([{ ...three[0]!, endToEndId: 'SILA DEP 1' }]))).toThrow(/end-to-end/);
  });
});

const fixture = (name: string) => readFile(path.join(fixtures, name), 'utf8');

describe('pain.002 reader', () => {
  it('reads a version 10 report: accepted, settled, rejected with AC01 and AC04, pending', async () => {
    expect(readPain002(await fixture('pain002-v10-mixed.xml'))).toEqual({
      version: '10',
      messageId: 'BANK-STS-20261130-001',
      originalMessageId: 'SILA-20261130-0001',
      groupStatus: 'pending',
      transactions: [
        { endToEndId: 'SILA-DEP-1', status: 'accepted' },
        { endToEndId: 'SILA-DEP-2', status: 'settled' },
        { endToEndId: 'SILA-DEP-3', status: 'rejected', reason: 'AC01' },
        { endToEndId: 'SILA-DEP-4', status: 'rejected', reason: 'AC04' },
        { endToEndId: 'SILA-DEP-5', status: 'pending' },
      ],
    });
  });

  it('reads version 3, with a namespace prefix, and a whole file rejected with its reason', async () => {
    expect(readPain002(await fixture('pain002-v03-settled.xml'))).toMatchObject({
      version: '03',
      originalMessageId: 'SILA-20261202-0001',
      transactions: [{ endToEndId: 'SILA-DEP-9', status: 'settled' }],
    });
    expect(readPain002(await fixture('pain002-v03-file-rejected.xml'))).toEqual({
      version: '03',
      messageId: 'BANK-STS-20261201-007',
      originalMessageId: 'SILA-20261201-0001',
      groupStatus: 'rejected',
      groupReason: 'AM05',
      transactions: [],
    });
  });

  it('refuses what it cannot read for sure: another message, an unknown status, a line without its id', async () => {
    const mixed = await fixture('pain002-v10-mixed.xml');
    const fails = (xml: string) => expect(() => readPain002(xml)).toThrow(StatusReportError);
    fails(mixed.replace('pain.002.001.10', 'pain.002.001.12'));
    fails(writePain001(file(three)));
    fails(mixed.replace('<TxSts>PDNG</TxSts>', '<TxSts>WHAT</TxSts>'));
    fails(mixed.replace('<OrgnlEndToEndId>SILA-DEP-5</OrgnlEndToEndId>', ''));
    fails(mixed.replace('<OrgnlMsgId>SILA-20261130-0001</OrgnlMsgId>', ''));
    fails('<Document');
  });
});
