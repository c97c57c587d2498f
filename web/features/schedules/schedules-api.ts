import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactsPage } from '../../../common/api/contacts';
import type {
  CreateScheduleRequest,
  Schedule,
  SchedulesPage,
  UpdateScheduleRequest,
} from '../../../common/api/schedules';
import { apiFetch } from '../../shared/api/api-client';

/** The customer's recurring transfers (`/api/schedules/`): list, one, create, change, cancel. */
export const SCHEDULES_KEY = ['schedules'] as const;
export const SCHEDULES_PAGE_SIZE = 20;

export const schedulesPageQuery = (page: number) =>
  queryOptions({
    queryKey: [...SCHEDULES_KEY, 'page', page],
    queryFn: ({ signal }) =>
      apiFetch<SchedulesPage>('/schedules/', { query: { page, page_size: SCHEDULES_PAGE_SIZE }, signal }),
  });

export const scheduleQuery = (id: string) =>
  queryOptions({
    queryKey: [...SCHEDULES_KEY, 'one', id],
    queryFn: ({ signal }) => apiFetch<Schedule>(`/schedules/${encodeURIComponent(id)}/`, { signal }),
  });

/** The people a schedule can send to: the customer's own recipients (agencies take no scheduled transfer). */
export const recipientsQuery = () =>
  queryOptions({
    queryKey: ['contacts', 'schedule-recipients'],
    queryFn: ({ signal }) => apiFetch<ContactsPage>('/contacts/', { query: { page: 1, page_size: 100 }, signal }),
  });

export function useSchedules(page: number) {
  return useQuery(schedulesPageQuery(page));
}

export function useSchedule(id: string) {
  return useQuery(scheduleQuery(id));
}

export function useCreateSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: CreateScheduleRequest; key: string }) =>
      apiFetch<Schedule>('/schedules/', {
        method: 'POST',
        body: input.body,
        headers: { 'Idempotency-Key': input.key },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: SCHEDULES_KEY }),
  });
}

/** A change answers the schedule as it now is: the detail shows it at once, the list is read again. */
export function useChangeSchedule(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateScheduleRequest) =>
      apiFetch<Schedule>(`/schedules/${encodeURIComponent(id)}/`, { method: 'PATCH', body }),
    onSuccess: (schedule) => {
      client.setQueryData(scheduleQuery(id).queryKey, schedule);
      return client.invalidateQueries({ queryKey: [...SCHEDULES_KEY, 'page'] });
    },
  });
}

export function useCancelSchedule(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>(`/schedules/${encodeURIComponent(id)}/`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: SCHEDULES_KEY }),
  });
}
