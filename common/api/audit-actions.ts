/**
 * Every action the audit trail records, as its code. The server records only these (the audit module's line is
 * typed with them) and the back-office shows each in words from its catalogues and lists them in its filter, so a
 * new action cannot reach the trail without its words (web/features/ops/ops-i18n.test.ts checks them).
 */
export const AUDIT_ACTIONS = [
  'agency.create',
  'agency.update',
  'agency.disable',
  'agency.enable',
  'approval.approve',
  'approval.reject',
  'auth.sign_in',
  'case.open',
  'case.note',
  'case.answer',
  'case.state',
  'case.assign',
  'case.attachment.view',
  'customer.freeze',
  'customer.unfreeze',
  'customer.logout_all',
  'customer.unlock_security_code',
  'customer.review_approved',
  'customer.review_rejected',
  'kyc.document.view',
  'kyc.submit',
  'operator.add',
  'operator.add_request',
  'operator.remove',
  'operator.remove_request',
  'payouts.export',
  'payouts.import',
  'pickup.pay',
  'pickup.resend_sms',
  'pickup.reserve',
  'pickup.release',
  'rates.request',
  'rates.set',
  'recovery.request',
  'recovery.codes_proved',
  'recovery.documents',
  'recovery.apply',
  'refund.request',
  'review.approve',
  'review.reject',
  'teller.add',
  'teller.disable',
  'teller.move',
  'teller.move_request',
  'transaction.cancel',
  'transaction.refund',
  'transaction.review_approved',
  'transaction.review_rejected',
  'withdrawal.pay',
  'withdrawal.reserve',
  'withdrawal.release',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audit line is about (its `target_type`). */
export const AUDIT_TARGET_TYPES = [
  'account_recovery',
  'agency',
  'approval',
  'case',
  'kyc_file',
  'kyc_submission',
  'payout_file',
  'rates',
  'review',
  'session',
  'transaction',
  'user',
] as const;

export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const isAuditAction = (code: string): code is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(code);
