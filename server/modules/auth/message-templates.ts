import { isolatedInArabic } from '../../../common/i18n/bidi-isolate.ts';
import { LANGUAGES, type Language } from '../../../common/i18n/languages.ts';
import { signed } from '../../../common/i18n/service-name.ts';

/**
 * What the user receives, in the language they chose on the login screen (fr, en, ar, es, it, nl, de). Plain text: no HTML to
 * sanitise, and it reads the same in every mail client and on any phone.
 */
interface LoginCodeText {
  subject: string;
  mail: (code: string, minutes: number) => string;
  sms: (code: string, minutes: number) => string;
}

export const loginCodeTexts: Record<Language, LoginCodeText> = {
  fr: {
    subject: signed('fr', 'Votre code de connexion'),
    mail: (code, minutes) =>
      `Bonjour,\n\nVotre code de connexion est ${code}. Il est valable ${minutes} minutes.\n\n` +
      `Ne le communiquez à personne : nous ne vous le demanderons jamais.\n` +
      `Si vous n’avez pas demandé ce code, ignorez ce message.`,
    sms: (code, minutes) => signed('fr', `Votre code de connexion : ${code} (valable ${minutes} min). Ne le communiquez à personne.`),
  },
  en: {
    subject: signed('en', 'Your sign-in code'),
    mail: (code, minutes) =>
      `Hello,\n\nYour sign-in code is ${code}. It is valid for ${minutes} minutes.\n\n` +
      `Never share it: we will never ask you for it.\nIf you did not ask for this code, ignore this message.`,
    sms: (code, minutes) => signed('en', `Your sign-in code: ${code} (valid ${minutes} min). Never share it.`),
  },
  ar: isolatedInArabic({
    subject: signed('ar', 'رمز تسجيل الدخول الخاص بك'),
    mail: (code, minutes) =>
      `مرحبًا،\n\nرمز تسجيل الدخول الخاص بك هو ${code}. وهو صالح لمدة ${minutes} دقائق.\n\n` +
      `لا تشاركه مع أي شخص: لن نطلبه منك أبدًا.\nإذا لم تطلب هذا الرمز، فتجاهل هذه الرسالة.`,
    sms: (code, minutes) => signed('ar', `رمز تسجيل الدخول: ${code} (صالح ${minutes} دقائق). لا تشاركه مع أي شخص.`),
  }),
  es: {
    subject: signed('es', 'Tu código de acceso'),
    mail: (code, minutes) =>
      `Hola:\n\nTu código de acceso es ${code}. Es válido durante ${minutes} minutos.\n\n` +
      `No se lo des a nadie: nunca te lo pediremos.\nSi no has pedido este código, ignora este mensaje.`,
    sms: (code, minutes) => signed('es', `Tu código de acceso: ${code} (válido ${minutes} min). No se lo des a nadie.`),
  },
  it: {
    subject: signed('it', 'Il tuo codice di accesso'),
    mail: (code, minutes) =>
      `Ciao,\n\nil tuo codice di accesso è ${code}. È valido per ${minutes} minuti.\n\n` +
      `Non comunicarlo a nessuno: non te lo chiederemo mai.\nSe non hai richiesto questo codice, ignora questo messaggio.`,
    sms: (code, minutes) => signed('it', `Il tuo codice di accesso: ${code} (valido ${minutes} min). Non comunicarlo a nessuno.`),
  },
  nl: {
    subject: signed('nl', 'Je inlogcode'),
    mail: (code, minutes) =>
      `Hallo,\n\nJe inlogcode is ${code}. De code is ${minutes} minuten geldig.\n\n` +
      `Deel hem met niemand: wij vragen er nooit om.\nHeb je deze code niet aangevraagd? Dan kun je dit bericht negeren.`,
    sms: (code, minutes) => signed('nl', `Je inlogcode: ${code} (${minutes} min geldig). Deel hem met niemand.`),
  },
  de: {
    subject: signed('de', 'Ihr Anmeldecode'),
    mail: (code, minutes) =>
      `Guten Tag,\n\nIhr Anmeldecode lautet ${code}. Er ist ${minutes} Minuten gültig.\n\n` +
      `Geben Sie ihn niemandem weiter: Wir werden Sie nie danach fragen.\n` +
      `Wenn Sie diesen Code nicht angefordert haben, ignorieren Sie diese Nachricht.`,
    sms: (code, minutes) => signed('de', `Ihr Anmeldecode: ${code} (${minutes} Min. gültig). Geben Sie ihn niemandem weiter.`),
  },
};

interface ConfirmEmailText {
  subject: string;
  mail: (link: string) => string;
}

