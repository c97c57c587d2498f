import { isolatedInArabic } from '../../../common/i18n/bidi-isolate.ts';
import type { Language } from '../../../common/i18n/languages.ts';
import { signed } from '../../../common/i18n/service-name.ts';

/**
 * The e-mail that carries a receipt, in the payer's language; the words are GLOSSARY.md's (reçu,
 * receipt, إيصال, justificante, ricevuta, bewijs, Beleg) and its voice (tú, tu, je, Sie).
 */
export const receiptMailTexts: Record<Language, { subject: (ref: string) => string; body: (ref: string) => string }> = {
  fr: {
    subject: (ref) => signed('fr', `Votre reçu ${ref}`),
    body: (ref) =>
      `Bonjour,\n\nVotre transaction ${ref} est terminée. Vous trouverez son reçu en pièce jointe (PDF). Il reste disponible dans l’application, sur le détail de la transaction.\n\nL’équipe Sila`,
  },
  en: {
    subject: (ref) => signed('en', `Your receipt ${ref}`),
    body: (ref) =>
      `Hello,\n\nYour transaction ${ref} is complete. Its receipt is attached (PDF). You can also find it in the app, on the transaction’s detail.\n\nThe Sila team`,
  },
  ar: isolatedInArabic({
    subject: (ref) => signed('ar', `إيصالك ${ref}`),
    body: (ref) =>
      `مرحبًا،\n\nاكتملت معاملتك ${ref}. تجد إيصالها مرفقًا بهذه الرسالة (PDF). ويبقى متاحًا في التطبيق، في تفاصيل المعاملة.\n\nفريق Sila`,
  }),
  es: {
    subject: (ref) => signed('es', `Tu justificante ${ref}`),
    body: (ref) =>
      `Hola:\n\nTu operación ${ref} se ha completado. Adjuntamos su justificante (PDF). También lo tienes en la aplicación, en el detalle de la operación.\n\nEl equipo de Sila`,
  },
  it: {
    subject: (ref) => signed('it', `La tua ricevuta ${ref}`),
    body: (ref) =>
      `Ciao,\n\nla tua operazione ${ref} è completata. Trovi la ricevuta in allegato (PDF). È disponibile anche nell’app, nel dettaglio dell’operazione.\n\nIl team di Sila`,
  },
  nl: {
    subject: (ref) => signed('nl', `Je bewijs ${ref}`),
    body: (ref) =>
      `Hallo,\n\nJe transactie ${ref} is afgerond. Het bewijs zit in de bijlage (pdf). Je vindt het ook in de app, bij de details van de transactie.\n\nHet Sila-team`,
  },
  de: {
    subject: (ref) => signed('de', `Ihr Beleg ${ref}`),
    body: (ref) =>
      `Guten Tag,\n\nIhr Vorgang ${ref} ist abgeschlossen. Den Beleg finden Sie im Anhang (PDF). Sie finden ihn auch in der App, in den Details des Vorgangs.\n\nIhr Sila-Team`,
  },
};
