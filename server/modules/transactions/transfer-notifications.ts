import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../common/i18n/languages.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { getUser } from '../users/users.service.ts';

/** What a user receives when money arrives or a withdrawal is paid out, in their language. Plain text. */
interface Texts {
  subject: string;
  text: string;
}

type Event =
  | { kind: 'received'; amount: string; from: string }
  | { kind: 'paid_out'; amount: string; agency: string }
  | PickupEvent;

/** A cash pickup the user sent (issue 17): collected at an agency, cancelled, or back after its expiry. */
type PickupEvent = { kind: 'pickup_collected' | 'pickup_cancelled' | 'pickup_expired'; amount: string; name: string };

const pickupTemplates: Record<Language, (e: PickupEvent) => Texts> = {
  fr: (e) =>
    ({
      pickup_collected: {
        subject: 'Retrait en espèces effectué',
        text: `${e.name} a retiré les ${e.amount} MAD que vous lui avez envoyés.`,
      },
      pickup_cancelled: {
        subject: 'Retrait en espèces annulé',
        text: `Votre envoi de ${e.amount} MAD à ${e.name} est annulé. L’argent est revenu sur votre solde.`,
      },
      pickup_expired: {
        subject: 'Retrait en espèces expiré',
        text: `${e.name} n’a pas retiré vos ${e.amount} MAD à temps. L’argent est revenu sur votre solde.`,
      },
    })[e.kind],
  en: (e) =>
    ({
      pickup_collected: { subject: 'Cash pickup collected', text: `${e.name} collected the ${e.amount} MAD you sent.` },
      pickup_cancelled: {
        subject: 'Cash pickup cancelled',
        text: `Your ${e.amount} MAD to ${e.name} is cancelled. The money is back in your balance.`,
      },
      pickup_expired: {
        subject: 'Cash pickup expired',
        text: `${e.name} did not collect your ${e.amount} MAD in time. The money is back in your balance.`,
      },
    })[e.kind],
  ar: (e) =>
    ({
      pickup_collected: { subject: 'تم السحب النقدي', text: `سحب ${e.name} مبلغ ${e.amount} درهم الذي أرسلته.` },
      pickup_cancelled: {
        subject: 'تم إلغاء السحب النقدي',
        text: `تم إلغاء إرسالك بقيمة ${e.amount} درهم إلى ${e.name}. عاد المبلغ إلى رصيدك.`,
      },
      pickup_expired: {
        subject: 'انتهت صلاحية السحب النقدي',
        text: `لم يسحب ${e.name} مبلغ ${e.amount} درهم في الوقت المحدد. عاد المبلغ إلى رصيدك.`,
      },
    })[e.kind],
};

const templates: Record<Language, (e: Exclude<Event, PickupEvent>) => Texts> = {
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
    const language = isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE;
    const texts = 'name' in event ? pickupTemplates[language](event) : templates[language](event);
    if (user.email && user.email_verified_at)
      await deps.mail.send({ to: user.email, subject: texts.subject, text: texts.text });
    else if (user.phone_number && user.phone_auth)
      await deps.sms.send({ to: user.phone_number, body: `${texts.subject}. ${texts.text}` });
  } catch {
    // The history shows the transaction anyway; nothing to undo.
  }
}
