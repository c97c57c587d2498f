import { scheduleMessages } from '../../../common/api/schedules';
import { securityCodeErrors, transactionMessages } from '../../../common/api/messages';
import { formatLocaleAmount, moneyFromApi } from '../../../common/money/locale-amount';
import { money } from '../../../common/money/money';
import { ApiError } from '../../shared/api/api-error';
import type { TFunction } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/intl-locale';
import { formatMoney } from '../../ui/money-format';
import { commonErrorText, translateServerMessage } from '../../ui/server-messages';
import type { FormProblem, ScheduleField } from './schedule-form';

const fields: ScheduleField[] = [
  'contact',
  'amount',
  'delivery',
  'confirm_payee',
  'frequency',
  'day',
  'start_date',
  'end_date',
  'count',
  'security_code',
];

/** A problem the form found itself, in the user's language. */
export function problemText(problem: FormProblem, t: TFunction, locale: string): string {
  switch (problem.field) {
    case 'contact':
      return t('schedules.errors.recipient');
    case 'amount':
      if (problem.problem === 'minimum')
        return t('schedules.errors.minimum', { amount: formatMoney(problem.limit, locale) });
      if (problem.problem === 'maximum')
        return t('schedules.errors.maximum', { amount: formatMoney(problem.limit, locale) });
      return t(problem.problem === 'ambiguous' ? 'errors.amountAmbiguous' : 'schedules.errors.amount', {
        example: formatLocaleAmount(money('MAD', 2000_50n), locale),
      });
    case 'frequency':
      return t('schedules.errors.frequency');
    case 'day':
      return t('schedules.errors.day');
    case 'start_date':
      return problem.problem === 'past' ? t('schedules.errors.startInPast') : t('schedules.errors.date');
    case 'end_date':
      return problem.problem === 'beforeStart' ? t('schedules.errors.endBeforeStart') : t('schedules.errors.date');
    case 'count':
      return t('schedules.errors.count');
    case 'security_code':
      return t('schedules.errors.code');
  }
}

/** The bound in a server's "Ensure this value is … than or equal to 1.00." as this language writes it. */
function boundIn(message: string, locale: string): string | undefined {
  const amount = /(\d+\.\d{2})\.?$/.exec(message)?.[1];
  const value = amount === undefined ? undefined : moneyFromApi(amount, 'MAD');
  return value === undefined ? undefined : formatMoney(value, locale);
}

/** One server message of the schedules' routes in the user's language, by its exact text. */
export function scheduleMessageText(message: string, t: TFunction, language: string): string {
  const locale = intlLocale(language);
  switch (message) {
    case scheduleMessages.frequency:
      return t('schedules.errors.frequency');
    case scheduleMessages.day:
      return t('schedules.errors.day');
    case scheduleMessages.dayNotMonthly:
      return t('schedules.errors.dayNotMonthly');
    case scheduleMessages.date:
      return t('schedules.errors.date');
    case scheduleMessages.startInPast:
      return t('schedules.errors.startInPast');
    case scheduleMessages.endBeforeStart:
      return t('schedules.errors.endBeforeStart');
    case scheduleMessages.endAndCount:
      return t('schedules.errors.endAndCount');
    case scheduleMessages.count:
      return t('schedules.errors.count');
    case scheduleMessages.delivery:
      return t('schedules.errors.delivery');
    case scheduleMessages.cancelled:
      return t('schedules.errors.cancelled');
    case transactionMessages.contactNotFound:
      return t('transactions.create.unknownRecipient');
    case transactionMessages.yourself:
      return t('transactions.create.invalidRecipient');
    case securityCodeErrors.invalid:
      return t('transactions.create.invalidCode');
    case securityCodeErrors.notSet:
      return t('transactions.create.securityCodeNotSet');
  }
  if (message.startsWith('Ensure this value is greater than or equal to')) {
    const amount = boundIn(message, locale);
    if (amount !== undefined) return t('schedules.errors.minimum', { amount });
  }
  if (message.startsWith('Ensure this value is less than or equal to')) {
    const amount = boundIn(message, locale);
    if (amount !== undefined) return t('schedules.errors.maximum', { amount });
  }
  return translateServerMessage(message, t);
}

export interface ScheduleErrorTexts {
  fields: Partial<Record<ScheduleField, string>>;
  form?: string;
}

/**
 * A refused create or change: each field's message under its field; what belongs to no field (no network, a
 * locked code, a frozen account) above the button.
 */
export function scheduleErrorTexts(error: unknown, t: TFunction, language: string): ScheduleErrorTexts {
  const common = commonErrorText(error, t, language);
  // A wrong code with its tries left reads under the code field, where the user types it again.
  if (common !== undefined && error instanceof ApiError && error.firstError('security_code') !== undefined)
    return { fields: { security_code: common } };
  if (common !== undefined) return { fields: {}, form: common };
  if (error instanceof ApiError && error.status === 400) {
    const result: ScheduleErrorTexts = { fields: {} };
    for (const field of fields) {
      const message = error.firstError(field);
      if (message !== undefined) result.fields[field] = scheduleMessageText(message, t, language);
    }
    if (error.detail !== undefined) result.form = scheduleMessageText(error.detail, t, language);
    if (Object.keys(result.fields).length > 0 || result.form !== undefined) return result;
  }
  return { fields: {}, form: t('errors.unknown') };
}
