/// <reference lib="dom" />
import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { axeScan } from './axe.ts';
import { signInThroughApi } from './identity-helpers';
import { screenshot } from './screenshots.ts';

/** No serious or critical axe finding (WCAG 2.1 A/AA) on the page as it is now. */
async function expectAccessible(page: Page): Promise<void> {
  const result = await axeScan(page);
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

/** A French mobile number nobody else in this database has. */
const frenchMobile = () => `06${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

for (const lang of ['fr', 'ar'] as const) {
  test(`a recipient's bank account: the bank named while typing, the RIB grouped left to right (${lang})`, async ({
    page,
    request,
  }) => {
    await signInThroughApi(page, request, `rib-${lang}`);
    await page.goto(`/contacts?lang=${lang}`);
    await page.getByTestId('recipient-open').click();
    await page.getByTestId('recipient-first_name').fill(lang === 'ar' ? 'أمينة' : 'Amina');
    await page.getByTestId('recipient-last_name').fill(lang === 'ar' ? 'الإدريسي' : 'El Idrissi');
    await page.getByTestId('phone-input').fill(frenchMobile());
    const rib = page.getByTestId('recipient-rib');
    await expect(rib).toHaveAttribute('dir', 'ltr');
    await rib.fill('007780000123456789012397');
    await page.getByTestId('recipient-submit').click();
    await expect(page.getByTestId('recipient-rib-error')).not.toBeEmpty();
    await expectAccessible(page);
    await screenshot(page, `recipient-form-rib-error-${lang}.png`);
    await rib.fill('007780000123456789012396');
    await rib.blur();
    await expect(rib).toHaveValue('007 780 0001 2345 6789 0123 96');
    await expect(page.getByTestId('recipient-rib-bank')).toHaveText('Attijariwafa bank');
    await expect(page.getByTestId('recipient-rib-error')).toBeEmpty();
    const holder = page.getByTestId('recipient-rib-holder');
    if (lang === 'ar') {
      // A name in Arabic: its romanisation is only the suggestion; the sender writes it as the account shows it.
      await expect(holder).toHaveValue('MYNH LDRYSY');
      await expect(holder).toHaveAttribute('dir', 'ltr');
      await holder.fill('أمينة');
      await page.getByTestId('recipient-submit').click();
      await expect(page.getByTestId('recipient-rib-holder-error')).not.toBeEmpty();
      await screenshot(page, `recipient-form-holder-error-${lang}.png`);
      await holder.fill('Amina El Idrissi');
    } else {
      await expect(holder).toHaveCount(0);
    }
    await screenshot(page, `recipient-form-rib-${lang}.png`);
    await page.getByTestId('recipient-submit').click();
    await expect(page.getByTestId('recipient-form')).toHaveCount(0);

    await page.getByTestId('contact-row').first().click();
    const shown = page.getByTestId('contact-rib');
    await expect(shown).toHaveText('007 780 0001 2345 6789 0123 96');
    // Left to right inside the right-to-left page: the groups read in the order the bank prints them.
    expect(await shown.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    await expect(page.getByTestId('contact-rib-bank')).toContainText('Attijariwafa bank');
    await expect(page.getByTestId('contact-rib-holder')).toHaveText('AMINA EL IDRISSI');
    await expectAccessible(page);
    await screenshot(page, `recipient-detail-rib-${lang}.png`);
  });
}

test('a recipient named in Arabic, on the French screen: the holder name in Latin letters asked with the RIB', async ({
  page,
  request,
}) => {
  await signInThroughApi(page, request, 'rib-holder-fr');
  await page.goto('/contacts?lang=fr');
  await page.getByTestId('recipient-open').click();
  await page.getByTestId('recipient-first_name').fill('فاطمة');
  await page.getByTestId('recipient-last_name').fill('الزهراء');
  await page.getByTestId('phone-input').fill(frenchMobile());
  await expect(page.getByTestId('recipient-rib-holder')).toHaveCount(0);
  await page.getByTestId('recipient-rib').fill('007780000123456789012396');
  const holder = page.getByTestId('recipient-rib-holder');
  // The romanisation, only as the suggestion the sender corrects.
  await expect(holder).toHaveValue('FTMH LZHR');
  await holder.fill('');
  await page.getByTestId('recipient-submit').click();
  await expect(page.getByTestId('recipient-rib-holder-error')).toHaveText(
    "Écrivez le nom du titulaire en lettres latines, tel qu’il figure sur le compte bancaire.",
  );
  await expectAccessible(page);
  await screenshot(page, 'recipient-form-holder-error-fr.png');
  await holder.fill('Fatima Ezzahra');
  await page.getByTestId('recipient-submit').click();
  await expect(page.getByTestId('recipient-form')).toHaveCount(0);
  await page.getByTestId('contact-row').first().click();
  await expect(page.getByTestId('contact-rib-holder')).toHaveText('FATIMA EZZAHRA');
});
