import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { liabilityProofResponseSchema, liabilityProofSchema, type LiabilityProof } from '../common/api/liabilities.ts';
import { verifyLiabilityProof } from '../common/liabilities/verify-proof.ts';

/**
 * `npm run verify-proof -- FILE`: checks a proof of liabilities offline (ADR 012), from the JSON the app's
 * "Is my money safe?" screen downloads (one proof) or the API's answer ({"proofs": [...]}). Exit 0 when every
 * proof verifies. It then prints what to compare with the public record: the root, the total and the leaf count.
 */
const sha256 = async (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());

async function main(file: string | undefined): Promise<number> {
  if (!file) {
    console.error('Usage: npm run verify-proof -- FILE');
    return 2;
  }
  const json: unknown = JSON.parse(await readFile(file, 'utf8'));
  const many = liabilityProofResponseSchema.safeParse(json);
  const one = liabilityProofSchema.safeParse(json);
  const proofs: LiabilityProof[] = many.success ? many.data.proofs : one.success ? [one.data] : [];
  if (proofs.length === 0) {
    console.error(`${file} is not a proof of liabilities (version 1)`);
    return 1;
  }
  let failures = 0;
  for (const proof of proofs) {
    const verdict = await verifyLiabilityProof(proof, sha256);
    const balance = `${proof.leaf.balance} minor units of ${proof.currency}`;
    if (verdict.ok) {
      console.log(`OK: snapshot ${proof.snapshot_id} (${proof.taken_at}): a balance of ${balance} is included in the total`);
      console.log(`  root ${proof.root}, total ${proof.total}, ${proof.leaf_count} accounts`);
      console.log(`  compare with the public record: ${proof.anchor.url ?? 'not yet published'} (record id 0x${proof.root})`);
    } else {
      failures++;
      console.log(`FAILED: snapshot ${proof.snapshot_id} ${proof.currency}: ${verdict.reason}`);
    }
  }
  return failures === 0 ? 0 : 1;
}

process.exitCode = await main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  return 1;
});
