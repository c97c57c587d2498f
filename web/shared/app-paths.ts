// Which paths the app treats apart, asked by the navigation guard and by the screens that show a bar on every page.

/** Reachable without a token, and holds no page for someone logged in. */
export function isAuthPath(pathname: string): boolean {
  return pathname === '/auth' || pathname.startsWith('/auth/');
}

/** The e-mail confirmation link is opened from a mailbox, often on a device with no session: never guarded. */
export function isGuardExempt(pathname: string): boolean {
  return pathname.replace(/\/+$/, '') === '/authentication/confirm-email';
}
