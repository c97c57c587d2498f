import fs from 'node:fs';
import path from 'node:path';
import { sleep } from '../cluster.ts';
import type { PaymentFileOp } from '../journal.ts';
import { bankReports, randomRib } from '../partner-bank.ts';
import { operatorDb, runOperator, runOperatorHere } from '../operator.ts';
import type { Rng } from '../rng.ts';
import { big, type Scenario, type World } from '../world.ts';
import { contactOnce, sendPayout, type MadeContact } from './payout-send.ts';

/**
 * Bank deposits under kill -9. Customers send to a RIB while the API processes die; the operator exports the
 * payment files (`payouts:export`, two at once now and then, some killed -9 mid-way, a FILE.part left behind is
 * renamed into place when its message id is recorded, else thrown away, as the command's own doc tells); the run
 * plays the partner bank: it reads each file it receives and answers with pain.002 reports (version 10 or 3) that
 * settle, accept or reject each deposit (some pending first, some files rejected whole), which the operator
 * imports (`payouts:import`: killed -9 mid-way, run twice at once, or again later). The bank decides a deposit's
 * fate once, the first time it reports it; the checks then ask that the app followed it, once.
 */

const contacts = new Map<string, Promise<MadeContact | undefined>>();

interface Report {
  file: string;
  messageId: string;
  imported: boolean;
}

/** The bank's side and the operator's folder, for one run (module state: one run per process). */
const bank = {
  files: 0,
  reports: [] as Report[],
  /** Deposits (transaction ids) received in a file and not yet decided: the bank still owes a report. */
  undecided: new Map<number, PaymentFileOp>(),
};

const endToEnd = /<EndToEndId>SILA-(\d+)<\/EndToEndId>/g;
const messageIdOf = (xml: string) => /<GrpHdr>\s*<MsgId>([^<]+)<\/MsgId>/.exec(xml)?.[1];

