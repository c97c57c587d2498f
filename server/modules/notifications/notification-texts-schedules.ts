import { isolatedInArabic } from '../../../common/i18n/bidi-isolate.ts';
import type { Language } from '../../../common/i18n/languages.ts';
import {
  amountIn,
  balanceIn,
  dateIn,
  gapIn,
  hasGap,
  type NotificationTemplates,
  type ScheduleOccurrenceParams,
  type ScheduleReminderParams,
} from './notification-params.ts';

/**
 * The recurring transfers' notifications in every language: the reminder two days before a date (with what to add
 * when the balance falls short), a date refused with its reason, a date missed while the service was down. The
 * languages' template sets spread these in.
 */

type ScheduleKinds = 'schedule_reminder' | 'schedule_skipped' | 'schedule_missed';
type ScheduleTemplates = Pick<NotificationTemplates, ScheduleKinds>;

interface Words {
  reminderTitle: string;
  /** The date, the amount, the name; then the balance and the gap, or the balance that covers it. */
  reminder: (date: string, amount: string, name: string) => string;
  short: (balance: string, gap: string) => string;
  covered: (balance: string) => string;
  skippedTitle: string;
  skipped: (amount: string, name: string, date: string, reason: string) => string;
  reasons: (name: string) => Record<string, string>;
  missedTitle: string;
  missed: (amount: string, name: string, date: string) => string;
}

