// Theme and role rules, kept pure so they are tested without a browser.

export type Theme = 'user' | 'banker';

export const ROLES = ['customer', 'banker'] as const;
export type Role = (typeof ROLES)[number];

export type StoredRoleAction = { kind: 'keep' } | { kind: 'set'; role: Role } | { kind: 'remove' };

/**
 * Section 5: a role query value is lowercased; customer or banker is saved, any other non-empty value removes
 * the stored role, and an empty or missing value leaves storage alone.
 */
export function roleQueryAction(roleParam: string | null): StoredRoleAction {
  if (roleParam === null || roleParam === '') return { kind: 'keep' };
  const role = roleParam.toLowerCase();
  return (ROLES as readonly string[]).includes(role) ? { kind: 'set', role: role as Role } : { kind: 'remove' };
}

/** Section 4: the stored role wins, then the query parameter; banker (any case) is the banker theme. */
export function themeFor(storedRole: string | null, queryRole: string | null): Theme {
  const role = storedRole || queryRole || '';
  return role.toLowerCase() === 'banker' ? 'banker' : 'user';
}

export function isWelcomePath(pathname: string): boolean {
  return pathname.replace(/\/+$/, '') === '/auth';
}

export interface RoleNavigation {
  storedRole: string | null;
  pathname: string;
  roleParam: string | null;
  /** The role parameter of the previous location; undefined on the first navigation of the page. */
  previousRoleParam: string | null | undefined;
}

/**
 * The stored role after a navigation. Opening the welcome page clears it first, and the role
 * parameter is applied afterwards, so /auth?role=banker ends with a stored banker role and the banker theme.
 * Elsewhere the parameter only counts when it changed, as section 5 says, so a stale `role` left in a URL
 * does not overwrite the role stored at login on every navigation.
 */
export function nextStoredRole({ storedRole, pathname, roleParam, previousRoleParam }: RoleNavigation): string | null {
  const opensWelcome = isWelcomePath(pathname);
  const base = opensWelcome ? null : storedRole;
  if (!opensWelcome && roleParam === previousRoleParam) return base;
  const action = roleQueryAction(roleParam);
  if (action.kind === 'set') return action.role;
  if (action.kind === 'remove') return null;
  return base;
}
