import { expect, logIn, test } from './fixtures.ts';
import { bothOnTripTab, openTripTab, seedTwoMembers, tripTabPath } from './two-members.ts';

/** The issue asks for a second; the slack is for a loaded shared test machine. */
const LIVE = { timeout: 3_000 };

interface PackingItem {
  _id: string;
  text: string;
  done: boolean;
  assignedTo: { _id: string; name: string } | null;
}

/**
 * Issue 21: the trip's shared packing list is the same for every member and changes live: one
 * member adds an item and assigns it, the other sees it without reloading and ticks it for
 * everyone, and the first sees the tick.
 */
test('[PACKING-20] an item added and assigned by one member appears live for the other, whose tick shows live for the first', async ({
  page,
  browser,
  request,
  problems,
}) => {
  const { world, member } = await bothOnTripTab({ page, browser, request }, 'packing', 'checklist');
  const ownerList = page.getByRole('region', { name: 'Shared packing list' });
  const memberList = member.page.getByRole('region', { name: 'Shared packing list' });
  await expect(ownerList.getByText(/Nothing on the shared list yet/)).toBeVisible();
  await expect(memberList.getByText(/Nothing on the shared list yet/)).toBeVisible();

  // The owner adds an item for Finn, with the keyboard.
  await ownerList.getByRole('textbox', { name: 'New item' }).fill('Beach umbrella');
  await ownerList.getByRole('combobox', { name: 'Who brings it' }).selectOption({ label: world.member.name });
  await ownerList.getByRole('textbox', { name: 'New item' }).press('Enter');
  await expect(ownerList.getByTestId('packing-item-text')).toHaveText(['Beach umbrella']);

  // Finn sees it live, assigned to him, and ticks it.
  await expect(memberList.getByTestId('packing-item-text')).toHaveText(['Beach umbrella'], LIVE);
  const memberSelect = memberList.getByRole('combobox', { name: 'Who brings Beach umbrella' });
  await expect(memberSelect).toHaveValue(world.member.id);
  const memberBox = memberList.getByRole('checkbox', { name: 'Beach umbrella' });
  await memberBox.focus();
  await memberBox.press('Space');
  await expect(memberBox).toBeChecked();

  // The owner sees the tick live.
  await expect(ownerList.getByRole('checkbox', { name: 'Beach umbrella' })).toBeChecked(LIVE);
  await expect(ownerList.getByTestId('packing-progress')).toHaveText('1/1 packed');

  const list = (await (
    await world.ownerApi.call('GET', `/core/trips/${world.tripId}/packing`)
  ).json()) as PackingItem[];
  expect(list.map((item) => [item.text, item.done, item.assignedTo?._id])).toEqual([
    ['Beach umbrella', true, world.member.id],
  ]);
  expect(problems.consoleErrors).toEqual([]);
  await member.context.close();
});

/**
 * A viewer follows the trip: they read the shared packing list (it is part of the trip) with no
 * control, and a member's tick reaches them live like everyone else.
 */
test('[PACKING-21] a viewer reads the shared list, read-only, and sees a tick live', async ({
  page,
  request,
  problems,
}) => {
  const world = await seedTwoMembers(request, 'packing-viewer');
  const made = await world.ownerApi.call('PATCH', `/core/trips/${world.tripId}/members/${world.member.id}`, {
    role: 'viewer',
  });
  expect(made.status()).toBe(200);
  const added = await world.ownerApi.call('POST', `/core/trips/${world.tripId}/packing`, {
    text: 'Beach umbrella',
    assignedTo: world.ownerApi.id,
  });
  const [umbrella] = (await added.json()) as [PackingItem];

  await logIn(page, world.member.email, world.member.password, tripTabPath(world.tripId, 'checklist'));
  await openTripTab(page, world.tripId, 'checklist', false);
  const list = page.getByRole('region', { name: 'Shared packing list' });
  await expect(
    list.getByText('You follow this trip as a viewer: the packing list is read-only.'),
  ).toBeVisible();
  await expect(list.getByTestId('packing-item-text')).toHaveText(['Beach umbrella']);
  await expect(list.getByTestId('packing-item-assignee')).toHaveText('brought by Ada Lovell');
  await expect(list.getByTestId('packing-item')).toContainText('not packed yet');
  // Nothing to change: no form, no checkbox, no select, no button; no personal checklist either.
  for (const role of ['textbox', 'checkbox', 'combobox', 'button'] as const) {
    await expect(list.getByRole(role)).toHaveCount(0);
  }
  await expect(page.getByRole('heading', { name: 'Checklist' })).toHaveCount(0);

  // The owner ticks it: the viewer sees it packed without reloading.
  const ticked = await world.ownerApi.call('PATCH', `/core/trips/${world.tripId}/packing/${umbrella._id}`, {
    done: true,
  });
  expect(ticked.status()).toBe(200);
  await expect(list.getByTestId('packing-item-state')).toHaveAttribute('data-done', 'true', LIVE);
  await expect(list.getByTestId('packing-progress')).toHaveText('1/1 packed');
  await expect(list.getByTestId('packing-item')).toContainText(', packed,');
  expect(problems.consoleErrors).toEqual([]);
});
