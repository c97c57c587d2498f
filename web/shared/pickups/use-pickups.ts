import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRANSACTIONS_KEY } from '../transactions/transaction-queries';
import {
  cancelTransaction,
  correctPickupName,
  lookupPickup,
  payPickup,
  reservePickup,
  type PayPickupInput,
} from './pickups-api';

const PICKUP_KEY = ['pickup'] as const;

export function usePickupLookup(reference: string) {
  return useQuery({
    queryKey: [...PICKUP_KEY, reference],
    queryFn: ({ signal }) => lookupPickup(reference, signal),
    enabled: reference !== '',
    retry: false,
  });
}

export function usePickupReservation(reference: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: 'reserve' | 'release') => reservePickup(reference, action),
    onError: () => client.invalidateQueries({ queryKey: [...PICKUP_KEY, reference] }),
  });
}

export function usePayPickup(reference: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: PayPickupInput; key: string }) => payPickup(reference, input.body, input.key),
    onSuccess: () => client.invalidateQueries(),
  });
}

export function useCorrectPickupName(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { first_name: string; last_name: string; security_code: string }) => correctPickupName(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: TRANSACTIONS_KEY }),
  });
}

export function useCancelTransaction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => cancelTransaction(id, key),
    onSuccess: () => client.invalidateQueries(),
  });
}
