import { verifyChain } from '../../adapters/chain/chain-verify.ts';
import { publicKeyHex } from '../../adapters/chain/record-crypto.ts';
import { parseSigningKey } from '../../security/signing-key.ts';
import { loadConfig } from '../../config.ts';
import type { AdminCommand } from '../admin-command.ts';

export const chainVerifyCommand: AdminCommand = {
  name: 'chain:verify',
  usage: 'chain:verify',
  summary: 're-verify the built-in public ledger (sequence, hashes, links, signatures); non-zero exit on tampering',
  async run({ db, out, config }) {
    const { publicKey } = parseSigningKey((config ?? loadConfig()).CHAIN_SIGNING_KEY);
    const report = await verifyChain(db, publicKey);
    out(`${report.records} records, signer ${publicKeyHex(publicKey)}`);
    if (report.problems.length === 0) {
      out('Chain OK');
      return 0;
    }
    out(`Chain BROKEN: ${report.problems.length} problem(s)`);
    for (const problem of report.problems) out(`  - ${problem}`);
    return 1;
  },
};
