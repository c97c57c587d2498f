import { describe, expect, it } from 'vitest';
import { opsMessages } from '../../../common/api/messages';
import { ApiError } from '../../shared/api/api-error';
import type { TFunction } from '../../i18n/i18n';
import type { OpsT } from './ops-i18n';
import { opsErrorText } from './OpsParts';

// The translators return their key, so each case reads which catalogue entry the operator sees.
const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as TFunction;
const ot = ((key: string) => `ops:${key}`) as OpsT;

describe('opsErrorText: a failure in the operator’s language', () => {
  it('names each back-office message by its own key, in the detail or under a field', () => {
    expect(opsErrorText(new ApiError({ status: 403, detail: opsMessages.ownRequest }), t, ot, 'fr')).toBe('ops:errors.ownRequest');
    expect(
      opsErrorText(new ApiError({ status: 400, fieldErrors: { reason: [opsMessages.reasonRequired] } }), t, ot, 'fr'),
    ).toBe('ops:errors.reasonRequired');
  });

  it('words a wrong security code, a lock and no network as every screen does', () => {
    expect(opsErrorText(new ApiError({ status: 400, attemptsRemaining: 3 }), t, ot, 'fr')).toBe(
      'errors.securityCodeWrong {"count":3}',
    );
    expect(opsErrorText(new ApiError({ status: 0, detail: 'Network error' }), t, ot, 'fr')).toBe('errors.network');
  });

  it('says not found for a 404 and falls back to the unknown error, never the server’s English', () => {
    expect(opsErrorText(new ApiError({ status: 404, detail: 'Not found.' }), t, ot, 'fr')).toBe('ops:errors.notFound');
    expect(opsErrorText(new ApiError({ status: 500, detail: 'boom' }), t, ot, 'fr')).toBe('errors.unknown');
    expect(opsErrorText(new Error('x'), t, ot, 'fr')).toBe('errors.unknown');
  });
});
