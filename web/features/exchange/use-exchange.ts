import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Exchange } from '../../../common/api/exchanges';
import { formatAmount } from '../../../common/money/money';
import type { Money } from '../../../common/money/money';
import { createDraft, fetchDraft, updateDraft } from './exchange-api';

export const DRAFT_KEY = ['exchanges', 'draft'] as const;

export function useDraft() {
  return useQuery({ queryKey: DRAFT_KEY, queryFn: ({ signal }) => fetchDraft(signal) });
}

/**
 * The exchange: with no draft, the first valid (settled) amount creates one; later amounts update
 * it. Writes are serialized (one at a time, the newest amount last), so a slow network cannot reorder them.
 */
export function useDraftSync(amount: Money<'EUR'> | undefined, draft: Exchange | null | undefined) {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: ({ id, text }: { id: number | undefined; text: string }) =>
      id === undefined ? createDraft(text) : updateDraft(id, text),
    onSuccess: (saved) => client.setQueryData(DRAFT_KEY, saved),
  });
  // The amount last sent, kept after the answer: a refused save (400, 401, 429, 5xx) is not sent again by the
  // save falling back to idle, only by a new amount (a refusal re-sent itself 18 times a second).
  const sent = useRef<string | undefined>(undefined);
  const text = amount ? formatAmount(amount) : undefined;
  const { mutate, isPending } = save;
  useEffect(() => {
    // Wait for the first read of the draft, so a returning customer's draft is updated, not duplicated.
    if (text === undefined || draft === undefined || isPending) return;
    if (draft?.from_amount === text || sent.current === text) return;
    sent.current = text;
    mutate({ id: draft?.id, text });
  }, [text, draft, isPending, mutate]);
  return { save, saved: draft !== undefined && draft !== null && draft.from_amount === text };
}