function folder(world: World): string {
  const dir = path.join(world.scratchDir ?? '.', 'payouts');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * After an export, as the operator reads the command's doc: FILE is the file to send; a FILE.part left by a
 * command that died is the recorded file when its message id is in `payout_files` (renamed into place), else
 * nothing was marked and it goes. The bank receives what is under the final name.
 */
async function collect(world: World, file: string): Promise<void> {
  const part = `${file}.part`;
  if (!fs.existsSync(file) && fs.existsSync(part)) {
    // The commit of a command killed while committing may still be under way in the database.
    await sleep(500);
    const messageId = messageIdOf(fs.readFileSync(part, 'utf8'));
    const recorded =
      messageId !== undefined &&
      (await operatorDb(world).query('SELECT 1 FROM payout_files WHERE message_id = $1', [messageId])).rowCount === 1;
    if (recorded) {
      fs.renameSync(part, file);
      world.journal.partFiles.recovered += 1;
    } else {
      fs.rmSync(part);
      world.journal.partFiles.discarded += 1;
    }
  }
  if (!fs.existsSync(file)) return;
  const xml = fs.readFileSync(file, 'utf8');
  const received: PaymentFileOp = {
    name: path.basename(file),
    messageId: messageIdOf(xml) ?? '',
    deposits: [...xml.matchAll(endToEnd)].map((m) => Number(m[1])),
  };
  world.journal.paymentFiles.push(received);
  for (const id of received.deposits) bank.undecided.set(id, received);
}

async function exportFile(world: World, rng: Rng, here: boolean): Promise<void> {
  const file = path.join(folder(world), `sila-${String(++bank.files).padStart(3, '0')}.xml`);
  const args = ['payouts:export', '--out', file];
  if (here) await runOperatorHere(world, args);
  else await runOperator(world, rng, args, { spawnChance: 0.3, killChance: 0.7 });
  await collect(world, file);
}

/** The bank's reports on what it has not decided yet, written beside the files for the operator to import. */
function writeReports(world: World, rng: Rng, final: boolean): void {
  for (const { messageId, xml } of bankReports(world.journal, rng, bank.undecided, final)) {
    const file = path.join(folder(world), `${messageId}.xml`);
    fs.writeFileSync(file, xml);
    bank.reports.push({ file, messageId, imported: false });
  }
}

/** Imports a report: done once a run of it exited 0 (one database transaction: a killed run did all or nothing). */
async function importReport(world: World, rng: Rng, report: Report, here: boolean): Promise<void> {
  const args = ['payouts:import', report.file];
  const op = here
    ? await runOperatorHere(world, args)
    : await runOperator(world, rng, args, { spawnChance: 0.25, killChance: 0.7 });
  if (op.code === 0) report.imported = true;
}

async function operatorLoop(world: World, rng: Rng): Promise<void> {
  while (Date.now() < world.stopAt - 2000) {
    await sleep(2000 + rng.int(3000));
    await Promise.all(Array.from({ length: rng.chance(0.25) ? 2 : 1 }, () => exportFile(world, rng, false)));
    writeReports(world, rng, false);
    const waiting = bank.reports.filter((r) => !r.imported).slice(0, 2);
    const imports = waiting.map((r) => importReport(world, rng, r, false));
    // The same report imported twice at once, or once more after it was applied.
    const twice = rng.pick(rng.chance(0.5) ? waiting : bank.reports.filter((r) => r.imported));
    if (twice && rng.chance(0.4)) imports.push(importReport(world, rng, twice, false));
    await Promise.all(imports);
  }
}

export const bankDepositScenario: Scenario = {
  name: 'bank-deposit',
  step: {
    weight: 0.08,
    async run(world, c, state) {
      const made = await contactOnce(contacts, c, 'bank', () => ({
        first_name: 'Bank',
        last_name: `Recipient ${c.rng.int(1000)}`,
        email: `bank-${c.rng.uuid().slice(0, 12)}@example.com`,
        rib: randomRib(c.rng),
      }));
      if (made) await sendPayout(world, c, 'bank_deposit', made.id, made.body.rib ?? '', state.balance);
    },
  },
  actors: (world) => (world.operatorRng ? [operatorLoop(world, world.operatorRng.fork())] : []),

  /** The last file and the bank's last reports, all decisive, imported in the run's own process (two twice). */
  async drain(world) {
    const rng = world.operatorRng?.fork();
    if (!rng) return;
    await exportFile(world, rng, true);
    writeReports(world, rng, true);
    const applied = bank.reports.filter((x) => x.imported).slice(-2);
    for (const r of bank.reports.filter((x) => !x.imported)) await importReport(world, rng, r, true);
    // The operator imports the last reports once more, by mistake: nothing may move again.
    for (const r of applied) await importReport(world, rng, r, true);
  },

  /** Deposits the bank rejected came back (or are still on their way if unanswered); others are gone. */
  book(journal, book) {
    for (const op of journal.payoutSends.filter((o) => o.method === 'bank_deposit')) {
      if (op.result === 'refused') continue;
      const fate = op.txId === undefined ? undefined : journal.bankFates.get(op.txId);
      if (op.result === 'ok' && fate !== undefined && fate !== 'rejected') book.exact(op.userId, -op.amountMinor);
      else if (!(op.result === 'ok' && fate === 'rejected')) book.maybe(op.userId, -op.amountMinor);
    }
  },

  /**
   * No deposit in two files; the files the bank holds are the recorded ones, with the deposits the database put in
   * them, and every recorded file reached the bank; each deposit ended as the bank decided (settled or accepted:
   * completed; rejected: returned with the bank's reason), and none moved without the bank's word.
   */
  async check({ q, journal, fail }) {
    const inFiles = new Map<number, string[]>();
    for (const f of journal.paymentFiles)
      for (const id of f.deposits) inFiles.set(id, [...(inFiles.get(id) ?? []), f.name]);
    for (const [id, names] of inFiles)
      if (names.length > 1) fail('deposit-two-files', `deposit ${id} is in ${names.join(', ')}`);
    const recorded = await q(`SELECT f.message_id, array_agg(p.transaction_id::text ORDER BY p.transaction_id) AS ids
                                FROM payout_files f LEFT JOIN payouts p ON p.file_id = f.id GROUP BY f.message_id`);
    const byMessage = new Map(recorded.map((r) => [String(r.message_id), (r.ids as string[]).filter(Boolean)]));
    for (const f of journal.paymentFiles) {
      const ids = byMessage.get(f.messageId);
      const held = [...f.deposits].sort((a, b) => a - b).join(',');
      if (ids === undefined) fail('file-unrecorded', `${f.name} (${f.messageId}) is not a recorded file`);
      else if (ids.map(Number).join(',') !== held)
        fail('file-content', `${f.name} holds ${held}, the database put ${ids.join(',')} in it`);
    }
    const received = new Set(journal.paymentFiles.map((f) => f.messageId));
    for (const messageId of byMessage.keys())
      if (!received.has(messageId)) fail('file-lost', `recorded file ${messageId} never reached the bank`);
    const rows = await q(`SELECT t.id, t.status, p.reason FROM transactions t JOIN payouts p ON p.transaction_id = t.id
                           WHERE p.method = 'bank_deposit'`);
    for (const r of rows) {
      const id = Number(r.id);
      const fate = journal.bankFates.get(id);
      const expected = fate === undefined ? undefined : fate === 'rejected' ? 'refunded' : 'completed';
      if (expected === undefined && (r.status === 'completed' || r.status === 'refunded'))
        fail('bank-unreported', `deposit ${id} is ${String(r.status)} without the bank's word`);
      else if (expected !== undefined && r.status !== expected)
        fail('bank-fate', `deposit ${id}: the bank said ${fate}, it is ${String(r.status)}`);
      else if (fate === 'rejected' && r.reason !== journal.bankReasons.get(id))
        fail(
          'bank-reason',
          `deposit ${id}: returned for ${String(r.reason)}, the bank said ${journal.bankReasons.get(id)}`,
        );
    }
    // Each acknowledged deposit is the client's: its sender, amount and RIB.
    const details = new Map(
      (
        await q(`SELECT t.id, t.sender_user_id, t.amount, p.rib FROM transactions t
                   JOIN payouts p ON p.transaction_id = t.id WHERE p.method = 'bank_deposit'`)
      ).map((r) => [Number(r.id), r]),
    );
    for (const op of journal.payoutSends.filter((o) => o.method === 'bank_deposit' && o.result === 'ok')) {
      const row = details.get(op.txId ?? -1);
      if (
        !row ||
        String(row.sender_user_id) !== op.userId ||
        big(row.amount) !== op.amountMinor ||
        row.rib !== op.destination
      )
        fail(
          'payout-acknowledged',
          `deposit ${op.txId} of ${op.amountMinor} to ${op.destination}: ${JSON.stringify(row)}`,
        );
    }
  },
  acknowledged: (journal) => journal.payoutSends.filter((o) => o.method === 'bank_deposit' && o.result === 'ok').length,
};
