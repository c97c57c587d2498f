/**
 * What the back-office (ops) reads and changes of users: the staff list and their roles, the customers' admin view
 * and its changes (freeze, security-code lock). Only these; the tables and the other queries stay this module's own.
 */
export {
  clearSecurityCodeLock,
  findAdminUser,
  lockAdminUser,
  searchUsers,
  setFrozen,
  type AdminUserRow,
} from './customers-admin.repository.ts';
export {
  countRole,
  findStaff,
  hasMoneyOrPending,
  listStaff,
  lockUserRole,
  makeCustomer,
  type StaffFilters,
  type StaffRow,
} from './staff.repository.ts';
export { makeBanker, type UserRow } from './users.repository.ts';
