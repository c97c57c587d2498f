/**
 * `npm run mutate -- [--only name,name] [--list]`: does the suite catch the bugs that matter most? Each mutation
 * below plants one such bug in a SCRATCH copy of the repository (a detached git worktree of HEAD under .data/,
 * never the working tree), runs the tests meant to catch it, and prints "caught" (they failed) or "MISSED" (they
 * passed: the suite has a hole). A mutation whose code moved is "NOT APPLIED": update its pattern. Exit 0 only
 * when every mutation is caught. Slow (an API test file or a 30 s chaos run each): not part of `npm test`.
 * Tests use DATABASE_URL when set (a scratch database per run), else an embedded PostgreSQL.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

interface Mutation {
  name: string;
  what: string;
  file: string;
  /** Replaced at every occurrence; at least one must be found. */
  from: string | RegExp;
  to: string;
  /** The command that should fail with the bug in place, and what its output says when a test caught it. */
  test: { cmd: string[]; caught: RegExp };
}

/**
 * "Caught" is a test that failed on the bug, not a run that failed for another reason (a server that did not
 * start on a loaded machine): that is INCONCLUSIVE, and the mutation should be run again.
 */
const api = (...files: string[]) => ({
  cmd: ['node_modules/.bin/vitest', 'run', '--project', 'api', ...files],
  caught: /Tests\s+\d+ failed[^\n]*/,
});
const chaos = {
  cmd: ['node', '--import', 'tsx', 'tests/chaos/run.ts', '--seconds', '30'],
  caught: /FAIL: \d+ anomalies[^\n]*/,
};

export const mutations: Mutation[] = [
  {
    name: 'owner-condition',
    what: "a contact is found by id without the owner condition (another customer's recipient readable)",
    file: 'server/modules/contacts/contacts.repository.ts',
    from: "eb.or([eb('owner_user_id', '=', ownerId), eb('public', '=', true)])",
    to: "eb.or([eb('id', '=', id), eb('public', '=', true)])",
    test: api('tests/security/route-matrix.test.ts'),
  },
  {
    name: 'security-code-always-passes',
    what: 'any security code is accepted',
    file: 'server/modules/users/security-code.service.ts',
    from: 'if (checked.matches) {',
    to: 'if (checked.matches || code.length > 0) {',
    test: api('server/modules/users/security-code.test.ts'),
  },
  {
    name: 'idempotency-skipped',
    what: 'a request whose Idempotency-Key is already stored runs again instead of replaying',
    file: 'server/ledger/idempotency.ts',
    from: 'if (!claimed) {',
    to: 'if (!claimed && Date.now() < 0) {',
    test: api('server/ledger/idempotency.test.ts'),
  },
  {
    name: 'balance-check-dropped',
    what: 'the CHECK that keeps the accounts with a floor (wallets, pending withdrawals, ...) at or above zero is gone',
    file: 'server/db/migrations/0495_ledger_account_kinds_floor.ts',
    from: 'CHECK (NOT has_floor OR balance >= 0)',
    to: 'CHECK (true)',
    test: api('server/ledger/journal.test.ts'),
  },
  {
    name: 'agency-check-removed',
    what: "a teller can look up and pay out another agency's withdrawal",
    file: 'server/modules/transfers/methods/agency-withdrawal/withdrawals.service.ts',
    from: /if \(row\.agency_id !== agencyId\) throw notFound\(withdrawalMessages\.otherAgency\);/g,
    to: 'void agencyId;',
    test: api('server/modules/transfers/methods/agency-withdrawal/withdrawals.test.ts'),
  },
  {
    name: 'send-to-wrong-recipient',
    what: "a send's money goes to the newest other customer's wallet, though its row names the right recipient",
    file: 'server/modules/transfers/send.service.ts',
    from: '? await walletOf(tx, recipientUserId)',
    to: `? ((await tx.selectFrom('ledger_accounts').select('id').where('kind', '=', 'customer_wallet')
          .where('owner_user_id', 'not in', [senderId, recipientUserId]).orderBy('id', 'desc').limit(1)
          .executeTakeFirst())?.id ?? (await walletOf(tx, recipientUserId)))`,
    test: chaos,
  },
  {
    name: 'topup-at-another-rate',
    what: 'a top-up is priced at the official rate instead of the customer rate',
    file: 'server/modules/exchanges/exchange-quote.ts',
    from: 'to: eurToMad(from, decimal(rate)),',
    to: 'to: eurToMad(from, decimal(rates.official)),',
    test: chaos,
  },
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: flags } = parseArgs({ options: { only: { type: 'string' }, list: { type: 'boolean', default: false } } });
const chosen = flags.only ? mutations.filter((m) => flags.only?.split(',').includes(m.name)) : mutations;
if (flags.list || chosen.length === 0) {
  for (const m of mutations) console.log(`${m.name.padEnd(28)} ${m.what}`);
  process.exit(flags.list ? 0 : 2);
}