export const confirmEmailTexts: Record<Language, ConfirmEmailText> = {
  fr: {
    subject: signed('fr', 'Confirmez votre adresse e-mail'),
    mail: (link) =>
      `Bonjour,\n\nConfirmez votre adresse e-mail en ouvrant ce lien :\n${link}\n\n` +
      `Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.`,
  },
  en: {
    subject: signed('en', 'Confirm your e-mail address'),
    mail: (link) =>
      `Hello,\n\nConfirm your e-mail address by opening this link:\n${link}\n\n` +
      `If you did not ask for this, ignore this message.`,
  },
  ar: isolatedInArabic({
    subject: signed('ar', 'أكّد عنوان بريدك الإلكتروني'),
    mail: (link) =>
      `مرحبًا،\n\nأكّد عنوان بريدك الإلكتروني بفتح هذا الرابط:\n${link}\n\nإذا لم تطلب ذلك، فتجاهل هذه الرسالة.`,
  }),
  es: {
    subject: signed('es', 'Confirma tu correo electrónico'),
    mail: (link) =>
      `Hola:\n\nConfirma tu dirección de correo electrónico abriendo este enlace:\n${link}\n\n` +
      `Si no has sido tú, ignora este mensaje.`,
  },
  it: {
    subject: signed('it', 'Conferma il tuo indirizzo e-mail'),
    mail: (link) =>
      `Ciao,\n\nconferma il tuo indirizzo e-mail aprendo questo link:\n${link}\n\n` +
      `Se non sei stato tu a fare questa richiesta, ignora questo messaggio.`,
  },
  nl: {
    subject: signed('nl', 'Bevestig je e-mailadres'),
    mail: (link) =>
      `Hallo,\n\nBevestig je e-mailadres door deze link te openen:\n${link}\n\n` +
      `Heb je dit niet zelf aangevraagd? Dan kun je dit bericht negeren.`,
  },
  de: {
    subject: signed('de', 'Bestätigen Sie Ihre E-Mail-Adresse'),
    mail: (link) =>
      `Guten Tag,\n\nbitte bestätigen Sie Ihre E-Mail-Adresse über diesen Link:\n${link}\n\n` +
      `Wenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht.`,
  },
};

interface LockoutText {
  subject: string;
  text: (minutes: number) => string;
}

const lockoutWords: Record<Language, LockoutText> = {
  fr: {
    subject: signed('fr', 'Code de sécurité bloqué'),
    text: (minutes) =>
      `Trop de codes de sécurité erronés ont été saisis sur votre compte. Les opérations sont bloquées pendant ` +
      `${minutes} minutes. Si ce n’était pas vous, contactez-nous.`,
  },
  en: {
    subject: signed('en', 'Security code locked'),
    text: (minutes) =>
      `Too many wrong security codes were entered on your account. Money movements are blocked for ${minutes} ` +
      `minutes. If this was not you, contact us.`,
  },
  ar: isolatedInArabic({
    subject: signed('ar', 'تم قفل رمز الأمان'),
    text: (minutes) =>
      `تم إدخال عدد كبير من رموز الأمان الخاطئة في حسابك. العمليات المالية موقوفة لمدة ${minutes} دقيقة. ` +
      `إذا لم تكن أنت، فاتصل بنا.`,
  }),
  es: {
    subject: signed('es', 'Código de seguridad bloqueado'),
    text: (minutes) =>
      `Se han introducido demasiados códigos de seguridad incorrectos en tu cuenta. Las operaciones quedan bloqueadas ` +
      `durante ${minutes} minutos. Si no has sido tú, contáctanos.`,
  },
  it: {
    subject: signed('it', 'Codice di sicurezza bloccato'),
    text: (minutes) =>
      `Sul tuo conto sono stati inseriti troppi codici di sicurezza errati. Le operazioni sono bloccate per ` +
      `${minutes} minuti. Se non sei stato tu, contattaci.`,
  },
  nl: {
    subject: signed('nl', 'Beveiligingscode geblokkeerd'),
    text: (minutes) =>
      `Er zijn te vaak verkeerde beveiligingscodes ingevoerd op je account. Betalingen zijn ${minutes} minuten ` +
      `geblokkeerd. Was jij dit niet? Neem dan contact met ons op.`,
  },
  de: {
    subject: signed('de', 'Sicherheitscode gesperrt'),
    text: (minutes) =>
      `In Ihrem Konto wurden zu oft falsche Sicherheitscodes eingegeben. Zahlungen sind für ${minutes} Minuten ` +
      `gesperrt. Falls Sie das nicht waren, kontaktieren Sie uns.`,
  },
};

/** The lockout's mail (subject, text) and its SMS (the text opened by the service's name). */
export const securityCodeLockoutTexts = Object.fromEntries(
  LANGUAGES.map((language) => {
    const words = lockoutWords[language];
    return [language, { ...words, sms: (minutes: number) => signed(language, words.text(minutes)) }];
  }),
) as Record<Language, LockoutText & { sms: (minutes: number) => string }>;

/** The SMS proving a phone set on the profile: not a sign-in code, and it says what it is for. */
const phoneConfirmationWords: Record<Language, (code: string, minutes: number) => string> = {
  fr: (code, minutes) =>
    `Code de confirmation de votre numéro : ${code} (valable ${minutes} min). Ne le communiquez à personne.`,
  en: (code, minutes) => `Code to confirm your phone number: ${code} (valid ${minutes} min). Never share it.`,
  ar: isolatedInArabic((code: string, minutes: number) => `رمز تأكيد رقم هاتفك: ${code} (صالح ${minutes} دقائق). لا تشاركه مع أي شخص.`),
  es: (code, minutes) =>
    `Código para confirmar tu número de teléfono: ${code} (válido ${minutes} min). No se lo des a nadie.`,
  it: (code, minutes) =>
    `Codice per confermare il tuo numero di telefono: ${code} (valido ${minutes} min). Non comunicarlo a nessuno.`,
  nl: (code, minutes) => `Code om je telefoonnummer te bevestigen: ${code} (${minutes} min geldig). Deel hem met niemand.`,
  de: (code, minutes) =>
    `Code zur Bestätigung Ihrer Telefonnummer: ${code} (${minutes} Min. gültig). Geben Sie ihn niemandem weiter.`,
};

export const phoneConfirmationTexts = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    (code: string, minutes: number) => signed(language, phoneConfirmationWords[language](code, minutes)),
  ]),
) as Record<Language, (code: string, minutes: number) => string>;
