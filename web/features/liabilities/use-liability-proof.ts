import { useQuery } from '@tanstack/react-query';
import type { LiabilityProofResponse } from '../../../common/api/liabilities';
import { explorerRecord } from '../../../common/liabilities/anchored-record';
import { verifyLiabilityProof, verifyProofTree, type ProofVerdict } from '../../../common/liabilities/verify-proof';
import { apiFetch } from '../../shared/api/api-client';
import { ApiError } from '../../shared/api/api-error';
import { useChainInfo } from '../../shared/chain/use-chain-info';
import { useCurrentUser } from '../../shared/users/use-current-user';

/** SHA-256 from WebCrypto: the proof is checked by the browser, not taken on the server's word. */
const sha256 = async (data: Uint8Array): Promise<Uint8Array> =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>));

export interface CheckedProofs {
  /** Empty when the customer is not in a snapshot yet (404). */
  proofs: LiabilityProofResponse['proofs'];
  verdicts: ProofVerdict[];
  /**
   * False on an EVM network: the app cannot read the registry contract itself, so the root is checked against
   * the tree only and the screen sends the customer to the network's explorer (npm run verify-proof reads the
   * contract's event).
   */
  ledgerChecked: boolean;
}

/**
 * The caller's proof of the latest snapshot, fetched then verified here (ADR 012): the leaves must be for the
 * wallet address of the profile, lead to the root and total, and that root must be the one the public ledger
 * records, read from the built-in ledger's explorer (not from the proof's own answer).
 */
export function useLiabilityProof() {
  const user = useCurrentUser().data;
  const chain = useChainInfo().data;
  return useQuery({
    queryKey: ['liabilities', 'proof', user?.account_id, chain?.network],
    enabled: user !== undefined && chain !== undefined,
    queryFn: async ({ signal }): Promise<CheckedProofs> => {
      const address = user?.account_id;
      const ledgerChecked = chain?.network === 'local';
      try {
        const { proofs } = await apiFetch<LiabilityProofResponse>('/liabilities/proof/', { signal });
        const verdicts = await Promise.all(
          proofs.map(async (proof) => {
            if (!ledgerChecked) return verifyProofTree(proof, sha256, address);
            const record = await explorerRecord('', proof.root, (url) => fetch(url, { signal }));
            return verifyLiabilityProof(proof, sha256, { record, expectedAddress: address });
          }),
        );
        return { proofs, verdicts, ledgerChecked };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { proofs: [], verdicts: [], ledgerChecked };
        throw error;
      }
    },
  });
}
