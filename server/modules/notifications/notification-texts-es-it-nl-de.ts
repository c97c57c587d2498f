import { accountTexts } from './notification-texts-account.ts';
import { payoutTexts } from './notification-texts-payouts.ts';
import { scheduleTexts } from './notification-texts-schedules.ts';
import {
  amountIn,
  isPickup,
  isWithdrawal,
  type NotificationTemplates,
  rateIn,
  type TransferParams,
} from './notification-params.ts';

/** The notifications' texts in the diaspora's languages, each amount in its language's own marks (Dutch 'MAD 150,00'). */

const amountEs = (p: TransferParams) => amountIn('es', p);
const amountIt = (p: TransferParams) => amountIn('it', p);
const amountNl = (p: TransferParams) => amountIn('nl', p);
const amountDe = (p: TransferParams) => amountIn('de', p);

export const es: NotificationTemplates = {
  money_received: (p) => ({
    title: 'Has recibido dinero',
    body: `${p.name} te ha enviado ${amountEs(p)}. Ya está en tu saldo.`,
  }),
  withdrawal_paid_out: (p) => ({
    title: 'Retirada cobrada',
    body: `Tu retirada de ${amountEs(p)} se ha pagado en la agencia ${p.name}.`,
  }),
  pickup_collected: (p) => ({
    title: 'Retirada en efectivo cobrada',
    body: `${p.name} ha retirado los ${amountEs(p)} que le enviaste.`,
  }),
  transfer_cancelled: (p) => ({
    title: isPickup(p) ? 'Retirada en efectivo cancelada' : isWithdrawal(p) ? 'Retirada cancelada' : 'Envío cancelado',
    body: isWithdrawal(p)
      ? `Tu retirada de ${amountEs(p)} se ha cancelado. El dinero ha vuelto a tu saldo.`
      : `Tu envío de ${amountEs(p)} a ${p.name} se ha cancelado. El dinero ha vuelto a tu saldo.`,
  }),
  transfer_refunded: (p) => ({
    title: 'Reembolsado',
    body: `Tu operación de ${amountEs(p)} (${p.name}) se ha reembolsado. El dinero ha vuelto a tu saldo.`,
  }),
  transfer_expired: (p) => ({
    title: isPickup(p) ? 'Retirada en efectivo caducada' : 'Plazo vencido',
    body: isWithdrawal(p)
      ? `Tu retirada de ${amountEs(p)} no se cobró a tiempo. El dinero ha vuelto a tu saldo.`
      : `${p.name} no recibió tus ${amountEs(p)} a tiempo. El dinero ha vuelto a tu saldo.`,
  }),
  transfer_on_hold: (p) => ({
    title: 'Operación en curso',
    body: `Tu operación de ${amountEs(p)} se está procesando. Puede tardar un poco más de lo habitual; te avisaremos en cuanto se complete.`,
  }),
  transfer_released: (p) => ({
    title: 'Operación procesada',
    body: `Tu operación de ${amountEs(p)} se ha procesado y sigue su curso.`,
  }),
  transfer_invited: (p) => ({
    title: 'Invitación enviada',
    body: `${p.name} aún no tiene cuenta: le hemos enviado una invitación para registrarse y recibir tus ${amountEs(p)}. Si no se registra a tiempo, el dinero volverá a tu saldo.`,
  }),
  transfer_expiring: (p) => ({
    title: 'Tu envío caduca pronto',
    body: `${p.name} aún no ha recibido tus ${amountEs(p)}. Si no se registra en los próximos días, el dinero volverá a tu saldo.`,
  }),
  transfer_claimed: (p) => ({
    title: 'Envío recibido',
    body: `${p.name} ha recibido tus ${amountEs(p)} en su cuenta.`,
  }),
  kyc_approved: () => ({
    title: 'Identidad verificada',
    body: 'Hemos aceptado tu documento de identidad. Tus límites han aumentado.',
  }),
  kyc_rejected: () => ({
    title: 'Documento de identidad rechazado',
    body: 'No hemos podido aceptar tu documento de identidad. Puedes enviar otro desde tu perfil.',
  }),
  rate_alert: (p) => ({
    title: 'Alerta de tipo de cambio alcanzada',
    body: `Tu tipo de cambio es ahora 1 EUR = ${rateIn('es', p.rate)} MAD: ha alcanzado tu alerta de ${rateIn('es', p.threshold)} MAD.`,
  }),
  ...scheduleTexts.es,
  ...payoutTexts.es,
  ...accountTexts.es,
  case_answered: (p) => ({
    title: 'Respuesta a tu solicitud de ayuda',
    body: `Hemos respondido a tu solicitud ${p.reference}. Lee la respuesta en la aplicación.`,
  }),
};

