import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { readStored, writeStored } from '../api/browser-storage';
import { STORAGE_KEYS } from '../api/storage-keys';
import { useWithLang } from '../../ui/with-lang';
import { apiFetch } from '../api/api-client';
import { clearSessionEnded } from '../api/session-ended';
import { disablePushHere } from '../notifications/push-api';
import { forgetOffline } from '../offline/offline-store';

/** Ends the session server-side; the server takes no body (204). The token is given: it is already forgotten here. */
export async function logout(token: string): Promise<void> {
  await apiFetch('/auth/logout/', { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
}

/** Logout: the token and role go, and so does every cached answer of this account. */
export function endSession(client: QueryClient): void {
  writeStored(STORAGE_KEYS.token, null);
  writeStored(STORAGE_KEYS.role, null);
  // Where this person was is theirs: the next person on a shared phone must not inherit it.
  writeStored(STORAGE_KEYS.latitude, null);
  writeStored(STORAGE_KEYS.longitude, null);
  // Likewise the withdrawal and pickup codes and the balance kept for the agency with no network.
  forgetOffline();
  clearSessionEnded();
  client.clear();
}

/**
 * Forgets the session here first, then tells the server: someone who asks to log out on a shared phone is
 * logged out at once, even offline or with a server that never answers (the token then simply expires
 * server-side). The server calls carry the token, read before it is forgotten. This browser's push subscription
 * goes first: the next person on a shared phone must not receive the previous one's notifications;
 * the session is revoked only after its DELETE was answered (or failed), since it needs the token.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const withLang = useWithLang();
  return useMutation({
    mutationFn: async () => {
      const token = readStored(STORAGE_KEYS.token);
      endSession(queryClient);
      await navigate(withLang('/auth'), { replace: true });
      if (token) {
        void disablePushHere(token)
          .catch(() => undefined)
          .then(() => logout(token))
          .catch(() => undefined);
      }
    },
  });
}
