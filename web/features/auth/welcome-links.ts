import type { Role } from '../../shared/theme-rules';

/** The switch leads to ?role=banker, or back to ?role=customer when the page shows role=banker. */
export function roleSwitchTarget(queryRole: string | null): { role: Role; to: string } {
  const role: Role = queryRole?.toLowerCase() === 'banker' ? 'customer' : 'banker';
  return { role, to: `/auth?role=${role}` };
}
