/// <reference lib="dom" />
import { expect, type Page } from '@playwright/test';

/** Appended to a selector: only what the screen shown now rendered, not what was on screen before `openScreen`. */
export const fresh = ':not([data-shown-before])';

/** Pages the server writes itself (the card sandbox, the public explorer): reached by loading them, never by the app. */
const serverPages = ['/sandbox/', '/explorer/'];

/** A path's route: the same screen component for two paths that differ only in an id or the query. */
const routeOf = (pathname: string) => pathname.replace(/\/[^/]*\d[^/]*/g, '/:id');

/**
 * Opens a screen. From another screen of the app, the app's own router moves there (history and popstate, as its
 * links and the back button do), which keeps the page, its code and axe loaded: a load of every screen cost more
 * than the audit itself (about half of a language's time). Every element on screen before is marked, and the screen
 * counts as shown only once an unmarked element matches its ready selector: the router keeps the previous screen
 * until the next one is ready, and that one must not be audited in its place. A first screen, a page the server
 * writes, a screen of the same route as the one shown (whose elements React may keep) and one asked with `load` (a
 * new language, say) are loaded as a visitor opens a link.
 */
export async function openScreen(
  page: Page,
  to: string,
  ready: string,
  options: { load?: boolean } = {},
): Promise<void> {
  const current = page.url() === 'about:blank' ? null : new URL(page.url());
  const target = new URL(to, 'http://x');
  const inApp =
    !options.load &&
    current !== null &&
    !serverPages.some((p) => current.pathname.startsWith(p) || target.pathname.startsWith(p)) &&
    routeOf(current.pathname) !== routeOf(target.pathname);
  if (!inApp) {
    await page.goto(to);
    await expect(page.locator(ready).first()).toBeVisible({ timeout: 15_000 });
    return;
  }
  await page.evaluate((path) => {
    for (const element of Array.from(document.querySelectorAll('body *')))
      element.setAttribute('data-shown-before', '');
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, to);
  const shown = ready
    .split(',')
    .map((selector) => `${selector.trim()}${fresh}`)
    .join(', ');
  await expect(page.locator(shown).first()).toBeVisible({ timeout: 15_000 });
}
