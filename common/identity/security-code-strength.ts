/**
 * A security code confirms every send, so one that anyone would try first protects nothing: studies of leaked
 * six-digit PINs find the same few shapes at the top (one digit repeated, a straight run up or down, a short
 * pattern repeated, a keypad line). Those are refused when a code is chosen; codes already set keep working.
 */
const KEYPAD_AND_COMMON = new Set([
  '112233', '123321', '147258', '147369', '159357', '159753', '258456', '258369', '369258', '456123', '456789',
  '654321', '696969', '741852', '753159', '789456', '852456', '951357', '987654', '102030', '110011', '100100',
]);

/** True when every step from one digit to the next is the same +1 or -1 (123456, 987654, 345678…). */
function isStraightRun(code: string): boolean {
  const steps = new Set<number>();
  for (let i = 1; i < code.length; i++) steps.add(Number(code[i]) - Number(code[i - 1]));
  return steps.size === 1 && (steps.has(1) || steps.has(-1));
}

/** True when the code is a block of one, two or three digits repeated (000000, 121212, 123123). */
function isRepeatedBlock(code: string): boolean {
  return [1, 2, 3].some((size) => code.length % size === 0 && code === code.slice(0, size).repeat(code.length / size));
}

/** Whether a six-digit code is too easy to guess to be chosen as a security code. */
export function isGuessableSecurityCode(code: string): boolean {
  return isRepeatedBlock(code) || isStraightRun(code) || KEYPAD_AND_COMMON.has(code);
}
