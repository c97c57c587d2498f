/// <reference lib="dom" />
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * Screens saved for a person to look at (a change to a screen is looked at in French and Arabic before it is
 * merged), only when asked: `E2E_SCREENSHOTS=1`, into SHOTS_DIR or .data/screenshots/. No test compares them, and
 * the suite took some 360 full-page pictures that nobody opened. Every check made on a screen stays, asked or not.
 */
export const screenshotsWanted = process.env.E2E_SCREENSHOTS === '1';
const shotsDir = process.env.SHOTS_DIR ?? path.join(process.cwd(), '.data', 'screenshots');

/**
 * The page as it will look: its fonts loaded and its pictures decoded. The screen's own data is what the caller's
 * ready selector waited for; text measured before a late font would be measured in the fallback font.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.fonts.status === 'loaded' && Array.from(document.images).every((image) => image.complete),
  );
}

/**
 * Saves `name` (a PNG file name) of the page as it is, the whole page unless `fullPage: false`, when asked. `pause`
 * (ms) lets a transition end before the picture: spent only when a picture is taken, since no check waits on it.
 */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = true, pause = 0 }: { fullPage?: boolean; pause?: number } = {},
) {
  if (!screenshotsWanted) return;
  await fs.mkdir(shotsDir, { recursive: true });
  if (pause > 0) await page.waitForTimeout(pause);
  await settled(page);
  await page.screenshot({ path: path.join(shotsDir, name), fullPage });
}
