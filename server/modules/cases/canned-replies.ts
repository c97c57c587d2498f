import type { CaseKind } from '../../../common/api/cases.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../common/i18n/languages.ts';

/**
 * Ready answers an operator starts from, in the customer's language: the operator edits one before it is sent,
 * so a reply never goes out as a template by a single click. Kept short and free of anything about a compliance
 * hold: an operator who must say a transfer is held for review writes that in their own words, if at all.
 */
type Texts = Record<Language, string>;

// The customer's screens say 'tu' in Spanish and Italian and 'je' in Dutch, 'vous' and 'Sie' in French and German:
// the answers speak as the app does.
const looking: Texts = {
  fr: 'Bonjour, merci pour votre message. Nous examinons votre demande et revenons vers vous au plus vite.',
  en: 'Hello, thank you for your message. We are looking into your request and will come back to you shortly.',
  ar: 'مرحبًا، شكرًا على رسالتك. نحن ندرس طلبك وسنعود إليك في أقرب وقت.',
  es: 'Hola, gracias por tu mensaje. Estamos revisando tu solicitud y te responderemos lo antes posible.',
  it: 'Ciao, grazie per il tuo messaggio. Stiamo esaminando la tua richiesta e ti risponderemo al più presto.',
  nl: 'Hallo, bedankt voor je bericht. We bekijken je hulpvraag en komen zo snel mogelijk bij je terug.',
  de: 'Guten Tag, danke für Ihre Nachricht. Wir prüfen Ihr Anliegen und melden uns so schnell wie möglich.',
};

