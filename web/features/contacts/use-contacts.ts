import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContact, deleteContact, fetchContact, fetchContacts, type ContactsListParams } from './contacts-api';
import type { CreateRecipientBody } from './recipient-form';

export const CONTACTS_KEY = ['contacts'] as const;

export function useContactsPage(params: ContactsListParams) {
  return useQuery({
    queryKey: [...CONTACTS_KEY, 'list', params],
    queryFn: ({ signal }) => fetchContacts(params, signal),
    // The previous page stays on screen while the next one loads on a slow network.
    placeholderData: keepPreviousData,
  });
}

export function useContact(id: string) {
  return useQuery({ queryKey: [...CONTACTS_KEY, 'one', id], queryFn: ({ signal }) => fetchContact(id, signal) });
}

/** Lists are refreshed after every write (DESIGN.md section 7). */
export function useCreateContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRecipientBody) => createContact(body),
    onSuccess: () => client.invalidateQueries({ queryKey: CONTACTS_KEY }),
  });
}

export function useDeleteContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteContact(id),
    onSuccess: () => client.invalidateQueries({ queryKey: CONTACTS_KEY }),
  });
}
