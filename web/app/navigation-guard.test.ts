import { describe, expect, it } from 'vitest';
import { isAuthPath } from '../shared/app-paths';
import { guardNavigation, resolveNavigationLanguage } from './navigation-guard';

const base = { hash: '', previousSearch: null, token: null, storedLanguage: null };

describe('the navigation guard', () => {
  it('sends a visitor without a token to /auth, with the language added', () => {
    expect(guardNavigation({ ...base, pathname: '/', search: '' })).toEqual({
      kind: 'redirect',
      to: '/auth?lang=fr',
      language: 'fr',
    });
  });

  it('keeps the other query parameters on redirect', () => {
    const decision = guardNavigation({ ...base, pathname: '/transactions', search: '?page=2&category=sending' });
    expect(decision.kind).toBe('redirect');
    const to = new URL(decision.kind === 'redirect' ? decision.to : '', 'http://x');
    expect(to.pathname).toBe('/auth');
    expect(Object.fromEntries(to.searchParams)).toEqual({ page: '2', category: 'sending', lang: 'fr' });
  });

  it("sends a signed-out visitor of the back-office to the staff sign-in, not the customers' welcome", () => {
    for (const pathname of ['/ops', '/ops/rates', '/ops/transactions/12']) {
      expect(guardNavigation({ ...base, pathname, search: '?lang=ar' })).toEqual({
        kind: 'redirect',
        to: '/auth?lang=ar&role=banker',
        language: 'ar',
      });
    }
    // A signed-in visitor reaches /ops (the screen itself refuses anyone but staff); /opsx is not the back-office.
    expect(guardNavigation({ ...base, token: 't', pathname: '/ops', search: '?lang=fr' }).kind).toBe('allow');
    expect(guardNavigation({ ...base, pathname: '/opsx', search: '?lang=fr' })).toMatchObject({ to: '/auth?lang=fr' });
  });

  it('lets a visitor without a token through every /auth path', () => {
    for (const pathname of ['/auth', '/auth/step1', '/auth/email/step2', '/auth/phone/step3']) {
      expect(guardNavigation({ ...base, pathname, search: '?lang=ar' })).toEqual({ kind: 'allow', language: 'ar' });
    }
  });

  it('exempts the e-mail confirmation link, with or without a token', () => {
    const path = '/authentication/confirm-email';
    expect(guardNavigation({ ...base, pathname: path, search: '?code=abc&lang=en' }).kind).toBe('allow');
    expect(guardNavigation({ ...base, token: 't', pathname: path, search: '?code=abc&lang=en' }).kind).toBe('allow');
  });

  it('sends a visitor with a token away from /auth paths to /', () => {
    expect(guardNavigation({ ...base, token: 'tok', pathname: '/auth/step1', search: '?lang=en' })).toEqual({
      kind: 'redirect',
      to: '/?lang=en',
      language: 'en',
    });
  });

  it('lets a visitor with a token reach the app, adding lang only when missing', () => {
    expect(guardNavigation({ ...base, token: 'tok', pathname: '/contacts', search: '?lang=fr' }).kind).toBe('allow');
    expect(guardNavigation({ ...base, token: 'tok', pathname: '/contacts', search: '?transaction=send' })).toEqual({
      kind: 'redirect',
      to: '/contacts?transaction=send&lang=fr',
      language: 'fr',
    });
  });

  it('replaces an unknown lang value', () => {
    expect(guardNavigation({ ...base, token: 'tok', pathname: '/', search: '?lang=pt' })).toEqual({
      kind: 'redirect',
      to: '/?lang=fr',
      language: 'fr',
    });
  });

  it('does not treat look-alike paths as /auth paths', () => {
    expect(isAuthPath('/authentication/confirm-email')).toBe(false);
    expect(isAuthPath('/authors')).toBe(false);
    expect(isAuthPath('/auth')).toBe(true);
  });
});

describe('the navigation language', () => {
  it('takes the target first, then the previous route, then the stored preference, then French', () => {
    expect(resolveNavigationLanguage({ search: '?lang=en', previousSearch: '?lang=ar', storedLanguage: 'fr' })).toBe(
      'en',
    );
    expect(resolveNavigationLanguage({ search: '', previousSearch: '?lang=ar', storedLanguage: 'en' })).toBe('ar');
    expect(resolveNavigationLanguage({ search: '', previousSearch: '?x=1', storedLanguage: 'en' })).toBe('en');
    expect(resolveNavigationLanguage({ search: '', previousSearch: null, storedLanguage: null })).toBe('fr');
    expect(resolveNavigationLanguage({ search: '?lang=xx', previousSearch: null, storedLanguage: 'zz' })).toBe('fr');
  });
});