const byKind: Record<CaseKind, Texts> = {
  not_received: {
    fr: 'Votre transfert est en cours de vérification auprès de notre partenaire de paiement. Nous vous tenons informé dès que nous avons une réponse.',
    en: 'We are checking your transfer with our payment partner. We will let you know as soon as we hear back.',
    ar: 'نحن نتحقق من تحويلك لدى شريكنا في الدفع. سنخبرك فور تلقي الرد.',
    es: 'Estamos verificando tu transferencia con nuestro socio de pagos. Te informaremos en cuanto tengamos respuesta.',
    it: 'Stiamo verificando il tuo trasferimento con il nostro partner di pagamento. Ti informeremo appena avremo una risposta.',
    nl: 'We controleren je overboeking bij onze betaalpartner. We laten het je weten zodra we antwoord hebben.',
    de: 'Wir prüfen Ihre Überweisung bei unserem Zahlungspartner. Wir melden uns, sobald wir eine Antwort haben.',
  },
  wrong_details: {
    fr: 'Pouvez-vous nous indiquer le nom et le numéro corrects du bénéficiaire, ou le montant attendu ? Nous vérifions ce qui peut être corrigé.',
    en: 'Could you tell us the correct name and number of the recipient, or the amount you expected? We will check what can be corrected.',
    ar: 'هل يمكنك إخبارنا بالاسم والرقم الصحيحين للمستفيد، أو المبلغ المتوقع؟ سنتحقق مما يمكن تصحيحه.',
    es: '¿Puedes indicarnos el nombre y el número correctos del beneficiario, o el importe esperado? Comprobaremos qué se puede corregir.',
    it: 'Puoi indicarci il nome e il numero corretti del beneficiario, o l’importo atteso? Verificheremo cosa si può correggere.',
    nl: 'Kun je ons de juiste naam en het juiste nummer van de ontvanger geven, of het verwachte bedrag? We kijken wat er gecorrigeerd kan worden.',
    de: 'Können Sie uns den richtigen Namen und die Nummer des Empfängers oder den erwarteten Betrag nennen? Wir prüfen, was korrigiert werden kann.',
  },
  cannot_collect: {
    fr: 'Le bénéficiaire doit présenter la référence du retrait et une pièce d’identité valide à l’agence. Dites-nous quelle agence a refusé le retrait et pourquoi.',
    en: 'The recipient needs the withdrawal reference and a valid ID at the agency. Tell us which agency refused the pickup and why.',
    ar: 'يلزم تقديم مرجع السحب وبطاقة هوية سارية في الوكالة. أخبرنا أي وكالة رفضت السحب ولماذا.',
    es: 'El beneficiario necesita la referencia de retiro y un documento de identidad válido en la agencia. Dinos qué agencia rechazó el retiro y por qué.',
    it: 'Il beneficiario deve presentare in agenzia il riferimento del ritiro e un documento d’identità valido. Dicci quale agenzia ha rifiutato il ritiro e perché.',
    nl: 'De ontvanger heeft bij het agentschap de ophaalreferentie en een geldig identiteitsbewijs nodig. Laat ons weten welk agentschap de ophaling weigerde en waarom.',
    de: 'Die empfangende Person braucht in der Filiale die Abholreferenz und einen gültigen Ausweis. Teilen Sie uns mit, welche Filiale die Auszahlung abgelehnt hat und warum.',
  },
  not_credited: {
    fr: 'Pouvez-vous joindre votre relevé bancaire montrant le débit ? Nous le rapprochons de nos encaissements.',
    en: 'Could you attach your bank statement showing the debit? We will match it against the payments we received.',
    ar: 'هل يمكنك إرفاق كشف حسابك البنكي الذي يظهر الخصم؟ سنطابقه مع المبالغ التي استلمناها.',
    es: '¿Puedes adjuntar tu extracto bancario con el cargo? Lo cotejaremos con los pagos recibidos.',
    it: 'Puoi allegare l’estratto conto che mostra l’addebito? Lo confronteremo con i pagamenti ricevuti.',
    nl: 'Kun je je bankafschrift met de afschrijving bijvoegen? We vergelijken het met de betalingen die we ontvingen.',
    de: 'Können Sie Ihren Kontoauszug mit der Abbuchung anhängen? Wir gleichen ihn mit unseren Zahlungseingängen ab.',
  },
  account: {
    fr: 'Pour votre sécurité, nous ne modifions jamais un compte sur simple message. Utilisez « Code oublié » à la connexion ; si cela échoue, dites-nous à quelle étape.',
    en: 'For your safety, we never change an account from a message alone. Use “Forgot code” when signing in; if it fails, tell us at which step.',
    ar: 'حفاظًا على أمانك، لا نعدّل أي حساب بناءً على رسالة فقط. استخدم «نسيت الرمز» عند تسجيل الدخول؛ وإن لم ينجح، أخبرنا في أي خطوة.',
    es: 'Por tu seguridad, nunca modificamos una cuenta solo por un mensaje. Usa «He olvidado el código» al iniciar sesión; si falla, dinos en qué paso.',
    it: 'Per la tua sicurezza, non modifichiamo mai un conto solo tramite un messaggio. Usa «Codice dimenticato» all’accesso; se non funziona, dicci a quale passaggio.',
    nl: 'Voor je veiligheid wijzigen we nooit een account op basis van alleen een bericht. Gebruik ‘Code vergeten’ bij het inloggen; lukt dat niet, vertel ons bij welke stap.',
    de: 'Zu Ihrer Sicherheit ändern wir ein Konto nie allein auf eine Nachricht hin. Nutzen Sie bei der Anmeldung „Code vergessen“; wenn das nicht klappt, sagen Sie uns, bei welchem Schritt.',
  },
  other: {
    fr: 'Pouvez-vous nous donner un peu plus de détails (date, montant, capture d’écran) ? Cela nous aidera à vous répondre.',
    en: 'Could you give us a few more details (date, amount, a screenshot)? It will help us answer you.',
    ar: 'هل يمكنك تزويدنا بمزيد من التفاصيل (التاريخ، المبلغ، لقطة شاشة)؟ سيساعدنا ذلك على الرد عليك.',
    es: '¿Puedes darnos algunos detalles más (fecha, importe, una captura de pantalla)? Nos ayudará a responderte.',
    it: 'Puoi darci qualche dettaglio in più (data, importo, uno screenshot)? Ci aiuterà a risponderti.',
    nl: 'Kun je ons wat meer details geven (datum, bedrag, een schermafbeelding)? Dat helpt ons je te antwoorden.',
    de: 'Können Sie uns ein paar Details mehr geben (Datum, Betrag, ein Bildschirmfoto)? Das hilft uns bei der Antwort.',
  },
};

const solved: Texts = {
  fr: 'Votre demande est traitée. Si le problème revient dans les 14 jours, répondez simplement ici.',
  en: 'Your request has been handled. If the problem comes back within 14 days, simply reply here.',
  ar: 'تمت معالجة طلبك. إذا عادت المشكلة خلال 14 يومًا، فما عليك سوى الرد هنا.',
  es: 'Tu solicitud ha sido atendida. Si el problema vuelve en los próximos 14 días, simplemente responde aquí.',
  it: 'La tua richiesta è stata gestita. Se il problema si ripresenta entro 14 giorni, rispondi semplicemente qui.',
  nl: 'Je hulpvraag is afgehandeld. Komt het probleem binnen 14 dagen terug, antwoord dan gewoon hier.',
  de: 'Ihr Anliegen ist erledigt. Tritt das Problem innerhalb von 14 Tagen wieder auf, antworten Sie einfach hier.',
};

/** The ready answers of a kind of case in a language (French when the customer's is none of ours). */
export function cannedReplies(kind: CaseKind, language: string): { id: string; text: string }[] {
  const lang: Language = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  return [
    { id: 'looking', text: looking[lang] },
    { id: kind, text: byKind[kind][lang] },
    { id: 'solved', text: solved[lang] },
  ];
}
