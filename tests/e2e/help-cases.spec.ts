/// <reference lib="dom" />
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeScan } from './axe.ts';
import { account, CODE, pageFor, type Account } from './accounts.ts';
import { fund, newOperator } from './operator.ts';
import { pngBytes } from '../support/kyc-files.ts';
import { screenshot } from './screenshots.ts';
import { sql } from 'kysely';
import { e2eDatabaseEnv } from '../../playwright.config.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/open-database.ts';

/**
 * Help cases end to end: a customer opens a case from a transfer's page, with a picture, an operator takes it in the
 * back-office (1280 wide), leaves an internal note, answers from a ready answer in the customer's language, and the
 * customer reads the answer (never the note) in the thread and the list. Once in French, once in Arabic. Screenshots
 * of the form (its picture chosen), the list and the thread (390x844) and of the queue and the case (1280) with
 * E2E_SCREENSHOTS=1.
 */

/** The customer's language (the one of their sign-in), in which the operator's ready answers are offered. */
async function speaks(userId: number, language: string): Promise<void> {
  const config = loadConfig({ ...process.env, ...e2eDatabaseEnv, NODE_ENV: 'test' });
  const database = await openDatabase(config, {
    role: 'owner',
    attachToRunning: true,
    migrate: false,
    log: () => undefined,
  });
  try {
    await sql`UPDATE users SET language = ${language} WHERE id = ${userId}`.execute(database.db);
  } finally {
    await database.close();
  }
}

async function transferOf(request: APIRequestContext, who: Account): Promise<number> {
  await fund(who.userId, 500_00n);
  const headers = { authorization: `Bearer ${who.token}` };
  const contact = await request.post('/api/contacts/', {
    headers,
    data: { first_name: 'Fatima', last_name: 'Zahra', phone_number: '+212612345679' },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  const sent = await request.post('/api/transactions/', {
    headers,
    data: {
      amount: '120',
      contact: String(((await contact.json()) as { id: number }).id),
      delivery: 'cash_pickup',
      security_code: CODE,
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return ((await sent.json()) as { id: number }).id;
}

/** The screen as it is now, saved when asked, and checked by axe (WCAG 2.1 A/AA): its serious or critical findings. */
async function look(page: Page, name: string, problems: string[]): Promise<void> {
  await screenshot(page, name);
  const axe = await axeScan(page);
  for (const v of axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'))
    problems.push(`${name}: ${v.id} ${v.nodes[0]?.target.join(' ')}`);
}

const words = {
  fr: {
    message: 'Ma sœur n’a pas pu retirer l’argent à l’agence.',
    note: 'Agence de Casablanca appelée, en attente de leur retour.',
    canned: 'Le bénéficiaire doit présenter la référence du retrait',
    state: 'En cours chez nous',
  },
  ar: {
    message: 'لم تتمكن أختي من سحب المال من الوكالة.',
    note: 'Called the Casablanca agency, waiting for them.',
    canned: 'يلزم تقديم مرجع السحب',
    state: 'قيد المعالجة لدينا',
  },
} as const;

for (const lang of ['fr', 'ar'] as const) {
  test(`a customer asks for help about a transfer and reads the operator's answer (${lang})`, async ({
    browser,
    request,
  }) => {
    test.slow();
    const say = words[lang];
    const problems: string[] = [];
    const alice = await account(request);
    await speaks(alice.userId, lang);
    const id = await transferOf(request, alice);

    // From the transfer's page to the form, about that transfer.
    const phone = await pageFor(browser, alice);
    await phone.goto(`/transactions/${id}?category=sending&lang=${lang}`);
    await expect(phone.locator('html')).toHaveAttribute('lang', lang);
    await phone.getByTestId('get-help').click();
    await expect(phone).toHaveURL(new RegExp(`/help/new\\?transaction=${id}`));
    await expect(phone.getByTestId('case-about-transfer')).toBeVisible();
    await phone.getByTestId('case-kind-cannot_collect').check();
    await phone.getByTestId('case-message').fill(say.message);
    // The identity documents' own picker: the app's words on its button, the picture's preview and name.
    await phone
      .getByTestId('case-file')
      .setInputFiles({ name: 'guichet.png', mimeType: 'image/png', buffer: pngBytes(7) });
    await expect(phone.getByTestId('case-file-preview')).toContainText('guichet.png');
    await expect(phone.getByTestId('case-file-error')).toHaveText('');
    await look(phone, `help-form-${lang}-390.png`, problems);
    await phone.getByTestId('case-send').click();

    // The thread: the customer's message, the state in their words, the transfer linked, nothing of its status.
    await expect(phone.getByTestId('case-message-customer')).toContainText(say.message);
    await expect(phone.getByTestId('case-message-customer').getByTestId('case-attachment')).toBeVisible();
    await expect(phone.getByTestId('case-state')).toHaveText(say.state);
    await expect(phone.getByTestId('case-transfer')).toHaveAttribute('href', new RegExp(`/transactions/${id}`));
    const caseId = Number(/\/help\/(\d+)/u.exec(phone.url())?.[1]);
    expect(caseId).toBeGreaterThan(0);
    const reference = (await phone.getByTestId('case-reference').textContent()) ?? '';
    expect(reference).toMatch(/^H-\d+$/u);

    // The operator, 1280 wide: the queue, then the case; takes it, notes, answers from a ready answer.
    const operator = await account(request, await newOperator());
    const ops = await pageFor(browser, operator);
    await ops.setViewportSize({ width: 1280, height: 900 });
    await ops.goto(`/ops/cases?lang=${lang}&state=open&kind=cannot_collect`);
    const row = ops.getByTestId(`case-row-${caseId}`);
    await expect(row).toContainText(reference);
    await look(ops, `help-ops-queue-${lang}-1280.png`, problems);
    await row.getByTestId(`case-link-${caseId}`).click();
    await expect(ops.getByTestId('case-transfer-link')).toHaveAttribute('href', new RegExp(`/ops/transactions/${id}`));
    await ops.getByTestId('case-take').click();
    await expect(ops.getByTestId('case-assigned')).not.toHaveText('—');
    await ops.getByTestId('case-answer').fill(say.note);
    await ops.getByTestId('case-internal').check();
    await ops.getByTestId('case-answer-send').click();
    await expect(ops.getByTestId('case-note')).toContainText(say.note);
    await ops.getByTestId('case-canned').selectOption('cannot_collect');
    await expect(ops.getByTestId('case-answer')).toHaveValue(new RegExp(say.canned));
    await ops.getByTestId('case-answer-send').click();
    await expect(ops.getByTestId('case-message-operator')).toContainText(say.canned);
    await look(ops, `help-ops-case-${lang}-1280.png`, problems);

    // The customer reads the answer, never the note, in the thread and in the list.
    await phone.reload();
    await expect(phone.getByTestId('case-message-operator')).toContainText(say.canned);
    await expect(phone.getByTestId('case-thread')).not.toContainText(say.note);
    await look(phone, `help-thread-${lang}-390.png`, problems);
    await phone.goto(`/help?lang=${lang}`);
    await expect(phone.getByTestId('case-last').first()).toContainText(say.canned.slice(0, 20));
    await expect(phone.getByTestId('help-page')).not.toContainText(say.note);
    await look(phone, `help-list-${lang}-390.png`, problems);
    expect(problems, problems.join('\n')).toEqual([]);
  });
}
