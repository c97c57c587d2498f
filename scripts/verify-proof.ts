import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { Address } from 'viem';
import { liabilityProofResponseSchema, liabilityProofSchema, type LiabilityProof } from '../common/api/liabilities.ts';
import { explorerRecord, type AnchoredRecord } from '../common/liabilities/anchored-record.ts';
import { verifyLiabilityProof } from '../common/liabilities/verify-proof.ts';
import { evmRecord } from './evm-anchored-record.ts';

const usage = `Usage: npm run verify-proof -- FILE --explorer ORIGIN [--address 0x…]
       npm run verify-proof -- FILE --rpc URL --registry 0x… [--address 0x…]
  --explorer  the site whose built-in public ledger holds the record (https://… ; its /explorer/records/…)
  --rpc, --registry  an EVM node and the AnchorRegistry contract the records are on
  --address   your wallet address, as your profile shows it: the proof must be for it`;

/**
 * `npm run verify-proof -- FILE …`: checks a proof of liabilities (ADR 012) from the JSON the app's "Is my money
 * safe?" screen downloads (one proof) or the API's answer ({"proofs": [...]}): the leaves up to the root, then the
 * root, total and leaf count against the record read from the public ledger named on the command line, never
 * against what the server that sent the proof says. Exit 0 when every proof verifies.
 */
const sha256 = async (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      explorer: { type: 'string' },
      rpc: { type: 'string' },
      registry: { type: 'string' },
      address: { type: 'string' },
    },
  });
  const [file] = positionals;
  const { explorer, rpc, registry, address } = values;
  let recordOf: (root: string) => Promise<AnchoredRecord | undefined>;
  if (explorer) recordOf = (root) => explorerRecord(explorer, root, (url) => fetch(url));
  else if (rpc && registry) recordOf = (root) => evmRecord(rpc, registry as Address, root);
  else {
    console.error(usage);
    return 2;
  }
  if (!file) {
    console.error(usage);
    return 2;
  }
  const json: unknown = JSON.parse(await readFile(file, 'utf8'));
  const many = liabilityProofResponseSchema.safeParse(json);
  const one = liabilityProofSchema.safeParse(json);
  const proofs: LiabilityProof[] = many.success ? many.data.proofs : one.success ? [one.data] : [];
  if (proofs.length === 0) {
    console.error(`${file} is not a proof of liabilities (version 2)`);
    return 1;
  }
  let failures = 0;
  for (const proof of proofs) {
    const record = await recordOf(proof.root);
    const verdict = await verifyLiabilityProof(proof, sha256, { record, expectedAddress: address });
    const balance = `${proof.balance} minor units of ${proof.currency}`;
    if (verdict.ok) {
      console.log(
        `OK: snapshot ${proof.snapshot_id} (${proof.taken_at}): the balance of ${proof.owner.address}, ${balance}, is included in the total`,
      );
      console.log(
        `  root ${proof.root}, total ${proof.total}, ${proof.leaf_count} leaves: as recorded on the public ledger`,
      );
      if (!address)
        console.log(`  check that ${proof.owner.address} is the wallet address on your profile (or pass --address)`);
    } else {
      failures++;
      console.log(`FAILED: snapshot ${proof.snapshot_id} ${proof.currency}: ${verdict.reason}`);
    }
  }
  return failures === 0 ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  return 1;
});
