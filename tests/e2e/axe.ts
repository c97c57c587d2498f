import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.0 and 2.1, levels A and AA: the rules every screen is audited against. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** A frame whose document is the page's own origin's, or an empty one that inherits it. */
function sameOrigin(frameUrl: string, origin: string): boolean {
  if (frameUrl === '' || frameUrl.startsWith('about:')) return true;
  return new URL(frameUrl).origin === origin;
}

/**
 * axe-core's WCAG 2.1 A/AA rules on the page as it is now, with every finding (the caller keeps the serious and
 * critical ones). The rules run in the page itself (axe.run, the builder's "legacy" mode): the builder's default runs
 * them frame by frame, then opens a blank page, loads axe's 500 KB there a second time and merges the frames' parts
 * in it, which made a scan of the same screen take more than twice as long, with the same findings, passes and
 * incomplete checks node for node. axe.run still audits frames of the page's own origin; a page with a frame from
 * elsewhere (the app has none) keeps the default, which audits inside it.
 */
export async function axeScan(page: Page) {
  const origin = new URL(page.url()).origin;
  const foreignFrame = page.frames().some((frame) => frame !== page.mainFrame() && !sameOrigin(frame.url(), origin));
  return new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(!foreignFrame).analyze();
}
