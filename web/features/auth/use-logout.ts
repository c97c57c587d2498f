import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useWithLang } from '../../ui/with-lang';
import { logout } from './auth-api';
import { endSession } from './sign-in-session';

/**
 * Ends the session on the server, then forgets it here whatever the answer: someone who asks to log out on a
 * shared phone must be logged out even when the network fails (the token then simply expires server-side).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const withLang = useWithLang();
  return useMutation({
    mutationFn: () => logout(),
    onSettled: async () => {
      endSession(queryClient);
      await navigate(withLang('/auth'), { replace: true });
    },
  });
}
