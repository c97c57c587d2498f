import { createContext, useContext } from 'react';
import type { User } from '../../../common/api/users';

/** The signed-in operator or auditor: screens hide every write from an auditor (the API refuses it anyway). */
export const StaffContext = createContext<User | null>(null);

export function useStaff(): { me: User; canWrite: boolean } {
  const me = useContext(StaffContext);
  if (!me) throw new Error('useStaff outside the back-office');
  return { me, canWrite: me.role === 'OPERATOR' };
}
