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
const aboutRecipient = /^(transactions\.summary|success\.sent|pickups\.|payouts\.(choice|errors\.underReview|toBank)|timeline\.steps\.(unclaimed|claimed|collected)|transactions\.(unclaimed|underReviewExplain))/;

const masculine: Record<'fr' | 'de' | 'ar', RegExp> = {
  fr: /(?<!\p{L})(il|Il|ils|lui-même|s’il|qu’il|prévenu|inscrit|informé)(?!\p{L})|[Ll]e (bénéficiaire|destinataire) (reçoit|recevra|l’a|a reçu|peut)/u,
  de: /(?<!\p{L})(er|Er|ihm|sein|seine|seinem|seinen|seiner|seines|Der Empfänger|der Empfänger|des Empfängers)(?!\p{L})/u,
  // A verb of the third person masculine, or 'his', said of the recipient.
  ar: /(يفتح|يستلم|يتلقى|يقدّم|لديه|محفظته|حسابه|باسمه|يمكنه|سينتظره|استلمها المستفيد|تلقى المستفيد)/u,
};

const offending = (tree: Tree, pattern: RegExp) =>
  leaves(tree)
    .filter(([path, text]) => aboutRecipient.test(path) && pattern.test(text))
    .map(([path, text]) => `${path}: ${text}`);

describe('the recipient in neutral words', () => {
  it('in French', () => expect(offending(fr, masculine.fr)).toEqual([]));
  it('in German', () => expect(offending(de, masculine.de)).toEqual([]));
  it('in Arabic', () => expect(offending(ar, masculine.ar)).toEqual([]));
});
