import { describe, expect, it } from 'vitest';
import { nextStoredRole, roleQueryAction, themeFor } from './theme-rules';

describe('the role query parameter', () => {
  it('saves customer or banker, lowercased', () => {
    expect(roleQueryAction('BANKER')).toEqual({ kind: 'set', role: 'banker' });
    expect(roleQueryAction('Customer')).toEqual({ kind: 'set', role: 'customer' });
  });
  it('removes the stored role for any other value', () => {
    expect(roleQueryAction('admin')).toEqual({ kind: 'remove' });
  });
  it('leaves storage alone when empty or missing', () => {
    expect(roleQueryAction('')).toEqual({ kind: 'keep' });
    expect(roleQueryAction(null)).toEqual({ kind: 'keep' });
  });
});

describe('the theme', () => {
  it('reads the stored role first, then the query parameter', () => {
    expect(themeFor('banker', 'customer')).toBe('banker');
    expect(themeFor('customer', 'banker')).toBe('user');
    expect(themeFor(null, 'BaNkEr')).toBe('banker');
    expect(themeFor(null, null)).toBe('user');
  });
});

describe('the stored role after a navigation', () => {
  it('is cleared by opening the welcome page, then set by its role parameter', () => {
    expect(nextStoredRole({ storedRole: 'banker', pathname: '/auth', roleParam: null, previousRoleParam: undefined })).toBeNull();
    expect(
      nextStoredRole({ storedRole: 'customer', pathname: '/auth', roleParam: 'banker', previousRoleParam: 'banker' }),
    ).toBe('banker');
  });
  it('elsewhere follows the role parameter only when it changed', () => {
    const stale = { storedRole: 'customer', pathname: '/', roleParam: 'banker', previousRoleParam: 'banker' };
    expect(nextStoredRole(stale)).toBe('customer');
    expect(nextStoredRole({ ...stale, previousRoleParam: null })).toBe('banker');
    expect(nextStoredRole({ ...stale, roleParam: 'nobody', previousRoleParam: null })).toBeNull();
  });
});
