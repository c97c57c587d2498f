/// <reference lib="dom" />
import { expect, test, type APIRequestContext } from '@playwright/test';
import { account, CODE } from './accounts.ts';
import { nextMessage, outboxCount, typeLoginCode, uniqueFrenchMobile } from './identity-helpers.ts';
import { fund } from './operator.ts';
import { screenshot } from './screenshots.ts';

/**
 * Money sent to a phone waits until its owner proves it. A customer signed in by e-mail sets that phone
 * on the profile; the profile says it is not confirmed and offers 'Confirm my phone': an SMS code in the six boxes
 * of the sign-in screen (a wrong one first), then the phone reads 'confirmed' and the transfer is theirs.
 * Screenshots at 390x844 in French and Arabic with E2E_SCREENSHOTS=1.
 */
test.use({ viewport: { width: 390, height: 844 } });

const api = (token: string) => ({ authorization: `Bearer ${token}` });

/** alice sends 25 MAD to `phone`, which nobody has proved yet: the transfer waits, unclaimed. */
async function sentTo(request: APIRequestContext, phone: string): Promise<number> {
  const alice = await account(request);
  await fund(alice.userId, 100_00n);
  const contact = await request.post('/api/contacts/', {
    headers: api(alice.token),
    data: { first_name: 'Karim', last_name: 'Bennani', phone_number: phone },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  const sent = await request.post('/api/transactions/', {
    headers: api(alice.token),
    data: { contact: ((await contact.json()) as { id: number }).id, amount: '25', security_code: CODE },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const body = (await sent.json()) as { id: number; status: string };
  expect(body.status).toBe('unclaimed');
  return body.id;
}


const expected = {
  fr: {
    unconfirmed: 'Numéro pas encore confirmé',
    button: 'Confirmer mon numéro',
    sent: /^Code envoyé par SMS au \+33 \(0\)6( \d\d){4}\. Saisissez-le ci-dessous\.$/u,
    wrong: 'Le code est incorrect.',
    confirmed: 'Numéro confirmé',
  },
  ar: {
    unconfirmed: 'لم يتم تأكيد الرقم بعد',
    button: 'تأكيد رقم هاتفي',
    sent: /^تم إرسال الرمز برسالة قصيرة إلى \+33 \(0\)6( \d\d){4}\. أدخله أدناه\.$/u,
    wrong: 'الرمز غير صحيح.',
    confirmed: 'تم تأكيد الرقم',
  },
} as const;

for (const lang of ['fr', 'ar'] as const) {
  test(`an e-mail customer confirms the profile phone and receives the money waiting for it (${lang})`, async ({
    page,
    request,
  }) => {
    const phone = `+33${uniqueFrenchMobile()}`;
    const transfer = await sentTo(request, phone);
    // bob signs in by e-mail and has that phone on his profile, not proved.
    const bob = await account(request, undefined, phone);
    await page.addInitScript((value) => localStorage.setItem('token', value), bob.token);
    await page.goto(`/settings/profile?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const box = page.getByTestId('phone-confirmation');
    await expect(box).toContainText(expected[lang].unconfirmed);
    await expect(page.getByTestId('phone-send-code')).toHaveText(expected[lang].button);
    await box.scrollIntoViewIfNeeded();
    await screenshot(page, `phone-confirmation-unconfirmed-${lang}-390.png`, { fullPage: false });

    const before = await outboxCount(request, phone);
    await page.getByTestId('phone-send-code').click();
    await expect(page.getByTestId('phone-send-status')).toHaveText(expected[lang].sent);
    const code = await nextMessage(request, phone, before, 'code');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await typeLoginCode(page, wrong);
    await expect(page.getByTestId('phone-code-error')).toHaveText(expected[lang].wrong);
    await box.scrollIntoViewIfNeeded();
    await screenshot(page, `phone-confirmation-code-${lang}-390.png`, { fullPage: false });

    await typeLoginCode(page, code);
    await expect(page.getByTestId('phone-confirmed')).toContainText(expected[lang].confirmed);
    await expect(page.getByTestId('phone-send-code')).toHaveCount(0);
    await box.scrollIntoViewIfNeeded();
    await screenshot(page, `phone-confirmation-done-${lang}-390.png`, { fullPage: false });

    // The transfer is bob's: claimed, on his balance; after a reload the phone still reads confirmed.
    const detail = await request.get(`/api/transactions/${transfer}/`, { headers: api(bob.token) });
    expect(((await detail.json()) as { status: string }).status).toBe('claimed');
    const me = await request.get('/api/users/', { headers: api(bob.token) });
    expect(((await me.json()) as { results: { balance: string }[] }).results[0]?.balance).toBe('25.00');
    await page.reload();
    await expect(page.getByTestId('phone-confirmed')).toContainText(expected[lang].confirmed);
  });
}
