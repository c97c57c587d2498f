import {
  MAX_SCHEDULE_COUNT,
  type CreateScheduleRequest,
  type ScheduleDelivery,
  type ScheduleFrequency,
} from '../../../common/api/schedules';
import { parseLocaleAmount } from '../../../common/money/locale-amount';
import { formatAmount, type Money } from '../../../common/money/money';

/** The create form's fields, named as the API names them so the server's field errors land on the same ones. */
export type ScheduleField =
  | 'contact'
  | 'amount'
  | 'delivery'
  | 'confirm_payee'
  | 'frequency'
  | 'day'
  | 'start_date'
  | 'end_date'
  | 'count'
  | 'security_code';

export type EndKind = 'none' | 'date' | 'count';

export interface ScheduleFormValues {
  contact: string;
  amount: string;
  /** How each date pays out: one of the ways this recipient can receive (the wallet by default). */
  delivery: ScheduleDelivery;
  /** A bank deposit's: the sender sends to this account although the bank does not confirm the name. */
  confirm_payee: boolean;
  frequency: ScheduleFrequency | '';
  /** '1'..'28' or 'last'; only for a monthly schedule. */
  day: string;
  start_date: string;
  end: EndKind;
  end_date: string;
  count: string;
  security_code: string;
}

export const emptyScheduleForm: ScheduleFormValues = {
  contact: '',
  amount: '',
  delivery: 'wallet',
  confirm_payee: false,
  frequency: 'monthly',
  day: '',
  start_date: '',
  end: 'none',
  end_date: '',
  count: '',
  security_code: '',
};

/** What is wrong with one field, before anything is sent: the screen words each one (schedule-errors.ts). */
export type FormProblem =
  | { field: 'contact'; problem: 'required' }
  | { field: 'amount'; problem: 'format' | 'ambiguous' }
  | { field: 'amount'; problem: 'minimum' | 'maximum'; limit: Money<'MAD'> }
  | { field: 'frequency'; problem: 'required' }
  | { field: 'day'; problem: 'required' }
  | { field: 'start_date' | 'end_date'; problem: 'required' }
  | { field: 'start_date'; problem: 'past' }
  | { field: 'end_date'; problem: 'beforeStart' }
  | { field: 'count'; problem: 'range' }
  | { field: 'security_code'; problem: 'format' };

export interface FormContext {
  locale: string;
  /** Today in the customer's time zone (YYYY-MM-DD): the earliest first date. */
  today: string;
  /** The per-operation bounds, from the server's configuration (GET /api/rates/). */
  min: Money<'MAD'>;
  max: Money<'MAD'>;
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/**
 * The form as the API would take it, or every problem at once (each under its field). It checks what the server
 * would refuse about the fields alone; the recipient, the code and today's date are the server's to confirm.
 */
export function checkScheduleForm(
  values: ScheduleFormValues,
  context: FormContext,
): { ok: true; body: CreateScheduleRequest } | { ok: false; problems: FormProblem[] } {
  const problems: FormProblem[] = [];
  if (!/^\d+$/.test(values.contact)) problems.push({ field: 'contact', problem: 'required' });

  const parsed = parseLocaleAmount(values.amount, context.locale, 'MAD');
  let amount: Money<'MAD'> | undefined;
  if (!parsed.ok) problems.push({ field: 'amount', problem: parsed.error === 'ambiguous' ? 'ambiguous' : 'format' });
  else if (parsed.value.minor < context.min.minor)
    problems.push({ field: 'amount', problem: 'minimum', limit: context.min });
  else if (parsed.value.minor > context.max.minor)
    problems.push({ field: 'amount', problem: 'maximum', limit: context.max });
  else amount = parsed.value;

  if (values.frequency === '') problems.push({ field: 'frequency', problem: 'required' });
  const monthly = values.frequency === 'monthly';
  const day = values.day === 'last' ? 'last' : /^\d{1,2}$/.test(values.day) ? Number(values.day) : undefined;
  if (monthly && (day === undefined || (day !== 'last' && (day < 1 || day > 28))))
    problems.push({ field: 'day', problem: 'required' });

  if (!isDay(values.start_date)) problems.push({ field: 'start_date', problem: 'required' });
  else if (values.start_date < context.today) problems.push({ field: 'start_date', problem: 'past' });

  let count: number | undefined;
  if (values.end === 'date') {
    if (!isDay(values.end_date)) problems.push({ field: 'end_date', problem: 'required' });
    else if (isDay(values.start_date) && values.end_date < values.start_date)
      problems.push({ field: 'end_date', problem: 'beforeStart' });
  } else if (values.end === 'count') {
    count = /^\d{1,4}$/.test(values.count.trim()) ? Number(values.count.trim()) : undefined;
    if (count === undefined || count < 1 || count > MAX_SCHEDULE_COUNT)
      problems.push({ field: 'count', problem: 'range' });
  }

  if (!/^\d{6}$/.test(values.security_code)) problems.push({ field: 'security_code', problem: 'format' });

  if (problems.length > 0 || amount === undefined || values.frequency === '') return { ok: false, problems };
  return {
    ok: true,
    body: {
      contact: Number(values.contact),
      amount: formatAmount(amount),
      delivery: values.delivery,
      ...(values.delivery === 'bank_deposit' && values.confirm_payee && { confirm_payee: true }),
      frequency: values.frequency,
      ...(monthly && day !== undefined && { day }),
      start_date: values.start_date,
      ...(values.end === 'date' && { end_date: values.end_date }),
      ...(values.end === 'count' && count !== undefined && { count }),
      security_code: values.security_code,
    },
  };
}
