import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../common/i18n/languages.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { getUser } from '../users/users.service.ts';

/** What a user receives when money arrives or a withdrawal is paid out, in their language. Plain text. */
interface Texts {
  subject: string;
  text: string;
}

type Event = { kind: 'received'; amount: string; from: string } | { kind: 'paid_out'; amount: string; agency: string };

const templates: Record<Language, (e: Event) => Texts> = {
  fr: (e) =>
    e.kind === 'received'
      ? {
          subject: 'Vous avez reçu de l’argent',
          text: `${e.from} vous a envoyé ${e.amount} MAD. Ils sont sur votre solde.`,
        }
      : { subject: 'Retrait effectué', text: `Votre retrait de ${e.amount} MAD a été remis à l’agence ${e.agency}.` },
  en: (e) =>
    e.kind === 'received'
      ? { subject: 'You received money', text: `${e.from} sent you ${e.amount} MAD. It is in your balance.` }
      : { subject: 'Withdrawal paid out', text: `Your withdrawal of ${e.amount} MAD was paid out at ${e.agency}.` },
  ar: (e) =>
    e.kind === 'received'
      ? { subject: 'لقد تلقيت أموالاً', text: `أرسل لك ${e.from} مبلغ ${e.amount} درهم. المبلغ في رصيدك.` }
      : { subject: 'تم السحب', text: `تم صرف سحبك بقيمة ${e.amount} درهم في وكالة ${e.agency}.` },
};

/**
 * Best effort, after the money committed: a mail or SMS outage must not turn a done transfer into an error. By
 * e-mail when the user proved one, else by SMS to the phone they sign in with.
 */
export async function notifyUser(deps: ServiceDeps, userId: string, event: Event): Promise<void> {
  try {
    const user = await getUser(deps.db, userId);
    if (!user) return;
    const texts = templates[isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE](event);
    if (user.email && user.email_verified_at)
      await deps.mail.send({ to: user.email, subject: texts.subject, text: texts.text });
    else if (user.phone_number && user.phone_auth)
      await deps.sms.send({ to: user.phone_number, body: `${texts.subject}. ${texts.text}` });
  } catch {
    // The history shows the transaction anyway; nothing to undo.
  }
}
