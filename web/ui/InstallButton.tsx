import { useInstallPrompt } from '../shared/install/use-install-prompt';

/** Rendered only while the browser offers an install prompt (Install prompt). */
export function InstallButton({ className, label }: { className?: string; label: string }) {
  const { canInstall, install } = useInstallPrompt();
  if (!canInstall) return null;
  return (
    <button className={className} type="button" onClick={() => void install()} data-testid="install-button">
      {label}
    </button>
  );
}
