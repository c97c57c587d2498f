import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contact } from '../../../common/api/contacts';
import { apiFetch } from '../api/api-client';

/** The contacts resource's key and its one-contact query (the contact's detail and the create page read it). */
export const CONTACTS_KEY = ['contacts'] as const;

export function fetchContact(id: string, signal?: AbortSignal): Promise<Contact> {
  return apiFetch<Contact>(`/contacts/${encodeURIComponent(id)}/`, { ...(signal && { signal }) });
}

export const contactQuery = (id: string) =>
  queryOptions({ queryKey: [...CONTACTS_KEY, 'one', id], queryFn: ({ signal }) => fetchContact(id, signal) });

export function useContact(id: string) {
  return useQuery(contactQuery(id));
}
