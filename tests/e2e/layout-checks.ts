/// <reference lib="dom" />
import type { Page } from '@playwright/test';

/**
 * The layout defects screenshots kept showing (the customer screens that came with notifications, rate alerts and
 * confirmations), checked in the browser so that a
 * screen nobody looks at again still fails when one comes back.
 */

/** Elements whose text overflows their box with no ellipsis to say so, and the page's own overflow. */
export async function cutText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth + 1) found.push(`page is ${root.scrollWidth}px wide`);
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      if (!(el instanceof HTMLElement)) continue;
      if (el.childElementCount > 0 && !el.matches('p, span, bdi, a, button, dd, dt, h1, h2, h3, label, li')) continue;
      const text = el.innerText.trim();
      if (text === '' || el.closest('svg, video, canvas, [aria-hidden="true"]')) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const clipped = ['hidden', 'clip'].includes(style.overflowX);
      const over = el.scrollWidth > el.clientWidth + 1;
      if (clipped && over && style.textOverflow !== 'ellipsis') found.push(`cut: ${el.tagName} "${text.slice(0, 40)}"`);
      const box = el.getBoundingClientRect();
      if (box.width > 0 && (box.right > window.innerWidth + 1 || box.left < -1))
        found.push(`off screen: ${el.tagName} "${text.slice(0, 40)}" ${Math.round(box.left)}..${Math.round(box.right)}`);
    }
    return found;
  });
}

/**
 * Buttons, links and fields a thumb must hit that are smaller than 44x44 CSS px (WCAG 2.5.5, Apple's and Material's
 * minimum). A link inside a sentence is exempt (WCAG 2.5.8's inline exception): its size is the text's.
 */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const targets = document.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, [role="button"]');
    for (const el of Array.from(targets)) {
      if (!(el instanceof HTMLElement) || el.closest('[aria-hidden="true"]')) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      // A box or field inside its label: the label is what a thumb hits.
      const label = el.matches('input, select, textarea') ? el.closest('label') : null;
      const box = (label ?? el).getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Inline in a sentence: the link sits among other text of its paragraph.
      const parent = el.parentElement;
      if (el.tagName === 'A' && style.display === 'inline' && parent && (parent.textContent ?? '').trim() !== (el.textContent ?? '').trim())
        continue;
      if (box.width < 44 - 0.5 || box.height < 44 - 0.5)
        found.push(`small target: ${el.tagName} "${(el.innerText || el.getAttribute('aria-label') || el.getAttribute('data-testid') || '').trim().slice(0, 30)}" ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
    return found;
  });
}
