import { describe, expect, it } from 'vitest';
import ar from './ar.json';
import { leaves, type Tree } from './catalogue-lint';
import de from './de.json';
import fr from './fr.json';

/**
 * The person who receives the money may be a woman: the strings that speak of them say 'votre proche', 'la
 * personne', 'die empfangende Person', or use a passive, never a masculine pronoun or agreement ('il recevra',
 * 'sobald er', 'يفتح حسابًا').
 */
const aboutRecipient =
  /^(transactions\.summary|success\.sent|pickups\.|payouts\.(choice|errors\.underReview|toBank)|timeline\.steps\.(unclaimed|claimed|collected)|transactions\.(unclaimed|underReviewExplain))/;

const masculine: Record<'fr' | 'de' | 'ar', RegExp> = {
  fr: /(?<!\p{L})(il|Il|ils|lui-même|s’il|qu’il|prévenu|inscrit|informé)(?!\p{L})|[Ll]e (bénéficiaire|destinataire) (reçoit|recevra|l’a|a reçu|peut)/u,
  de: /(?<!\p{L})(er|Er|ihm|sein|seine|seinem|seinen|seiner|seines|Der Empfänger|der Empfänger|des Empfängers)(?!\p{L})/u,
  // A verb of the third person masculine, or 'his', said of the recipient.
  ar: /(يفتح|يستلم|يتلقى|يقدّم|لديه|محفظته|حسابه|باسمه|يمكنه|سينتظره|استلمها المستفيد|تلقى المستفيد)/u,
};

/** The texts of `tree` under the keys `scope` matches that say what `pattern` finds. */
const offending = (tree: Tree, scope: RegExp, pattern: RegExp) =>
  leaves(tree)
    .filter(([path, text]) => scope.test(path) && pattern.test(text))
    .map(([path, text]) => `${path}: ${text}`);

describe('the recipient in neutral words', () => {
  it('in French', () => expect(offending(fr, aboutRecipient, masculine.fr)).toEqual([]));
  it('in German', () => expect(offending(de, aboutRecipient, masculine.de)).toEqual([]));
  it('in Arabic', () => expect(offending(ar, aboutRecipient, masculine.ar)).toEqual([]));
});

/**
 * The teller's screens speak of the person at the counter, who may be a man or a woman: no pronoun that says
 * which ('la référence qu’il vous lit', 'die er vorliest', 'von seinem Telefon').
 */
const atCounter =
  /^(withdraw\.(description|noCamera|check|lookup|otherAgency)|transactions\.tellerPending|home\.bankerIntro)/;

const pronoun: Record<'fr' | 'de', RegExp> = {
  fr: /(?<!\p{L})(il|Il|s’il|qu’il|lui)(?!\p{L})/u,
  de: /(?<!\p{L})(er|Er|ihm|sein|seine|seinem|seinen|seiner|seines)(?!\p{L})/u,
};

describe('the customer at the counter, in words that fit anyone', () => {
  it('in French', () => expect(offending(fr, atCounter, pronoun.fr)).toEqual([]));
  it('in German', () => expect(offending(de, atCounter, pronoun.de)).toEqual([]));
});
