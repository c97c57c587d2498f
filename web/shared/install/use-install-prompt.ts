import { useSyncExternalStore } from 'react';
import { isInstallAvailable, promptInstall, subscribeToInstallPrompt } from './install-prompt';

export function useInstallPrompt(): { canInstall: boolean; install: () => Promise<unknown> } {
  const canInstall = useSyncExternalStore(subscribeToInstallPrompt, isInstallAvailable, () => false);
  return { canInstall, install: promptInstall };
}
