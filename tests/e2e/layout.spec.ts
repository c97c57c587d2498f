import { expect, test } from '@playwright/test';
import { account, pageFor } from './accounts';

// Layout defects a screenshot showed: checked in the browser, at the narrow phone width too.
for (const width of [390, 360]) {
  for (const lang of ['fr', 'ar']) {
    test(`rates: every rate stays on one line beside its label (${lang}, ${width} px)`, async ({ browser, request }) => {
      const page = await pageFor(browser, await account(request));
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/rates?lang=${lang}`);
      const values = page.locator('[data-testid^="rates-"] bdi');
      await expect(values.first()).toBeVisible();
      const count = await values.count();
      expect(count).toBeGreaterThanOrEqual(4);
      const lineHeights = new Set<number>();
      for (let i = 0; i < count; i++) {
        const box = await values.nth(i).boundingBox();
        expect(box).not.toBeNull();
        lineHeights.add(Math.round(box?.height ?? 0));
        // Value and label share a row: the value starts on the label's first line, not under it.
        const row = values.nth(i).locator('xpath=ancestor::div[1]');
        const label = await row.locator('dt').boundingBox();
        expect(Math.abs((label?.y ?? 0) - (box?.y ?? 0))).toBeLessThan(8);
      }
      // One line each: all the values are as tall as one another (a wrapped value is twice as tall).
      expect(Math.max(...lineHeights) - Math.min(...lineHeights)).toBeLessThan(4);
    });
  }
}
