import type { Language } from '../../../common/i18n/languages.ts';

/**
 * What the user receives, in the language they chose on the login screen (fr, en, ar). Plain text: no HTML to
 * sanitise, and it reads the same in every mail client and on any phone.
 */
interface LoginCodeText {
  subject: string;
  mail: (code: string, minutes: number) => string;
  sms: (code: string, minutes: number) => string;
}

export const loginCodeTexts: Record<Language, LoginCodeText> = {
  fr: {
    subject: 'Votre code de connexion',
    mail: (code, minutes) =>
      `Bonjour,\n\nVotre code de connexion est ${code}. Il est valable ${minutes} minutes.\n\n` +
      `Ne le communiquez à personne : nous ne vous le demanderons jamais.\n` +
      `Si vous n'avez pas demandé ce code, ignorez ce message.`,
    sms: (code, minutes) => `Votre code de connexion : ${code} (valable ${minutes} min). Ne le communiquez à personne.`,
  },
  en: {
    subject: 'Your sign-in code',
    mail: (code, minutes) =>
      `Hello,\n\nYour sign-in code is ${code}. It is valid for ${minutes} minutes.\n\n` +
      `Never share it: we will never ask you for it.\nIf you did not ask for this code, ignore this message.`,
    sms: (code, minutes) => `Your sign-in code: ${code} (valid ${minutes} min). Never share it.`,
  },
  ar: {
    subject: 'رمز تسجيل الدخول الخاص بك',
    mail: (code, minutes) =>
      `مرحبًا،\n\nرمز تسجيل الدخول الخاص بك هو ${code}. وهو صالح لمدة ${minutes} دقائق.\n\n` +
      `لا تشاركه مع أي شخص: لن نطلبه منك أبدًا.\nإذا لم تطلب هذا الرمز، فتجاهل هذه الرسالة.`,
    sms: (code, minutes) => `رمز تسجيل الدخول: ${code} (صالح ${minutes} دقائق). لا تشاركه مع أي شخص.`,
  },
};

interface ConfirmEmailText {
  subject: string;
  mail: (link: string) => string;
}

export const confirmEmailTexts: Record<Language, ConfirmEmailText> = {
  fr: {
    subject: 'Confirmez votre adresse e-mail',
    mail: (link) =>
      `Bonjour,\n\nConfirmez votre adresse e-mail en ouvrant ce lien :\n${link}\n\n` +
      `Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.`,
  },
  en: {
    subject: 'Confirm your e-mail address',
    mail: (link) =>
      `Hello,\n\nConfirm your e-mail address by opening this link:\n${link}\n\n` +
      `If you did not ask for this, ignore this message.`,
  },
  ar: {
    subject: 'أكّد عنوان بريدك الإلكتروني',
    mail: (link) =>
      `مرحبًا،\n\nأكّد عنوان بريدك الإلكتروني بفتح هذا الرابط:\n${link}\n\nإذا لم تطلب ذلك، فتجاهل هذه الرسالة.`,
  },
};

interface LockoutText {
  subject: string;
  text: (minutes: number) => string;
}

export const securityCodeLockoutTexts: Record<Language, LockoutText> = {
  fr: {
    subject: 'Code de sécurité bloqué',
    text: (minutes) =>
      `Trop de codes de sécurité erronés ont été saisis sur votre compte. Les opérations sont bloquées pendant ` +
      `${minutes} minutes. Si ce n'était pas vous, contactez-nous.`,
  },
  en: {
    subject: 'Security code locked',
    text: (minutes) =>
      `Too many wrong security codes were entered on your account. Money movements are blocked for ${minutes} ` +
      `minutes. If this was not you, contact us.`,
  },
  ar: {
    subject: 'تم قفل رمز الأمان',
    text: (minutes) =>
      `تم إدخال عدد كبير من رموز الأمان الخاطئة في حسابك. العمليات المالية موقوفة لمدة ${minutes} دقيقة. ` +
      `إذا لم تكن أنت، فاتصل بنا.`,
  },
};