const git = (...args: string[]) => {
  const r = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
};

const scratch = path.join(root, '.data', `mutate-${process.pid}`);
let removed = false;
function removeScratch(): void {
  if (removed) return;
  removed = true;
  spawnSync('git', ['worktree', 'remove', '--force', scratch], { cwd: root });
  fs.rmSync(scratch, { recursive: true, force: true });
  spawnSync('git', ['worktree', 'prune'], { cwd: root });
}
let running: ReturnType<typeof spawn> | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (running?.pid) process.kill(-running.pid, 'SIGTERM');
    removeScratch();
    process.exit(130);
  });
}

/** Runs `cmd` in the scratch copy, its output to a log file; resolves to its exit code. */
function run(cmd: string[], log: string): Promise<number> {
  return new Promise((resolve) => {
    const out = fs.openSync(log, 'w');
    const [bin, ...args] = cmd;
    running = spawn(bin ?? 'node', args, {
      cwd: scratch,
      stdio: ['ignore', out, out],
      detached: true,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    running.on('exit', (code, signal) => {
      fs.closeSync(out);
      running = undefined;
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

const head = git('rev-parse', '--short', 'HEAD');
fs.mkdirSync(path.join(root, '.data'), { recursive: true });
git('worktree', 'add', '--detach', scratch, 'HEAD');
fs.symlinkSync(path.join(root, 'node_modules'), path.join(scratch, 'node_modules'));
console.log(`mutating a scratch worktree of ${head} at ${path.relative(root, scratch)}`);

const results: { name: string; verdict: string }[] = [];
try {
  for (const m of chosen) {
    spawnSync('git', ['checkout', '--', '.'], { cwd: scratch });
    const file = path.join(scratch, m.file);
    const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    const after = typeof m.from === 'string' ? before.split(m.from).join(m.to) : before.replace(m.from, m.to);
    if (after === before) {
      results.push({ name: m.name, verdict: `NOT APPLIED (pattern not found in ${m.file})` });
      console.log(`${m.name}: NOT APPLIED`);
      continue;
    }
    fs.writeFileSync(file, after);
    const log = path.join(root, '.data', `mutate-${m.name}.log`);
    const started = Date.now();
    console.log(`${m.name}: ${m.what}; running ${m.test.cmd.slice(m.test.cmd[0] === 'node' ? 3 : 1).join(' ')}`);
    const code = await run(m.test.cmd, log);
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const text = fs.readFileSync(log, 'utf8');
    const why = m.test.caught.exec(text)?.[0];
    const checks = [...new Set([...text.matchAll(/"check": "([a-z-]+)"/g)].map((x) => x[1]))].join(', ');
    const verdict =
      code === 0
        ? 'MISSED'
        : why
          ? `caught (${why}${checks ? `: ${checks}` : ''}; ${seconds} s)`
          : `INCONCLUSIVE (exit ${code} without a failed test: see the log)`;
    results.push({ name: m.name, verdict });
    console.log(`${m.name}: ${verdict}  [log ${path.relative(root, log)}]`);
  }
} finally {
  removeScratch();
}

console.log(`\nmutations of ${head}:`);
for (const r of results) console.log(`  ${r.name.padEnd(28)} ${r.verdict}`);
process.exit(results.every((r) => r.verdict.startsWith('caught')) ? 0 : 1);
