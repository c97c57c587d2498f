import { useQuery } from '@tanstack/react-query';
import { payeeCheck } from './transactions-api';

/**
 * Confirmation of payee for a bank deposit to `contact`, asked once the bank account is on screen. Kept a few
 * minutes: the choice step and the summary show the same answer, and the send asks the bank again anyway. A
 * refusal is an answer, not retried.
 */
export function usePayeeCheck(contact: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['payee-check', contact],
    queryFn: ({ signal }) => payeeCheck(contact as number, signal),
    enabled: enabled && contact !== undefined,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
