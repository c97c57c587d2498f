import { applyLanguage, i18n } from '../i18n/i18n';
import { describe, expect, it } from 'vitest';
import { genericMessages, beingPaidOutMessage, withdrawalMessages } from '../../common/api/messages';
import { ApiError } from '../shared/api/api-error';
import { fieldErrorText, translateServerMessage } from './server-messages';

describe('server messages in the user language', () => {
  it('translates a known server message by its exact text, and an unknown one as the generic error', () => {
    const t = i18n.t.bind(i18n);
    expect(translateServerMessage(genericMessages.required, t)).toBe('Ce champ est obligatoire.');
    expect(translateServerMessage('Something the contract does not know', t)).toBe(t('errors.unknown'));
  });

  it('words the 400 for a NUL character on the field it names (security fuzzing found it)', () => {
    const t = i18n.t.bind(i18n);
    const error = new ApiError({ status: 400, fieldErrors: { search: [genericMessages.nullCharacter] } });
    expect(fieldErrorText(error, 'search', t)).toBe('Retirez le caractère nul invisible de ce champ.');
  });

  it('words the reservation refusals in fr, en and ar', async () => {
    for (const [lang, paying, elsewhere] of [
      ['fr', 'Ce retrait est en cours de paiement à l’agence.', 'Ce retrait est en cours de paiement à un autre guichet.'],
      ['en', 'This withdrawal is being paid out at the agency.', 'This withdrawal is being paid out at another counter.'],
      ['ar', 'يجري صرف هذا السحب في الوكالة.', 'يجري صرف هذا السحب في شباك آخر.'],
    ] as const) {
      await applyLanguage(lang);
      const t = i18n.getFixedT(lang);
      expect(translateServerMessage(beingPaidOutMessage, t)).toBe(paying);
      expect(translateServerMessage(withdrawalMessages.heldByOtherCounter, t)).toBe(elsewhere);
    }
    await applyLanguage('fr');
  });
});
