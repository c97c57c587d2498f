import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { readStored } from '../../app/browser-storage';
import { STORAGE_KEYS } from '../../app/storage-keys';
import { useWithLang } from '../../ui/with-lang';
import { logout } from './auth-api';
import { endSession } from './sign-in-session';

/**
 * Forgets the session here first, then tells the server: someone who asks to log out on a shared phone is
 * logged out at once, even offline or with a server that never answers (the token then simply expires
 * server-side). The server call carries the token it revokes, read before it is forgotten.
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
      if (token) void logout(token).catch(() => undefined);
    },
  });
}
