import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONTACTS_KEY } from '../../shared/contacts/contact-queries';
import { createContact, deleteContact, fetchContacts, type ContactsListParams } from './contacts-api';
import type { CreateRecipientBody } from './recipient-form';

export { CONTACTS_KEY, useContact } from '../../shared/contacts/contact-queries';

export function useContactsPage(params: ContactsListParams) {
  return useQuery({
    queryKey: [...CONTACTS_KEY, 'list', params],
    queryFn: ({ signal }) => fetchContacts(params, signal),
    // The previous page stays on screen while the next one loads on a slow network.
    placeholderData: keepPreviousData,
  });
}

/** Lists are refreshed after every write. */
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
