import type { Contact, ContactsPage } from '../../../common/api/contacts';
import { apiFetch } from '../../shared/api/api-client';
import type { CreateRecipientBody } from './recipient-form';

export const CONTACTS_PAGE_SIZE = 10;

export interface ContactsListParams {
  agencies: boolean;
  page: number;
  search: string;
  position: { latitude: number; longitude: number } | null;
}

/** GET /contacts/ with page_size 10, page, search, public, latitude and longitude. */
export function fetchContacts(params: ContactsListParams, signal?: AbortSignal): Promise<ContactsPage> {
  return apiFetch<ContactsPage>('/contacts/', {
    query: {
      page: params.page,
      page_size: CONTACTS_PAGE_SIZE,
      search: params.search || undefined,
      public: params.agencies ? 'true' : undefined,
      latitude: params.agencies ? params.position?.latitude : undefined,
      longitude: params.agencies ? params.position?.longitude : undefined,
    },
    ...(signal && { signal }),
  });
}

export function createContact(body: CreateRecipientBody): Promise<Contact> {
  return apiFetch<Contact>('/contacts/', { method: 'POST', body });
}

export async function deleteContact(id: number): Promise<void> {
  await apiFetch(`/contacts/${id}/`, { method: 'DELETE' });
}
