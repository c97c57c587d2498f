import { isolatedInArabic, nameIn } from '../../../common/i18n/bidi-isolate.ts';
import type { Language } from '../../../common/i18n/languages.ts';
import { signed } from '../../../common/i18n/service-name.ts';

/**
 * What an account recovery sends outside the app, in the language the requester chose: to the old sign-in
 * identifier once it was replaced (the warning a takeover cannot silence), and to the new one when the review
 * decided. Plain text, as every mail and SMS of the service.
 */
interface RecoveryTexts {
  changedSubject: string;
  changed: (identifier: string) => string;
  approvedSubject: string;
  approved: string;
  refusedSubject: string;
  refused: string;
}

export const recoveryTexts: Record<Language, RecoveryTexts> = {
  fr: {
    changedSubject: signed('fr', 'Votre identifiant de connexion a changé'),
    changed: (identifier) =>
      `Votre connexion Sila se fait désormais avec ${identifier}. Si ce n’est pas vous, répondez à ce message : nous bloquerons le compte.`,
    approvedSubject: signed('fr', 'Vous pouvez à nouveau vous connecter'),
    approved:
      'Votre demande de récupération est acceptée : connectez-vous avec votre nouvel identifiant et choisissez un nouveau code de sécurité.',
    refusedSubject: signed('fr', 'Votre demande de récupération est refusée'),
    refused: "Votre demande de récupération est refusée : rien n’a changé sur le compte.",
  },
  en: {
    changedSubject: signed('en', 'Your sign-in was changed'),
    changed: (identifier) =>
      `Your Sila sign-in is now ${identifier}. If it was not you, answer this message: we will block the account.`,
    approvedSubject: signed('en', 'You can sign in again'),
    approved: 'Your recovery request is approved: sign in with your new identifier and choose a new security code.',
    refusedSubject: signed('en', 'Your recovery request is refused'),
    refused: 'Your recovery request is refused: nothing changed on the account.',
  },
  ar: isolatedInArabic({
    changedSubject: signed('ar', 'تم تغيير معرف تسجيل الدخول'),
    changed: (identifier: string) =>
      `أصبح تسجيل دخولك إلى Sila يتم الآن بـ ${nameIn('ar', identifier)}. إذا لم تكن أنت، فأجب على هذه الرسالة: سنوقف الحساب.`,
    approvedSubject: signed('ar', 'يمكنك تسجيل الدخول من جديد'),
    approved: 'تم قبول طلب الاسترجاع: سجّل الدخول بمعرفك الجديد واختر رمز أمان جديدًا.',
    refusedSubject: signed('ar', 'تم رفض طلب الاسترجاع'),
    refused: 'تم رفض طلب الاسترجاع: لم يتغير شيء في الحساب.',
  }),
  es: {
    changedSubject: signed('es', 'Tu acceso ha cambiado'),
    changed: (identifier) =>
      `Ahora accedes a Sila con ${identifier}. Si no has sido tú, responde a este mensaje: bloquearemos la cuenta.`,
    approvedSubject: signed('es', 'Puedes volver a acceder'),
    approved:
      'Tu solicitud de recuperación está aceptada: accede con tu nuevo identificador y elige un nuevo código de seguridad.',
    refusedSubject: signed('es', 'Tu solicitud de recuperación ha sido rechazada'),
    refused: 'Tu solicitud de recuperación ha sido rechazada: nada ha cambiado en la cuenta.',
  },
  it: {
    changedSubject: signed('it', 'Il tuo accesso è cambiato'),
    changed: (identifier) =>
      `Ora accedi a Sila con ${identifier}. Se non sei stato tu, rispondi a questo messaggio: bloccheremo il conto.`,
    approvedSubject: signed('it', 'Puoi accedere di nuovo'),
    approved:
      'La tua richiesta di recupero è accettata: accedi con il nuovo identificativo e scegli un nuovo codice di sicurezza.',
    refusedSubject: signed('it', 'La tua richiesta di recupero è stata rifiutata'),
    refused: 'La tua richiesta di recupero è stata rifiutata: nulla è cambiato sul conto.',
  },
  nl: {
    changedSubject: signed('nl', 'Je inloggegevens zijn gewijzigd'),
    changed: (identifier) =>
      `Je logt nu bij Sila in met ${identifier}. Was jij dit niet? Beantwoord dit bericht: we blokkeren het account.`,
    approvedSubject: signed('nl', 'Je kunt weer inloggen'),
    approved: 'Je herstelverzoek is goedgekeurd: log in met je nieuwe gegevens en kies een nieuwe beveiligingscode.',
    refusedSubject: signed('nl', 'Je herstelverzoek is afgewezen'),
    refused: 'Je herstelverzoek is afgewezen: er is niets aan het account veranderd.',
  },
  de: {
    changedSubject: signed('de', 'Ihre Anmeldung wurde geändert'),
    changed: (identifier) =>
      `Sie melden sich bei Sila jetzt mit ${identifier} an. Waren Sie das nicht? Antworten Sie auf diese Nachricht: Wir sperren das Konto.`,
    approvedSubject: signed('de', 'Sie können sich wieder anmelden'),
    approved:
      'Ihre Wiederherstellung ist genehmigt: Melden Sie sich mit Ihrer neuen Kennung an und wählen Sie einen neuen Sicherheitscode.',
    refusedSubject: signed('de', 'Ihre Wiederherstellung wurde abgelehnt'),
    refused: 'Ihre Wiederherstellung wurde abgelehnt: Am Konto hat sich nichts geändert.',
  },
};