const words: Record<Language, Words> = {
  en: {
    reminderTitle: 'Scheduled transfer in 2 days',
    reminder: (d, a, n) => `On ${d}, ${a} to ${n}.`,
    short: (b, g) => `Your balance: ${b}: add ${g} by then.`,
    covered: (b) => `Your balance of ${b} covers it.`,
    skippedTitle: 'Scheduled transfer not sent',
    skipped: (a, n, d, r) => `Your ${a} to ${n} of ${d} was not sent: ${r}. The next ones stay scheduled.`,
    reasons: (n) => ({
      balance: 'your balance was too low',
      limit: 'it would have gone past your limit',
      frozen: 'your account is frozen',
      recipient: `${n} can no longer receive this way`,
    }),
    missedTitle: 'Scheduled transfer missed',
    missed: (a, n, d) =>
      `Your ${a} to ${n} of ${d} was not sent: our service was unavailable. Nothing was taken from your balance.`,
  },
  fr: {
    reminderTitle: 'Envoi programmé dans 2 jours',
    reminder: (d, a, n) => `Le ${d}, ${a} à ${n}.`,
    short: (b, g) => `Votre solde : ${b} : ajoutez ${g} d’ici là.`,
    covered: (b) => `Votre solde de ${b} le couvre.`,
    skippedTitle: 'Envoi programmé non effectué',
    skipped: (a, n, d, r) =>
      `Votre envoi de ${a} à ${n} du ${d} n’a pas été fait : ${r}. Les suivants restent programmés.`,
    reasons: (n) => ({
      balance: 'votre solde était insuffisant',
      limit: 'il dépassait votre plafond',
      frozen: 'votre compte est gelé',
      recipient: `${n} ne peut plus recevoir de cette façon`,
    }),
    missedTitle: 'Envoi programmé manqué',
    missed: (a, n, d) =>
      `Votre envoi de ${a} à ${n} du ${d} n’a pas été fait : notre service était indisponible. Rien n’a été débité de votre solde.`,
  },
  ar: {
    reminderTitle: 'تحويل مجدول بعد يومين',
    reminder: (d, a, n) => `في ${d}، ${a} إلى ${n}.`,
    short: (b, g) => `رصيدك: ${b}: أضف ${g} قبل ذلك.`,
    covered: (b) => `رصيدك ${b} يكفي لذلك.`,
    skippedTitle: 'لم يتم التحويل المجدول',
    skipped: (a, n, d, r) => `لم يُرسل تحويلك بمبلغ ${a} إلى ${n} بتاريخ ${d}: ${r}. تبقى التحويلات التالية مجدولة.`,
    reasons: (n) => ({
      balance: 'رصيدك غير كافٍ',
      limit: 'كان سيتجاوز حدّك',
      frozen: 'حسابك مجمّد',
      recipient: `${n} لم يعد بإمكانه الاستلام بهذه الطريقة`,
    }),
    missedTitle: 'فات التحويل المجدول',
    missed: (a, n, d) => `لم يُرسل تحويلك بمبلغ ${a} إلى ${n} بتاريخ ${d}: كانت خدمتنا غير متاحة. لم يُخصم شيء من رصيدك.`,
  },
  es: {
    reminderTitle: 'Envío programado en 2 días',
    reminder: (d, a, n) => `El ${d}, ${a} a ${n}.`,
    short: (b, g) => `Tu saldo: ${b}: añade ${g} antes de esa fecha.`,
    covered: (b) => `Tu saldo de ${b} lo cubre.`,
    skippedTitle: 'Envío programado no realizado',
    skipped: (a, n, d, r) =>
      `Tu envío de ${a} a ${n} del ${d} no se ha hecho: ${r}. Los siguientes siguen programados.`,
    reasons: (n) => ({
      balance: 'tu saldo era insuficiente',
      limit: 'superaba tu límite',
      frozen: 'tu cuenta está congelada',
      recipient: `${n} ya no puede recibir de esta forma`,
    }),
    missedTitle: 'Envío programado perdido',
    missed: (a, n, d) =>
      `Tu envío de ${a} a ${n} del ${d} no se ha hecho: nuestro servicio no estaba disponible. No se ha descontado nada de tu saldo.`,
  },
  it: {
    reminderTitle: 'Invio programmato tra 2 giorni',
    reminder: (d, a, n) => `Il ${d}, ${a} a ${n}.`,
    short: (b, g) => `Il tuo saldo: ${b}: aggiungi ${g} entro quella data.`,
    covered: (b) => `Il tuo saldo di ${b} lo copre.`,
    skippedTitle: 'Invio programmato non effettuato',
    skipped: (a, n, d, r) =>
      `Il tuo invio di ${a} a ${n} del ${d} non è stato effettuato: ${r}. I successivi restano programmati.`,
    reasons: (n) => ({
      balance: 'il tuo saldo era insufficiente',
      limit: 'superava il tuo limite',
      frozen: 'il tuo conto è bloccato',
      recipient: `${n} non può più ricevere in questo modo`,
    }),
    missedTitle: 'Invio programmato mancato',
    missed: (a, n, d) =>
      `Il tuo invio di ${a} a ${n} del ${d} non è stato effettuato: il nostro servizio non era disponibile. Nulla è stato addebitato sul tuo saldo.`,
  },
  nl: {
    reminderTitle: 'Geplande overboeking over 2 dagen',
    reminder: (d, a, n) => `Op ${d}: ${a} naar ${n}.`,
    short: (b, g) => `Je saldo: ${b}: stort ${g} vóór die datum.`,
    covered: (b) => `Je saldo van ${b} dekt het.`,
    skippedTitle: 'Geplande overboeking niet verstuurd',
    skipped: (a, n, d, r) =>
      `Je overboeking van ${a} naar ${n} van ${d} is niet verstuurd: ${r}. De volgende blijven gepland.`,
    reasons: (n) => ({
      balance: 'je saldo was te laag',
      limit: 'die ging over je limiet',
      frozen: 'je account is bevroren',
      recipient: `${n} kan niet meer op deze manier ontvangen`,
    }),
    missedTitle: 'Geplande overboeking gemist',
    missed: (a, n, d) =>
      `Je overboeking van ${a} naar ${n} van ${d} is niet verstuurd: onze dienst was niet beschikbaar. Er is niets van je saldo afgeschreven.`,
  },
  de: {
    reminderTitle: 'Geplante Überweisung in 2 Tagen',
    reminder: (d, a, n) => `Am ${d}: ${a} an ${n}.`,
    short: (b, g) => `Ihr Guthaben: ${b}: laden Sie bis dahin ${g} auf.`,
    covered: (b) => `Ihr Guthaben von ${b} deckt sie.`,
    skippedTitle: 'Geplante Überweisung nicht ausgeführt',
    skipped: (a, n, d, r) =>
      `Ihre Überweisung von ${a} an ${n} vom ${d} wurde nicht ausgeführt: ${r}. Die nächsten bleiben geplant.`,
    reasons: (n) => ({
      balance: 'Ihr Guthaben reichte nicht',
      limit: 'sie hätte Ihr Limit überschritten',
      frozen: 'Ihr Konto ist gesperrt',
      recipient: `${n} kann auf diesem Weg nicht mehr empfangen`,
    }),
    missedTitle: 'Geplante Überweisung verpasst',
    missed: (a, n, d) =>
      `Ihre Überweisung von ${a} an ${n} vom ${d} wurde nicht ausgeführt: unser Dienst war nicht verfügbar. Von Ihrem Guthaben wurde nichts abgebucht.`,
  },
};

function templatesOf(language: Language): ScheduleTemplates {
  const w = words[language];
  const facts = (p: ScheduleOccurrenceParams) => [amountIn(language, p), p.name, dateIn(language, p.date)] as const;
  return {
    schedule_reminder: (p: ScheduleReminderParams) => ({
      title: w.reminderTitle,
      body: `${w.reminder(dateIn(language, p.date), amountIn(language, p), p.name)} ${
        hasGap(p) ? w.short(balanceIn(language, p), gapIn(language, p)) : w.covered(balanceIn(language, p))
      }`,
    }),
    schedule_skipped: (p) => {
      const [amount, name, date] = facts(p);
      // A reason this version does not know still reads as a sentence: the balance's, the most common one.
      const reasons = w.reasons(name);
      return { title: w.skippedTitle, body: w.skipped(amount, name, date, reasons[p.reason] ?? reasons.balance ?? '') };
    },
    schedule_missed: (p) => ({ title: w.missedTitle, body: w.missed(...facts(p)) }),
  };
}

export const scheduleTexts: Record<Language, ScheduleTemplates> = {
  fr: templatesOf('fr'),
  en: templatesOf('en'),
  ar: isolatedInArabic(templatesOf('ar')),
  es: templatesOf('es'),
  it: templatesOf('it'),
  nl: templatesOf('nl'),
  de: templatesOf('de'),
};
