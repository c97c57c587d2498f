import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from '@playwright/test';

/** WCAG 2.0 and 2.1, levels A and AA: the rules every screen is audited against. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Every rule of the tags runs on every node either way; what this changes is the report. axe writes a selector and
 * an HTML excerpt for each node of each result, and a screen's passes run to hundreds of nodes (every text checked
 * for contrast): past the violations, which stay whole, it keeps one node a rule. No caller reads the nodes of a
 * pass, an inapplicable rule or an incomplete check; the count of passing rules stays.
 */
const RUN_OPTIONS: axe.RunOptions = {
  runOnly: { type: 'tag', values: WCAG_TAGS },
  resultTypes: ['violations'],
};

/** axe-core's source and its configuration, as a page evaluates them before a scan. */
export const AXE_LOAD = `${axe.source}
;axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`;

/** A frame whose document is the page's own origin's, or an empty one that inherits it. */
function sameOrigin(frameUrl: string, origin: string): boolean {
  if (frameUrl === '' || frameUrl.startsWith('about:')) return true;
  return new URL(frameUrl).origin === origin;
}

/**
 * axe-core's WCAG 2.1 A/AA rules on the page as it is now, with every violation (the caller keeps the serious and
 * critical ones). The rules run in the page itself (axe.run, the builder's "legacy" mode): the builder's default runs
 * them frame by frame, then opens a blank page, loads axe's 500 KB there a second time and merges the frames' parts
 * in it, which made a scan of the same screen take more than twice as long, with the same findings, passes and
 * incomplete checks node for node. axe.run still audits frames of the page's own origin; a page with a frame from
 * elsewhere (the app has none) keeps the builder's default, which audits inside it.
 *
 * Run here rather than through the builder's legacy mode, which evaluates axe's source in the page twice a scan (once
 * to ask which mode it has, then again in every frame): the same source and configuration once in each frame of the
 * page, then the same axe.run on the main document.
 */
export async function axeScan(page: Page): Promise<axe.AxeResults> {
  const origin = new URL(page.url()).origin;
  const frames = page.frames();
  const foreignFrame = frames.some((frame) => frame !== page.mainFrame() && !sameOrigin(frame.url(), origin));
  if (foreignFrame) return new AxeBuilder({ page }).options(RUN_OPTIONS).analyze();
  // Loaded already when the context loads it into every document (AXE_LOAD as an init script), or by an earlier
  // scan of this document.
  const present = await page
    .mainFrame()
    .evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!present) await page.mainFrame().evaluate(AXE_LOAD);
  // A child frame that went away or never loaded stays unaudited, as the builder leaves it.
  await Promise.all(
    frames.filter((f) => f !== page.mainFrame()).map((frame) => frame.evaluate(AXE_LOAD).catch(() => undefined)),
  );
  return page.evaluate((options) => (window as unknown as { axe: typeof axe }).axe.run(document, options), RUN_OPTIONS);
}
