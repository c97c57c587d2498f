import type { z } from 'zod';
import type {
  emailConfirmationResponseSchema,
  phoneConfirmationResponseSchema,
  SetSecurityCodeRequest,
  UpdateUserRequest,
  User,
  usersListResponseSchema,
} from '../../../common/api/users';
import { apiFetch } from '../api/api-client';

/** The current user is the first (and only) item of the users list. */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<User> {
  const list = await apiFetch<z.infer<typeof usersListResponseSchema>>('/users/', { ...(signal && { signal }) });
  return list.results[0];
}

export function updateProfile(id: number, body: UpdateUserRequest): Promise<User> {
  return apiFetch<User>(`/users/${id}/`, { method: 'PATCH', body });
}

export function setSecurityCode(id: number, body: SetSecurityCodeRequest): Promise<User> {
  return apiFetch<User>(`/users/${id}/security_code/`, { method: 'POST', body });
}

/** Mails a new link to confirm the profile's e-mail (202); a 429 carries the wait in retryAfter. */
export function resendEmailConfirmation(id: number): Promise<z.infer<typeof emailConfirmationResponseSchema>> {
  return apiFetch(`/users/${id}/email_confirmation/`, { method: 'POST' });
}

/** Texts a 6-digit code to the profile's phone (202); a 429 carries the wait in retryAfter. */
export function sendPhoneConfirmation(id: number): Promise<z.infer<typeof phoneConfirmationResponseSchema>> {
  return apiFetch(`/users/${id}/phone_confirmation/`, { method: 'POST' });
}

/** Proves the profile's phone with that code; answers the fresh user (phone_confirmed, balance). */
export function verifyPhoneConfirmation(id: number, code: string): Promise<User> {
  return apiFetch<User>(`/users/${id}/phone_confirmation/verify/`, { method: 'POST', body: { code } });
}