export const it: NotificationTemplates = {
  money_received: (p) => ({
    title: 'Hai ricevuto denaro',
    body: `${p.name} ti ha inviato ${amountIt(p)}. Sono già sul tuo saldo.`,
  }),
  withdrawal_paid_out: (p) => ({
    title: 'Prelievo effettuato',
    body: `Il tuo prelievo di ${amountIt(p)} è stato pagato presso l’agenzia ${p.name}.`,
  }),
  pickup_collected: (p) => ({
    title: 'Ritiro in contanti effettuato',
    body: `${p.name} ha ritirato i ${amountIt(p)} che gli hai inviato.`,
  }),
  transfer_cancelled: (p) => ({
    title: isPickup(p) ? 'Ritiro in contanti annullato' : isWithdrawal(p) ? 'Prelievo annullato' : 'Invio annullato',
    body: isWithdrawal(p)
      ? `Il tuo prelievo di ${amountIt(p)} è stato annullato. Il denaro è tornato sul tuo saldo.`
      : `Il tuo invio di ${amountIt(p)} a ${p.name} è stato annullato. Il denaro è tornato sul tuo saldo.`,
  }),
  transfer_refunded: (p) => ({
    title: 'Rimborsato',
    body: `La tua operazione di ${amountIt(p)} (${p.name}) è stata rimborsata. Il denaro è tornato sul tuo saldo.`,
  }),
  transfer_expired: (p) => ({
    title: isPickup(p) ? 'Ritiro in contanti scaduto' : 'Termine scaduto',
    body: isWithdrawal(p)
      ? `Il tuo prelievo di ${amountIt(p)} non è stato ritirato in tempo. Il denaro è tornato sul tuo saldo.`
      : `${p.name} non ha ricevuto i tuoi ${amountIt(p)} in tempo. Il denaro è tornato sul tuo saldo.`,
  }),
  transfer_on_hold: (p) => ({
    title: 'Operazione in corso',
    body: `La tua operazione di ${amountIt(p)} è in elaborazione. Può richiedere un po’ più del solito; ti avviseremo appena sarà completata.`,
  }),
  transfer_released: (p) => ({
    title: 'Operazione elaborata',
    body: `La tua operazione di ${amountIt(p)} è stata elaborata e prosegue.`,
  }),
  transfer_invited: (p) => ({
    title: 'Invito inviato',
    body: `${p.name} non ha ancora un conto: abbiamo inviato un invito a registrarsi per ricevere i tuoi ${amountIt(p)}. Se non si registra in tempo, il denaro tornerà sul tuo saldo.`,
  }),
  transfer_expiring: (p) => ({
    title: 'Il tuo invio scade presto',
    body: `${p.name} non ha ancora ricevuto i tuoi ${amountIt(p)}. Se non si registra nei prossimi giorni, il denaro tornerà sul tuo saldo.`,
  }),
  transfer_claimed: (p) => ({
    title: 'Invio ricevuto',
    body: `${p.name} ha ricevuto i tuoi ${amountIt(p)} sul suo conto.`,
  }),
  kyc_approved: () => ({
    title: 'Identità verificata',
    body: 'Il tuo documento d’identità è stato accettato. I tuoi limiti sono stati aumentati.',
  }),
  kyc_rejected: () => ({
    title: 'Documento d’identità rifiutato',
    body: 'Non abbiamo potuto accettare il tuo documento d’identità. Puoi inviarne uno nuovo dal tuo profilo.',
  }),
  rate_alert: (p) => ({
    title: 'Avviso di cambio raggiunto',
    body: `Il tuo tasso di cambio è ora 1 EUR = ${rateIn('it', p.rate)} MAD: ha raggiunto il tuo avviso a ${rateIn('it', p.threshold)} MAD.`,
  }),
  ...scheduleTexts.it,
  ...payoutTexts.it,
  ...accountTexts.it,
  case_answered: (p) => ({
    title: 'Risposta alla tua richiesta di aiuto',
    body: `Abbiamo risposto alla tua richiesta ${p.reference}. Leggi la risposta nell’app.`,
  }),
};

