import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { payeeCheck } from './transactions-api';

/**
 * Confirmation of payee for a bank deposit to `contact`: a call to the partner bank, so asked only once the sender
 * has chosen the bank account as the way to send, never for merely opening the recipient. Asked once per send
 * flow and per recipient and RIB: the choice step and the summary show the same answer, going back and forth
 * between ways asks nothing more, and the send asks the bank again anyway. A fresh flow (the page opened again)
 * asks afresh. A refusal is an answer, not retried.
 */
export function usePayeeCheck(contact: number | undefined, rib: string | null | undefined, enabled: boolean) {
  const [flow] = useState(() => crypto.randomUUID());
  return useQuery({
    queryKey: ['payee-check', flow, contact, rib],
    queryFn: ({ signal }) => payeeCheck(contact as number, signal),
    enabled: enabled && contact !== undefined && Boolean(rib),
    staleTime: Infinity,
    retry: false,
  });
}
