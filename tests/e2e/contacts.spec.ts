/// <reference lib="dom" />
import { randomInt, randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { signInThroughApi } from './identity-helpers';

const signIn = (page: Page, request: APIRequestContext) => signInThroughApi(page, request, 'contacts');

/** A French mobile number nobody else in this database has. */
const frenchMobile = () => `06${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/** A real touch swipe: start, move and end, `dx` pixels sideways. */
async function swipe(row: Locator, dx: number) {
  const box = await row.boundingBox();
  if (!box) throw new Error('row not visible');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const at = (clientX: number) => [{ identifier: 1, clientX, clientY: y }];
  await row.dispatchEvent('touchstart', { touches: at(x), changedTouches: at(x) });
  await row.dispatchEvent('touchmove', { touches: at(x + dx), changedTouches: at(x + dx) });
  await row.dispatchEvent('touchend', { touches: [], changedTouches: at(x + dx) });
}

test.describe('recipients', () => {
  test('add a recipient, find it by search, open it, and delete it by swipe and by keyboard', async ({
    page,
    request,
  }) => {
    const token = await signIn(page, request);
    const other = await request.post('/api/contacts/', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        first_name: 'Karim',
        last_name: 'Ouazzani',
        email: `karim-${randomUUID()}@example.com`,
        phone_number: '',
      },
    });
    expect(other.status()).toBe(201);

    await page.goto('/contacts?lang=en');
    await expect(page.getByRole('heading', { level: 1, name: 'My recipients' })).toBeVisible();
    await page.getByTestId('recipient-open').click();
    await page.getByTestId('recipient-submit').click();
    await expect(page.getByTestId('recipient-error')).toHaveText(
      'Enter first name and last name and email or phone number',
    );
    await page.getByTestId('recipient-first_name').fill('Zaïd');
    await page.getByTestId('recipient-last_name').fill('Benjelloun');
    const phone = frenchMobile();
    // A new recipient's number starts as Moroccan (+212); this one lives in France.
    await page.getByTestId('phone-prefix').selectOption('+33');
    await page.getByTestId('phone-input').fill(phone);
    await expect(page.getByTestId('phone-input')).toHaveValue(phone.replace(/(\d\d)(?=\d)/g, '$1 '));
    await page.getByTestId('recipient-submit').click();
    await expect(page.getByTestId('recipient-form')).toHaveCount(0);
    await expect(page.getByTestId('contact-row')).toHaveCount(2);

    // Accents and case do not matter.
    await page.getByTestId('contacts-search').fill('ZAID');
    await expect(page.getByTestId('contact-row')).toHaveCount(1);
    const row = page.getByTestId('contact-row').first();
    await expect(row).toContainText('Zaïd Benjelloun');
    await expect(row).toContainText(`+33 (0)${phone.slice(1, 2)} ${phone.slice(2, 4)}`);

    await row.getByRole('link').click();
    await expect(page).toHaveURL(/\/contacts\/\d+\?lang=en$/);
    await expect(page.getByTestId('contact-name')).toHaveText('Zaïd Benjelloun');
    await expect(page.getByTestId('contact-avatar')).toHaveText('ZB');
    await expect(page.getByTestId('contact-phone')).toHaveAttribute('href', `tel:+33${phone.slice(1)}`);
    await expect(page.getByTestId('contact-no-transactions')).toBeVisible();
    await page.getByTestId('back-link').click();

    // A short movement is not a swipe; past 100 px it reveals the actions.
    await page.getByTestId('contacts-search').fill('benjelloun');
    await expect(page.getByTestId('contact-row')).toHaveCount(1);
    const target = page.getByTestId('contact-row').first();
    await swipe(target, -60);
    await expect(page.getByTestId('row-actions')).toHaveCount(0);
    await swipe(target, -150);
    await expect(page.getByTestId('row-actions')).toBeVisible();
    await swipe(target, 150);
    await expect(page.getByTestId('row-actions')).toHaveCount(0);
    await swipe(target, -150);
    await page.getByTestId('row-delete').click();
    await expect(page.getByTestId('contacts-empty')).toBeVisible();

    // Without a swipe: the more-actions button, reached by keyboard.
    await page.getByTestId('contacts-search').fill('');
    await expect(page.getByTestId('contact-row')).toHaveCount(1);
    await page.getByTestId('more-actions').focus();
    await expect(page.getByTestId('more-actions')).toBeVisible();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Delete Karim Ouazzani' }).click();
    await expect(page.getByTestId('contacts-empty')).toHaveText('No recipients yet.');
    const left = (await (
      await request.get('/api/contacts/', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { count: number };
    expect(left.count).toBe(0);
  });
});

test.describe('agencies from a position', () => {
  test.use({ geolocation: { latitude: 35.77, longitude: -5.8 }, permissions: ['geolocation'] });

  test('withdraw mode lists agencies nearest first from the browser position, and picks one', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    await page.goto('/contacts?transaction=withdraw&lang=fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Choisissez une agence' })).toBeVisible();
    await expect(page.getByTestId('contact-distance').first()).toBeVisible();
    await expect(page.getByTestId('recipient-open')).toHaveCount(0);
    const rows = page.getByTestId('contact-row');
    await expect(rows.first()).toContainText('Tanger');
    const distances = (await page.getByTestId('contact-distance').allTextContents()).map((d) =>
      Number(d.replace(/[^\d,]/g, '').replace(',', '.')),
    );
    expect(distances.length).toBeGreaterThanOrEqual(5);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    // Stored for the next visit, under the names the app gives them.
    expect(await page.evaluate(() => [localStorage.getItem('latitude'), localStorage.getItem('longitude')])).toEqual([
      '35.770000',
      '-5.800000',
    ]);
    await rows.first().getByRole('link').click();
    await expect(page).toHaveURL(/\/transactions\/create\?contact=\d+&transaction=withdraw/);
  });
});

test.describe('agencies without a position', () => {
  test.use({ permissions: [] });

  test('a refused position falls back to agencies by city', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/contacts?tab=agencies&lang=fr');
    await expect(page.getByTestId('position-note')).toHaveText(
      'Position indisponible : les agences sont classées par ville.',
    );
    await expect(page.getByTestId('contact-row').first()).toContainText('Agadir');
    await expect(page.getByTestId('contact-distance')).toHaveCount(0);
  });
});
