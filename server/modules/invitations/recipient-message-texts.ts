import { isolatedInArabic, nameIn } from '../../../common/i18n/bidi-isolate.ts';
import { dateFormat } from '../../../common/i18n/first-of-month.ts';
import type { Language } from '../../../common/i18n/languages.ts';
import { signed } from '../../../common/i18n/service-name.ts';
import { pageLocales } from '../../http/page-language.ts';

/**
 * What a recipient without an account receives: they chose no language, so the message is in the
 * sender's language, then in Arabic (once when the sender writes Arabic). Plain text, for an SMS or an e-mail.
 * The invitation when the money is sent; the reminder a few days before the claim window ends.
 */
export interface RecipientMessageFacts {
  sender: string;
  /** As the language writes it ("25,00 MAD"). */
  amount: (language: Language) => string;
  expiresAt: Date;
  link: string;
}

const day = (date: Date, language: Language) =>
  dateFormat(pageLocales[language], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);

type Kind = 'invitation' | 'reminder';
interface Texts {
  subject: (f: RecipientMessageFacts, kind: Kind) => string;
  body: (f: RecipientMessageFacts, kind: Kind) => string;
}

const texts: Record<Language, Texts> = {
  fr: {
    subject: (f, kind) => (kind === 'reminder' ? 'Rappel : ' : '') + `${f.sender} vous a envoyé ${f.amount('fr')}`,
    body: (f, kind) =>
      (kind === 'reminder'
        ? `Rappel : ${f.sender} vous a envoyé ${f.amount('fr')}, pas encore reçus.`
        : `${f.sender} vous a envoyé ${f.amount('fr')} avec Sila.`) +
      ` Pour les recevoir, créez votre compte avec ce numéro ou cette adresse avant le ${day(f.expiresAt, 'fr')} : ${f.link}` +
      ` Sinon, l’argent sera rendu à ${f.sender}.`,
  },
  en: {
    subject: (f, kind) => (kind === 'reminder' ? 'Reminder: ' : '') + `${f.sender} sent you ${f.amount('en')}`,
    body: (f, kind) =>
      (kind === 'reminder'
        ? `Reminder: ${f.sender} sent you ${f.amount('en')}, not received yet.`
        : `${f.sender} sent you ${f.amount('en')} with Sila.`) +
      ` To receive it, create your account with this number or address before ${day(f.expiresAt, 'en')}: ${f.link}` +
      ` Otherwise the money goes back to ${f.sender}.`,
  },
  ar: isolatedInArabic({
    subject: (f, kind) => (kind === 'reminder' ? 'تذكير: ' : '') + `أرسل لك ${f.sender} مبلغ ${f.amount('ar')}`,
    body: (f, kind) =>
      (kind === 'reminder'
        ? `تذكير: أرسل لك ${f.sender} مبلغ ${f.amount('ar')} لم يُستلم بعد.`
        : `أرسل لك ${f.sender} مبلغ ${f.amount('ar')} عبر Sila.`) +
      ` لاستلامه، يكفي إنشاء حساب بهذا الرقم أو هذا العنوان قبل ${day(f.expiresAt, 'ar')}: ${f.link}` +
      ` وإلا يعود المبلغ إلى ${f.sender}.`,
  }),
  es: {
    subject: (f, kind) => (kind === 'reminder' ? 'Recordatorio: ' : '') + `${f.sender} te ha enviado ${f.amount('es')}`,
    body: (f, kind) =>
      (kind === 'reminder'
        ? `Recordatorio: ${f.sender} te ha enviado ${f.amount('es')}, que aún no has recibido.`
        : `${f.sender} te ha enviado ${f.amount('es')} con Sila.`) +
      ` Para recibirlo, crea tu cuenta con este número o esta dirección antes del ${day(f.expiresAt, 'es')}: ${f.link}` +
      ` Si no, el dinero volverá a ${f.sender}.`,
  },
  it: {
    subject: (f, kind) => (kind === 'reminder' ? 'Promemoria: ' : '') + `${f.sender} ti ha inviato ${f.amount('it')}`,
    body: (f, kind) =>
      (kind === 'reminder'
        ? `Promemoria: ${f.sender} ti ha inviato ${f.amount('it')}, non ancora ricevuti.`
        : `${f.sender} ti ha inviato ${f.amount('it')} con Sila.`) +
      ` Per riceverli, crea il tuo conto con questo numero o questo indirizzo entro il ${day(f.expiresAt, 'it')}: ${f.link}` +
      ` Altrimenti il denaro tornerà a ${f.sender}.`,
  },
  nl: {
    subject: (f, kind) =>
      (kind === 'reminder' ? 'Herinnering: ' : '') + `${f.sender} heeft je ${f.amount('nl')} gestuurd`,
    body: (f, kind) =>
      (kind === 'reminder'
        ? `Herinnering: ${f.sender} heeft je ${f.amount('nl')} gestuurd, nog niet ontvangen.`
        : `${f.sender} heeft je ${f.amount('nl')} gestuurd met Sila.`) +
      ` Maak vóór ${day(f.expiresAt, 'nl')} je account aan met dit nummer of dit adres om het te ontvangen: ${f.link}` +
      ` Anders gaat het geld terug naar ${f.sender}.`,
  },
  de: {
    subject: (f, kind) =>
      (kind === 'reminder' ? 'Erinnerung: ' : '') + `${f.sender} hat Ihnen ${f.amount('de')} gesendet`,
    body: (f, kind) =>
      (kind === 'reminder'
        ? `Erinnerung: ${f.sender} hat Ihnen ${f.amount('de')} gesendet, noch nicht empfangen.`
        : `${f.sender} hat Ihnen ${f.amount('de')} mit Sila gesendet.`) +
      ` Um das Geld zu empfangen, eröffnen Sie bis zum ${day(f.expiresAt, 'de')} Ihr Konto mit dieser Nummer oder Adresse: ${f.link}` +
      ` Sonst geht das Geld an ${f.sender} zurück.`,
  },
};

/** Subject and text in the sender's language, then Arabic, opened by the service's name. */
export function recipientMessage(
  senderLanguage: Language,
  kind: Kind,
  facts: RecipientMessageFacts,
): { subject: string; text: string } {
  const languages: Language[] = senderLanguage === 'ar' ? ['ar'] : [senderLanguage, 'ar'];
  // The sender's name as typed, isolated in the Arabic text (nameIn).
  const factsIn = (l: Language) => ({ ...facts, sender: nameIn(l, facts.sender) });
  return {
    subject: signed(senderLanguage, languages.map((l) => texts[l].subject(factsIn(l), kind)).join(' / ')),
    text: signed(senderLanguage, languages.map((l) => texts[l].body(factsIn(l), kind)).join('\n\n')),
  };
}
