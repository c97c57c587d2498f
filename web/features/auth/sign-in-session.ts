import type { QueryClient } from '@tanstack/react-query';
import type { VerifyCodeResponse } from '../../../common/api/auth';
import { writeStored } from '../../shared/api/browser-storage';
import { clearSessionEnded } from '../../shared/api/session-ended';
import { STORAGE_KEYS } from '../../shared/api/storage-keys';
import { currentUserQuery } from '../../shared/users/use-current-user';
import { keepOfflineOnlyFor } from '../../shared/offline/offline-store';
import { onboardingDestination, storedRoleOf } from './onboarding';

/**
 * Stores the session of a verified code and says where the user goes next. The query cache
 * is emptied first: it lives as long as the page, and may still hold the previous account's data.
 */
export async function startSession(client: QueryClient, signedIn: VerifyCodeResponse): Promise<string> {
  client.clear();
  clearSessionEnded();
  // What another user kept here for offline use goes now, not only when first read.
  keepOfflineOnlyFor(String(signedIn.user_id));
  writeStored(STORAGE_KEYS.token, signedIn.access);
  writeStored(STORAGE_KEYS.role, storedRoleOf(signedIn.role));
  try {
    const user = await client.fetchQuery(currentUserQuery());
    return onboardingDestination(user);
  } catch {
    // Signed in all the same: home shows what it can and retries loading the user.
    return '/';
  }
}