export const nl: NotificationTemplates = {
  money_received: (p) => ({
    title: 'Je hebt geld ontvangen',
    body: `${p.name} heeft je ${amountNl(p)} gestuurd. Het staat op je saldo.`,
  }),
  withdrawal_paid_out: (p) => ({
    title: 'Opname uitbetaald',
    body: `Je opname van ${amountNl(p)} is uitbetaald bij kantoor ${p.name}.`,
  }),
  pickup_collected: (p) => ({
    title: 'Contant afgehaald',
    body: `${p.name} heeft de ${amountNl(p)} afgehaald die je hebt gestuurd.`,
  }),
  transfer_cancelled: (p) => ({
    title: isPickup(p)
      ? 'Contante afhaling geannuleerd'
      : isWithdrawal(p)
        ? 'Opname geannuleerd'
        : 'Overboeking geannuleerd',
    body: isWithdrawal(p)
      ? `Je opname van ${amountNl(p)} is geannuleerd. Het geld staat weer op je saldo.`
      : `Je overboeking van ${amountNl(p)} naar ${p.name} is geannuleerd. Het geld staat weer op je saldo.`,
  }),
  transfer_refunded: (p) => ({
    title: 'Terugbetaald',
    body: `Je transactie van ${amountNl(p)} (${p.name}) is terugbetaald. Het geld staat weer op je saldo.`,
  }),
  transfer_expired: (p) => ({
    title: isPickup(p) ? 'Contante afhaling verlopen' : 'Termijn verlopen',
    body: isWithdrawal(p)
      ? `Je opname van ${amountNl(p)} is niet op tijd afgehaald. Het geld staat weer op je saldo.`
      : `${p.name} heeft je ${amountNl(p)} niet op tijd ontvangen. Het geld staat weer op je saldo.`,
  }),
  transfer_on_hold: (p) => ({
    title: 'Transactie in behandeling',
    body: `Je transactie van ${amountNl(p)} wordt verwerkt. Dit kan iets langer duren dan normaal; we laten het je weten zodra ze is afgerond.`,
  }),
  transfer_released: (p) => ({
    title: 'Transactie verwerkt',
    body: `Je transactie van ${amountNl(p)} is verwerkt en wordt uitgevoerd.`,
  }),
  transfer_invited: (p) => ({
    title: 'Uitnodiging verstuurd',
    body: `${p.name} heeft nog geen account: we hebben een uitnodiging gestuurd om zich aan te melden en je ${amountNl(p)} te ontvangen. Zonder aanmelding op tijd komt het geld terug op je saldo.`,
  }),
  transfer_expiring: (p) => ({
    title: 'Je overboeking verloopt binnenkort',
    body: `${p.name} heeft je ${amountNl(p)} nog niet ontvangen. Zonder aanmelding in de komende dagen komt het geld terug op je saldo.`,
  }),
  transfer_claimed: (p) => ({
    title: 'Overboeking ontvangen',
    body: `Je ${amountNl(p)} staat op het account van ${p.name}.`,
  }),
  kyc_approved: () => ({
    title: 'Identiteit geverifieerd',
    body: 'Je identiteitsbewijs is goedgekeurd. Je limieten zijn verhoogd.',
  }),
  kyc_rejected: () => ({
    title: 'Identiteitsbewijs afgewezen',
    body: 'We konden je identiteitsbewijs niet goedkeuren. Je kunt via je profiel een nieuw exemplaar sturen.',
  }),
  rate_alert: (p) => ({
    title: 'Koersalert bereikt',
    body: `Je koers is nu 1 EUR = ${rateIn('nl', p.rate)} MAD: je alert van ${rateIn('nl', p.threshold)} MAD is bereikt.`,
  }),
  ...scheduleTexts.nl,
  ...payoutTexts.nl,
  ...accountTexts.nl,
  case_answered: (p) => ({
    title: 'Antwoord op je hulpvraag',
    body: `We hebben je vraag ${p.reference} beantwoord. Lees het antwoord in de app.`,
  }),
};

