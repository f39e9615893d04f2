import { expect, logIn, seedTravelWorld, test } from './fixtures.ts';
import { addTripMember, openTripTab, signedInContext } from './two-members.ts';

/**
 * Money you can correct (issue 35), in the browser: a viewer picked in a dinner's split, a part
 * payment recorded, then corrected and deleted (the other member's screen following live), the
 * warning before removing someone who still owes, and the viewer reading their own part.
 */

test('[MONEY-E2E-01] a viewer shares a dinner; a part payment is recorded, corrected and deleted live; removing a debtor warns and leads to settling up', async ({
  page,
  browser,
  request,
  problems,
}) => {
  // Three browsers: twice the budget of a journey.
  test.slow();
  const world = await seedTravelWorld(request, 'money-fix');
  const { account: vera } = await addTripMember(request, world, {
    label: 'money-fix-viewer',
    name: 'Vera',
    lastName: 'Vale',
    role: 'viewer',
  });
  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, world.owner.email, world.owner.password);
  const ben = await signedInContext(browser, world.friend.email, world.friend.password);
  await openTripTab(page, world.tripId, 'budget');
  await openTripTab(ben.page, world.tripId, 'budget');
  await expect(page.getByRole('heading', { name: 'Expenses' })).toBeVisible();

  // Ada adds a 90.00 EUR dinner, shared equally by everyone, Vera the viewer included.
  await page.getByRole('button', { name: 'Add expense' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add expense' });
  await dialog.getByLabel('Title').fill('Dinner');
  await dialog.getByLabel('Amount').fill('90');
  await expect(dialog.getByRole('checkbox', { name: 'Vera Vale' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Add expense' }).click();
  await expect(dialog).toBeHidden();
  const balances = page.getByRole('list', { name: 'Balances' });
  const balanceOf = (name: string) => balances.getByRole('listitem').filter({ hasText: name });
  await expect(balanceOf('Vera Vale')).toContainText('owes €30.00');
  await expect(balanceOf('Ben Brook')).toContainText('owes €30.00');

  // A part payment: Ben paid Ada 10.00 of his 30.00.
  await page.getByRole('button', { name: 'Record payment: Ben Brook pays Ada Lovell €30.00' }).click();
  const record = page.getByRole('dialog', { name: 'Record payment' });
  await record.getByLabel('Amount (EUR)').fill('10');
  await record.getByRole('button', { name: 'Record €10.00' }).click();
  await expect(record).toBeHidden();
  const list = page.getByRole('list', { name: 'Expenses and payments' });
  const benList = ben.page.getByRole('list', { name: 'Expenses and payments' });
  await expect(list.getByText('Ben Brook paid Ada Lovell €10.00')).toBeVisible();
  await expect(benList.getByText('Ben Brook paid Ada Lovell €10.00')).toBeVisible();
  await expect(balanceOf('Ben Brook')).toContainText('owes €20.00');

  // Ben corrects it himself: it was 12.50. More than he owed is refused before it is sent.
  await ben.page.getByRole('button', { name: 'Edit payment: Ben Brook paid Ada Lovell €10.00' }).click();
  const edit = ben.page.getByRole('dialog', { name: 'Edit payment' });
  const amount = edit.getByLabel('Amount (EUR)');
  await expect(amount).toHaveValue('10.00');
  await expect(edit.getByText('At most €30.00.')).toBeVisible();
  await amount.fill('31');
  await expect(edit.getByText('At most €30.00: more than that is not owed between the two.')).toBeVisible();
  await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
  await amount.fill('12.50');
  await amount.press('Enter');
  await expect(edit).toBeHidden();
  await expect(benList.getByText('Ben Brook paid Ada Lovell €12.50')).toBeVisible();
  // Ada's screen follows live.
  await expect(list.getByText('Ben Brook paid Ada Lovell €12.50')).toBeVisible();
  await expect(balanceOf('Ben Brook')).toContainText('owes €17.50');

  // Ada deletes it after confirming; Ben's screen follows.
  await page.getByRole('button', { name: 'Delete Ben Brook paid Ada Lovell €12.50' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete this payment?' });
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(remove).toBeHidden();
  await expect(list.getByText(/Ben Brook paid Ada Lovell/)).toHaveCount(0);
  await expect(benList.getByText(/Ben Brook paid Ada Lovell/)).toHaveCount(0);
  await expect(balanceOf('Ben Brook')).toContainText('owes €30.00');

  // Removing Ben, who still owes, says so and offers to settle up first, which opens the money tab.
  await page.getByRole('tab', { name: 'members' }).click();
  await page.getByRole('button', { name: 'Remove Ben Brook' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Ben Brook?' });
  await expect(confirm.getByText('Ben Brook owes €30.00.')).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Remove' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Settle up first' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('tab', { name: 'budget' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('button', { name: 'Record payment: Ben Brook pays Ada Lovell €30.00' }),
  ).toBeVisible();

  // Vera, the viewer, is not shown the trip's money but reads her own part.
  const viewer = await signedInContext(browser, vera.email, vera.password);
  await openTripTab(viewer.page, world.tripId, 'budget');
  await expect(viewer.page.getByRole('heading', { name: "The trip's money is private" })).toBeVisible();
  await expect(viewer.page.getByText('You owe €30.00')).toBeVisible();
  const hers = viewer.page.getByRole('list', { name: 'Your expenses and payments' });
  await expect(hers.getByRole('listitem')).toHaveCount(1);
  await expect(hers).toContainText('Dinner');
  await expect(hers).toContainText('your share €30.00');
  await expect(viewer.page.getByRole('button', { name: 'Add expense' })).toHaveCount(0);

  await ben.context.close();
  await viewer.context.close();
  expect(problems.consoleErrors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});

test('[MONEY-E2E-02] two people edit one expense: the later save is told who changed it, keeps its text, and replaces theirs only on purpose', async ({
  page,
  browser,
  request,
  problems,
}) => {
  test.slow();
  const world = await seedTravelWorld(request, 'money-versions');
  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, world.owner.email, world.owner.password);
  const ben = await signedInContext(browser, world.friend.email, world.friend.password);
  await ben.page.setViewportSize({ width: 390, height: 844 });
  await openTripTab(page, world.tripId, 'budget');
  await openTripTab(ben.page, world.tripId, 'budget');

  // Ben adds what he paid; Ada (admin) and Ben both open it.
  await ben.page.getByRole('button', { name: 'Add expense' }).click();
  const added = ben.page.getByRole('dialog', { name: 'Add expense' });
  await added.getByLabel('Title').fill('Taxi');
  await added.getByLabel('Amount').fill('18');
  await added.getByRole('button', { name: 'Add expense' }).click();
  await expect(added).toBeHidden();
  await page.getByRole('button', { name: 'Edit Taxi' }).click();
  await ben.page.getByRole('button', { name: 'Edit Taxi' }).click();
  const hers = page.getByRole('dialog', { name: 'Edit expense' });
  const his = ben.page.getByRole('dialog', { name: 'Edit expense' });

  // Ada corrects the amount first; Ben then renames it from the version he opened.
  await hers.getByLabel('Amount').fill('24');
  await hers.getByRole('button', { name: 'Save changes' }).click();
  await expect(hers).toBeHidden();
  await his.getByLabel('Title').fill('Taxi to the airport');
  await his.getByRole('button', { name: 'Save changes' }).click();
  await expect(his.getByRole('alert')).toHaveText(
    'Ada Lovell changed this expense while you were editing (now: Taxi — 24.00 EUR). Your changes are still here: save again to replace theirs, or cancel to keep theirs.',
  );
  await expect(his.getByLabel('Title')).toHaveValue('Taxi to the airport');
  const list = page.getByRole('list', { name: 'Expenses and payments' });
  await expect(list.getByText('Taxi', { exact: true })).toBeVisible();

  // Having read it, he takes her amount and saves again: his title, her amount.
  await his.getByLabel('Amount').fill('24');
  await his.getByRole('button', { name: 'Save changes' }).click();
  await expect(his).toBeHidden();
  await expect(list.getByText('Taxi to the airport')).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: 'Taxi to the airport' })).toContainText('€24.00');
  expect(problems.consoleErrors.filter((text) => !/409|Conflict/i.test(text))).toEqual([]);
  await ben.context.close();
});
