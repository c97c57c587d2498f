import { useQuery } from '@tanstack/react-query';
import type { LiabilityProofResponse } from '../../../common/api/liabilities';
import { verifyLiabilityProof, type ProofVerdict } from '../../../common/liabilities/verify-proof';
import { apiFetch } from '../../app/api-client';
import { ApiError } from '../../app/api-error';

/** SHA-256 from WebCrypto: the proof is checked by the browser, not taken on the server's word. */
const sha256 = async (data: Uint8Array): Promise<Uint8Array> =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>));

export interface CheckedProofs {
  /** Empty when the customer is not in a snapshot yet (404). */
  proofs: LiabilityProofResponse['proofs'];
  verdicts: ProofVerdict[];
}

/** The caller's proof of the latest snapshot, fetched then verified here (ADR 012). */
export function useLiabilityProof() {
  return useQuery({
    queryKey: ['liabilities', 'proof'],
    queryFn: async ({ signal }): Promise<CheckedProofs> => {
      try {
        const { proofs } = await apiFetch<LiabilityProofResponse>('/liabilities/proof/', { signal });
        return { proofs, verdicts: await Promise.all(proofs.map((p) => verifyLiabilityProof(p, sha256))) };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { proofs: [], verdicts: [] };
        throw error;
      }
    },
  });
}
