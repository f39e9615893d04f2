import type { Page } from '@playwright/test';
import { expect, logIn, screenshots, test } from './fixtures.ts';
import { openTripTab, seedTwoMembers, signedInContext } from './two-members.ts';

/**
 * The trip's money as a member who is not an admin: they add what they paid themselves (the payer
 * is theirs, not a choice), see every suggested payment, and record only the ones they pay or
 * receive, after seeing the amount. The admin's form offers every traveller.
 */

async function openBudget(page: Page, tripId: string): Promise<void> {
  await openTripTab(page, tripId, 'budget');
  await expect(page.getByRole('heading', { name: 'Expenses' })).toBeVisible();
}

const today = (): string => {
  const date = new Date();
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

test('a member adds what they paid and records only the payments they are part of, after seeing the amount', async ({
  page,
  browser,
  request,
  problems,
}) => {
  // Two browsers and sixteen pictures: three times the budget of a journey.
  test.slow();
  const world = await seedTwoMembers(request, 'money-roles');
  // The hotel: 90.00 EUR paid by Ada (the admin), shared by Ada, Ben and Finn.
  const hotel = await world.ownerApi.call('POST', `/core/trips/${world.tripId}/expenses`, {
    title: 'Hotel',
    amount: '90',
    currency: 'EUR',
    date: today(),
    category: 'accommodation',
    paidBy: world.owner.id,
    split: {
      kind: 'equal',
      people: [{ userId: world.owner.id }, { userId: world.friend.id }, { userId: world.member.id }],
    },
  });
  expect(hotel.status(), await hotel.text()).toBe(201);

  // Finn, a member, adds a taxi: the payer is Finn, as text, not a choice.
  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, world.member.email, world.member.password);
  await openBudget(page, world.tripId);
  await page.getByRole('button', { name: 'Add expense' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add expense' });
  const payer = dialog.getByRole('group', { name: 'Paid by' });
  await expect(payer).toContainText('Finn Fox (you)');
  await expect(dialog.getByRole('combobox', { name: 'Paid by' })).toHaveCount(0);
  await dialog.getByLabel('Title').fill('Taxi');
  await dialog.getByLabel('Amount').fill('30');
  await dialog.getByLabel('Category').selectOption('transport');
  await screenshots(page, 'money-form-member', false);
  await dialog.getByRole('button', { name: 'Add expense' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('list', { name: 'Expenses and payments' }).getByText(/paid by Finn Fox/),
  ).toBeVisible();

  // Ada is owed 50: Ben pays her 40, Finn 10. Finn records only his own.
  const transfers = page.getByRole('list', { name: 'Suggested payments' });
  await expect(transfers.getByRole('listitem')).toHaveText([
    /Ben Brook pays Ada Lovell €40.00/,
    /Finn Fox pays Ada Lovell €10.00/,
  ]);
  await expect(transfers.getByRole('button', { name: /^Record payment/ })).toHaveCount(1);
  await expect(
    transfers.getByRole('listitem').filter({ hasText: 'Ben Brook' }).getByRole('button'),
  ).toHaveCount(0);
  await expect(
    page.getByText('A payment is recorded by who pays, who is paid, or an admin of the trip.'),
  ).toBeVisible();
  await screenshots(page, 'money-settle-member');

  await transfers.getByRole('button', { name: 'Record payment: Finn Fox pays Ada Lovell €10.00' }).click();
  const confirm = page.getByRole('dialog', { name: 'Record payment' });
  await expect(confirm).toContainText('Record that Finn Fox paid Ada Lovell:');
  await expect(confirm).toContainText('€10.00');
  await screenshots(page, 'money-settle-confirm', false);
  await confirm.getByRole('button', { name: 'Record €10.00' }).click();
  await expect(confirm).toBeHidden();
  await expect(transfers.getByRole('listitem')).toHaveText([/Ben Brook pays Ada Lovell €40.00/]);
  await expect(
    page.getByRole('list', { name: 'Expenses and payments' }).getByText('Finn Fox paid Ada Lovell €10.00'),
  ).toBeVisible();

  // The admin chooses among every traveller, and records Ben's payment too.
  const ada = await signedInContext(browser, world.owner.email, world.owner.password);
  await ada.page.setViewportSize({ width: 1366, height: 900 });
  await openBudget(ada.page, world.tripId);
  await ada.page.getByRole('button', { name: 'Add expense' }).click();
  const adminDialog = ada.page.getByRole('dialog', { name: 'Add expense' });
  const choice = adminDialog.getByRole('combobox', { name: 'Paid by' });
  await expect(choice).toHaveValue(world.owner.id);
  await expect(choice.locator('option')).toHaveText(['Ada Lovell', 'Ben Brook', 'Finn Fox']);
  await screenshots(ada.page, 'money-form-admin', false);
  await adminDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(
    ada.page.getByRole('button', { name: 'Record payment: Ben Brook pays Ada Lovell €40.00' }),
  ).toBeVisible();

  expect(problems.consoleErrors).toEqual([]);
  await ada.context.close();
});
