import type { Language } from '../../../common/i18n/languages.ts';
import { amountIn, type NotificationTemplates } from './notification-params.ts';

/**
 * The account's own notices in every language: money added by card (the receipt goes by e-mail, this is what the
 * app shows), and a recovery approved (the mail or SMS went to the identifiers; this greets the owner at their
 * next sign-in). The languages' template sets spread these in.
 */

type AccountKinds = 'topup_completed' | 'recovery_approved';
type AccountTemplates = Pick<NotificationTemplates, AccountKinds>;

interface Words {
  topUpTitle: string;
  /** The dirhams credited and the euros charged to the card, both already written in the language. */
  topUp: (credited: string, charged: string) => string;
  recoveredTitle: string;
  recovered: (kind: 'email' | 'phone') => string;
}

const words: Record<Language, Words> = {
  fr: {
    topUpTitle: 'Argent ajouté',
    topUp: (c, e) => `+${c} ajoutés à votre solde : ${e} débités de votre carte, frais compris.`,
    recoveredTitle: 'Accès à votre compte rétabli',
    recovered: (kind) =>
      `Votre demande de récupération est acceptée : vous vous connectez désormais avec votre nouveau ${kind === 'email' ? 'e-mail' : 'numéro de téléphone'}. Choisissez un nouveau code de sécurité avant votre prochain envoi.`,
  },
  en: {
    topUpTitle: 'Money added',
    topUp: (c, e) => `+${c} added to your balance: ${e} charged to your card, fees included.`,
    recoveredTitle: 'Your account is back',
    recovered: (kind) =>
      `Your recovery request was approved: you now sign in with your new ${kind === 'email' ? 'e-mail address' : 'phone number'}. Set a new security code before your next transfer.`,
  },
  ar: {
    topUpTitle: 'تمت إضافة المال',
    topUp: (c, e) => `أُضيف ${c} إلى رصيدك: خُصم ${e} من بطاقتك، شاملًا الرسوم.`,
    recoveredTitle: 'استعدت الوصول إلى حسابك',
    recovered: (kind) =>
      `تم قبول طلب استعادة حسابك: أصبحت تسجّل الدخول الآن ${kind === 'email' ? 'ببريدك الإلكتروني الجديد' : 'برقم هاتفك الجديد'}. اختر رمز أمان جديدًا قبل تحويلك القادم.`,
  },
  es: {
    topUpTitle: 'Dinero añadido',
    topUp: (c, e) => `+${c} añadidos a tu saldo: ${e} cargados en tu tarjeta, comisiones incluidas.`,
    recoveredTitle: 'Has recuperado tu cuenta',
    recovered: (kind) =>
      `Tu solicitud de recuperación ha sido aceptada: ahora inicias sesión con tu nuevo ${kind === 'email' ? 'correo electrónico' : 'número de teléfono'}. Elige un nuevo código de seguridad antes de tu próximo envío.`,
  },
  it: {
    topUpTitle: 'Denaro aggiunto',
    topUp: (c, e) => `+${c} aggiunti al tuo saldo: ${e} addebitati sulla tua carta, commissioni incluse.`,
    recoveredTitle: 'Hai recuperato il tuo account',
    recovered: (kind) =>
      `La tua richiesta di recupero è stata accettata: ora accedi con il tuo nuovo ${kind === 'email' ? 'indirizzo e-mail' : 'numero di telefono'}. Scegli un nuovo codice di sicurezza prima del tuo prossimo invio.`,
  },
  nl: {
    topUpTitle: 'Geld toegevoegd',
    topUp: (c, e) => `+${c} toegevoegd aan je saldo: ${e} afgeschreven van je kaart, kosten inbegrepen.`,
    recoveredTitle: 'Je account is hersteld',
    recovered: (kind) =>
      `Je herstelverzoek is goedgekeurd: je logt nu in met je nieuwe ${kind === 'email' ? 'e-mailadres' : 'telefoonnummer'}. Kies een nieuwe beveiligingscode voor je volgende overboeking.`,
  },
  de: {
    topUpTitle: 'Geld hinzugefügt',
    topUp: (c, e) => `+${c} wurden Ihrem Guthaben gutgeschrieben: ${e} von Ihrer Karte abgebucht, Gebühren inbegriffen.`,
    recoveredTitle: 'Ihr Konto ist wiederhergestellt',
    recovered: (kind) =>
      `Ihre Anfrage zur Wiederherstellung wurde angenommen: Sie melden sich jetzt mit Ihrer neuen ${kind === 'email' ? 'E-Mail-Adresse' : 'Telefonnummer'} an. Legen Sie vor Ihrer nächsten Überweisung einen neuen Sicherheitscode fest.`,
  },
};

function templates(language: Language): AccountTemplates {
  const w = words[language];
  return {
    topup_completed: (p) => ({
      title: w.topUpTitle,
      body: w.topUp(amountIn(language, p), amountIn(language, { amount: p.charged, currency: 'EUR' })),
    }),
    recovery_approved: (p) => ({
      title: w.recoveredTitle,
      body: w.recovered(p.identifier_kind === 'email' ? 'email' : 'phone'),
    }),
  };
}

export const accountTexts: Record<Language, AccountTemplates> = {
  fr: templates('fr'),
  en: templates('en'),
  ar: templates('ar'),
  es: templates('es'),
  it: templates('it'),
  nl: templates('nl'),
  de: templates('de'),
};
