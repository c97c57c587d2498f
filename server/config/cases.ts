import { count } from './variables.ts';

/** Help cases (cases). Composed with the other areas in server/config.ts. */
export const caseVariables = {
  // Help cases (ADR 025): the target time to an operator's first answer, per kind of case (the back-office queue
  // flags a case late past it), and how many cases and messages one customer may write.
  CASE_TARGET_HOURS_NOT_RECEIVED: count(4),
  CASE_TARGET_HOURS_WRONG_DETAILS: count(4),
  CASE_TARGET_HOURS_CANNOT_COLLECT: count(2),
  CASE_TARGET_HOURS_NOT_CREDITED: count(8),
  CASE_TARGET_HOURS_ACCOUNT: count(8),
  CASE_TARGET_HOURS_OTHER: count(24),
  /** New cases per customer within a day (a sliding 24 hours). */
  CASES_MAX_PER_DAY: count(5),
  /** Messages per customer within an hour, over all their cases (the first message of a new case included). */
  CASE_MESSAGES_MAX_PER_HOUR: count(20),
};