export const de: NotificationTemplates = {
  money_received: (p) => ({
    title: 'Sie haben Geld erhalten',
    body: `${p.name} hat Ihnen ${amountDe(p)} gesendet. Der Betrag ist in Ihrem Guthaben.`,
  }),
  withdrawal_paid_out: (p) => ({
    title: 'Auszahlung erfolgt',
    body: `Ihre Auszahlung von ${amountDe(p)} wurde in der Filiale ${p.name} ausgezahlt.`,
  }),
  pickup_collected: (p) => ({
    title: 'Barauszahlung abgeholt',
    body: `${p.name} hat die ${amountDe(p)} abgeholt, die Sie gesendet haben.`,
  }),
  transfer_cancelled: (p) => ({
    title: isPickup(p) ? 'Barauszahlung storniert' : isWithdrawal(p) ? 'Auszahlung storniert' : 'Überweisung storniert',
    body: isWithdrawal(p)
      ? `Ihre Auszahlung von ${amountDe(p)} wurde storniert. Das Geld ist wieder in Ihrem Guthaben.`
      : `Ihre Überweisung von ${amountDe(p)} an ${p.name} wurde storniert. Das Geld ist wieder in Ihrem Guthaben.`,
  }),
  transfer_refunded: (p) => ({
    title: 'Erstattet',
    body: `Ihr Vorgang über ${amountDe(p)} (${p.name}) wurde erstattet. Das Geld ist wieder in Ihrem Guthaben.`,
  }),
  transfer_expired: (p) => ({
    title: isPickup(p) ? 'Barauszahlung abgelaufen' : 'Frist abgelaufen',
    body: isWithdrawal(p)
      ? `Ihre Auszahlung von ${amountDe(p)} wurde nicht rechtzeitig abgeholt. Das Geld ist wieder in Ihrem Guthaben.`
      : `${p.name} hat Ihre ${amountDe(p)} nicht rechtzeitig erhalten. Das Geld ist wieder in Ihrem Guthaben.`,
  }),
  transfer_on_hold: (p) => ({
    title: 'Vorgang in Bearbeitung',
    body: `Ihr Vorgang über ${amountDe(p)} wird bearbeitet. Das kann etwas länger dauern als üblich; wir benachrichtigen Sie, sobald er abgeschlossen ist.`,
  }),
  transfer_released: (p) => ({
    title: 'Vorgang bearbeitet',
    body: `Ihr Vorgang über ${amountDe(p)} wurde bearbeitet und wird ausgeführt.`,
  }),
  transfer_invited: (p) => ({
    title: 'Einladung gesendet',
    body: `${p.name} hat noch kein Konto: Wir haben eine Einladung geschickt, sich zu registrieren und Ihre ${amountDe(p)} zu empfangen. Ohne rechtzeitige Registrierung geht das Geld zurück in Ihr Guthaben.`,
  }),
  transfer_expiring: (p) => ({
    title: 'Ihre Überweisung läuft bald ab',
    body: `${p.name} hat Ihre ${amountDe(p)} noch nicht erhalten. Ohne Registrierung in den nächsten Tagen geht das Geld zurück in Ihr Guthaben.`,
  }),
  transfer_claimed: (p) => ({
    title: 'Überweisung empfangen',
    body: `Ihre ${amountDe(p)} sind auf dem Konto von ${p.name} eingegangen.`,
  }),
  kyc_approved: () => ({
    title: 'Identität bestätigt',
    body: 'Ihr Ausweis wurde akzeptiert. Ihre Limits wurden erhöht.',
  }),
  kyc_rejected: () => ({
    title: 'Ausweis abgelehnt',
    body: 'Ihr Ausweis konnte nicht akzeptiert werden. Sie können in Ihrem Profil einen neuen senden.',
  }),
  rate_alert: (p) => ({
    title: 'Kursalarm erreicht',
    body: `Ihr Kurs liegt jetzt bei 1 EUR = ${rateIn('de', p.rate)} MAD und hat Ihren Alarm bei ${rateIn('de', p.threshold)} MAD erreicht.`,
  }),
  ...scheduleTexts.de,
  ...payoutTexts.de,
  ...accountTexts.de,
  case_answered: (p) => ({
    title: 'Antwort auf Ihre Hilfeanfrage',
    body: `Wir haben auf Ihre Anfrage ${p.reference} geantwortet. Lesen Sie die Antwort in der App.`,
  }),
};
