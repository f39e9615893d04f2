import { PDFDocument } from 'pdf-lib';
import type { Page } from '@playwright/test';
import { axe, expect, logIn, screenshots, test, WCAG_TAGS } from './fixtures.ts';
import { openTripTab, seedTwoMembers, signedInContext } from './two-members.ts';

/**
 * The trip's money in the browser (issue 24): three travellers (Ada the admin, Ben and Finn), an
 * expense in euros split by shares and one in yen split equally, the balances and the suggested
 * transfers, and a recorded payment reaching another member's open Budget tab live.
 */

const LIVE = { timeout: 5_000 };

async function openBudget(page: Page, tripId: string): Promise<void> {
  await openTripTab(page, tripId, 'budget');
  await expect(page.getByRole('heading', { name: 'Expenses' })).toBeVisible();
}

/** A one-page PDF, made as a receipt app would. */
async function onePagePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]);
  return pdf.save();
}

test('[MONEY-14] three travellers: euros by shares and yen equally, balances, settle up, and a recorded payment reaches another member live', async ({
  page,
  browser,
  request,
  problems,
}) => {
  const world = await seedTwoMembers(request, 'money');
  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, world.owner.email, world.owner.password);
  const finn = await signedInContext(browser, world.member.email, world.member.password);
  await openBudget(page, world.tripId);
  await openBudget(finn.page, world.tripId);
  await expect(page.getByText('No expenses yet — add the first one.')).toBeVisible();

  // The hotel: 90.00 EUR paid by Ada, Ada 2 shares, Ben and Finn 1 each.
  await page.getByRole('button', { name: 'Add expense' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add expense' });
  await dialog.getByLabel('Title').fill('Hotel');
  await dialog.getByLabel('Amount').fill('90');
  await dialog.getByLabel('Category').selectOption('accommodation');
  await dialog.getByLabel('How to split').selectOption('shares');
  await dialog.getByLabel('Shares of Ada Lovell').fill('2');
  await expect(dialog.getByLabel('Paid by')).toHaveValue(world.owner.id);
  await dialog.getByRole('button', { name: 'Add expense' }).click();
  await expect(dialog).toBeHidden();
  const list = page.getByRole('list', { name: 'Expenses and payments' });
  await expect(list.getByText('Hotel')).toBeVisible();

  // Sushi: 3000 JPY at 0.0062 (18.60 EUR) paid by Ben, shared equally.
  await page.getByRole('button', { name: 'Add expense' }).click();
  await dialog.getByLabel('Title').fill('Sushi');
  await dialog.getByLabel('Amount').fill('3000');
  await dialog.getByLabel('Currency').selectOption('JPY');
  const rate = dialog.getByLabel('Rate (EUR for 1 JPY)');
  // The looked-up rate first: typing over it then replaces it, where typing while it lands would
  // select the empty field and append to the rate that arrived meanwhile.
  await expect(rate).not.toHaveValue('');
  await rate.fill('0.0062');
  await expect(dialog.getByText('1 JPY = 0.0062 EUR')).toBeVisible();
  await dialog.getByLabel('Paid by').selectOption(world.friend.id);
  await screenshots(page, 'money-dialog');
  await dialog.getByRole('button', { name: 'Add expense' }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByText('Sushi')).toBeVisible();
  await expect(list.getByText('(€18.60)')).toBeVisible();

  // Ada paid 90 and owes 45 + 6.20; Ben paid 18.60 and owes 22.50 + 6.20; Finn owes 22.50 + 6.20.
  const balances = page.getByRole('list', { name: 'Balances' });
  await expect(balances.getByRole('listitem').filter({ hasText: 'Ada Lovell' })).toContainText(
    'is owed €38.80',
  );
  await expect(balances.getByRole('listitem').filter({ hasText: 'Ben Brook' })).toContainText('owes €10.10');
  await expect(balances.getByRole('listitem').filter({ hasText: 'Finn Fox' })).toContainText('owes €28.70');
  const transfers = page.getByRole('list', { name: 'Suggested payments' });
  await expect(transfers.getByRole('listitem')).toHaveText([
    /Finn Fox pays Ada Lovell €28.70/,
    /Ben Brook pays Ada Lovell €10.10/,
  ]);

  // Finn's open tab followed every change live.
  const finnTransfers = finn.page.getByRole('list', { name: 'Suggested payments' });
  await expect(finnTransfers.getByRole('listitem')).toHaveCount(2, LIVE);

  // The admin plans 300 EUR; the base currency cannot change any more (the API says why).
  await page.getByRole('button', { name: 'Edit budget' }).click();
  const budgetDialog = page.getByRole('dialog', { name: 'Edit budget' });
  await budgetDialog.getByLabel('Base currency').selectOption('USD');
  await budgetDialog.getByLabel('Planned total (USD)').fill('300');
  await budgetDialog.getByRole('button', { name: 'Save budget' }).click();
  await expect(budgetDialog.getByRole('alert')).toHaveText(
    /The base currency can change only before the first expense/,
  );
  await budgetDialog.getByLabel('Base currency').selectOption('EUR');
  await budgetDialog.getByRole('button', { name: 'Save budget' }).click();
  await expect(budgetDialog).toBeHidden();
  await expect(page.getByText('€108.60 of €300.00')).toBeVisible();

  // The CSV comes through the API client (bearer token) as a file.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Expenses (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('trip-expenses.csv');
  const csv = await download.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  });
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toContain('Sushi');
  expect(csv).toContain('Hotel');

  // A receipt (a PDF) on the sushi: attached by its author, then opened as a download.
  const sushi = page
    .getByRole('list', { name: 'Expenses and payments' })
    .getByRole('listitem')
    .filter({ hasText: 'Sushi' });
  await sushi.locator('input[type="file"]').setInputFiles({
    name: 'sushi.pdf',
    mimeType: 'application/pdf',
    // A PDF that opens, with a page: receipts are parsed and refused unless they do.
    buffer: Buffer.from(await onePagePdf()),
  });
  await expect(sushi.getByRole('button', { name: 'Receipt of Sushi', exact: true })).toBeVisible();
  const [receipt] = await Promise.all([
    page.waitForEvent('download'),
    sushi.getByRole('button', { name: 'Receipt of Sushi', exact: true }).click(),
  ]);
  expect(receipt.suggestedFilename()).toMatch(/^receipt-.*\.pdf$/);

  const result = await axe(page).include('[role="tabpanel"]').withTags(WCAG_TAGS).analyze();
  expect(result.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  await screenshots(page, 'money-tab');

  await page.getByRole('button', { name: 'Record payment: Finn Fox pays Ada Lovell €28.70' }).click();
  // The admin records it once the amount is seen.
  const confirm = page.getByRole('dialog', { name: 'Record payment' });
  await expect(confirm).toContainText('€28.70');
  await confirm.getByRole('button', { name: 'Record €28.70' }).click();
  await expect(transfers.getByRole('listitem')).toHaveText([/Ben Brook pays Ada Lovell €10.10/]);
  await expect(
    page.getByRole('list', { name: 'Expenses and payments' }).getByText('Finn Fox paid Ada Lovell €28.70'),
  ).toBeVisible();

  // Without a reload, on Finn's screen.
  await expect(finnTransfers.getByRole('listitem')).toHaveText([/Ben Brook pays Ada Lovell €10.10/], LIVE);
  await expect(finn.page.getByText('Finn Fox paid Ada Lovell €28.70')).toBeVisible(LIVE);
  await expect(
    finn.page.getByRole('list', { name: 'Balances' }).getByRole('listitem').filter({ hasText: 'Finn Fox' }),
  ).toContainText('is settled');

  // The one refusal asked for above (the base currency) is the only failed request.
  expect(problems.consoleErrors.filter((error) => !/status of 400/.test(error))).toEqual([]);
  expect(problems.consoleErrors.filter((error) => /status of 400/.test(error))).toHaveLength(1);
  await finn.context.close();
});
