import { COUNTRIES } from '../../../common/identity/phone';
import type { Country } from '../../../common/identity/phone';

export function isCountry(value: string): value is Country {
  return (COUNTRIES as readonly string[]).includes(value);
}
