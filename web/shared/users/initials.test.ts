import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first letters of first and last name, upper-cased', () => {
    expect(initials('amina', 'el idrissi')).toBe('AE');
    expect(initials('Élodie', 'martin')).toBe('ÉM');
  });

  it('is XX when there is no name yet', () => {
    expect(initials('', '')).toBe('XX');
    expect(initials('  ', '')).toBe('XX');
  });

  it('keeps Arabic letters as they are', () => {
    expect(initials('أمينة', 'الإدريسي')).toBe('أا');
  });
});
