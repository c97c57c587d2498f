import { describe, expect, it } from 'vitest';
import { isGuessableSecurityCode } from './security-code-strength.ts';

describe('isGuessableSecurityCode', () => {
  it.each(['000000', '111111', '999999', '123456', '234567', '987654', '654321', '121212', '123123', '696969', '112233', '159753'])(
    'refuses %s',
    (code) => expect(isGuessableSecurityCode(code)).toBe(true),
  );

  it.each(['135790', '246810', '246813', '258036', '314159', '907153', '120945'])('accepts %s', (code) =>
    expect(isGuessableSecurityCode(code)).toBe(false),
  );
});
