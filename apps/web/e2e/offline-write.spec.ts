import { expect, logIn, ownerInTravelWorld, test } from './fixtures.ts';
import type { Planner } from './trip-map-helpers.ts';
import { openTripTab, tripTabPath } from './two-members.ts';

// A page reopened offline is served by the service worker.
test.use({ withServiceWorker: true });

/**
 * Decision 016: writes made offline wait in IndexedDB and are replayed, in order and once, when
 * the browser is back online, also from a page opened later; a write the server no longer
 * accepts is dropped with a notice naming it.
 */

test('[OFFLINE-01] a planner move and a checklist tick made offline are replayed once after the page is reopened', async ({
  page,
  browser,
  request,
  context,
}) => {
  const { world, owner } = await ownerInTravelWorld(page, request, 'offline-write');

  // Both tabs load while online (their code and the checklist vocabulary).
  await openTripTab(page, world.tripId, 'checklist');
  const box = page.getByRole('checkbox').first();
  await expect(box).toBeAttached();
  await page.getByRole('tab', { name: 'planner' }).click();
  const tray = page.getByTestId('planner-tray');
  const title = (await tray.getByTestId('planner-item-title').first().textContent()) ?? '';
  expect(title).not.toBe('');

  await context.setOffline(true);
  await page.getByRole('button', { name: `Move ${title}`, exact: true }).click();
  await page
    .getByRole('menu', { name: `Move ${title}` })
    .getByRole('menuitem', { name: /^To Day 2/ })
    .click();
  const dayTwo = page.getByTestId('planner-day').nth(1);
  await expect(dayTwo.getByTestId('planner-item-title')).toHaveText([title]);
  // Marked as waiting where it was made (OFFLINE-05).
  await expect(dayTwo.getByTestId('waiting-mark')).toHaveText('waiting to sync');
  await page.getByRole('tab', { name: 'checklist' }).click();
  const firstBox = page.getByRole('checkbox').first();
  await firstBox.focus();
  await firstBox.press('Space');
  await expect(firstBox).toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: '2 changes waiting to sync' })).toBeVisible();

  // Nothing reached the server.
  const before = (await (await owner.call('GET', `/core/trips/${world.tripId}/planner`)).json()) as Planner;
  expect(before.days[1]?.items).toHaveLength(0);

  await page.close();
  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto(`/trips/${world.tripId}?tab=planner`);
  await expect(again.getByTestId('planner-day').nth(1).getByTestId('planner-item-title')).toHaveText([title]);
  await expect(again.getByText(/waiting to sync/)).toHaveCount(0);

  // The server has both changes, exactly once.
  await expect
    .poll(async () => {
      const planner = (await (
        await owner.call('GET', `/core/trips/${world.tripId}/planner`)
      ).json()) as Planner;
      return planner.days[1]?.items.map((item) => item.feature?.title);
    })
    .toEqual([title]);
  const checklist = (await (await owner.call('GET', `/core/trips/${world.tripId}/checklist`)).json()) as {
    entries: string[];
  };
  expect(checklist.entries).toHaveLength(1);

  // Another browser of the same user sees both.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await logIn(otherPage, world.owner.email, world.owner.password, tripTabPath(world.tripId, 'planner'));
  await openTripTab(otherPage, world.tripId, 'planner', false);
  await expect(otherPage.getByTestId('planner-day').nth(1).getByTestId('planner-item-title')).toHaveText([
    title,
  ]);
  await otherPage.getByRole('tab', { name: 'checklist' }).click();
  await expect(otherPage.getByRole('checkbox', { checked: true })).toHaveCount(1);
  await other.close();
});

test('[OFFLINE-02] a rename queued offline for a trip deleted meanwhile ends in a notice naming it', async ({
  page,
  request,
  context,
}) => {
  const { world, owner } = await ownerInTravelWorld(page, request, 'offline-conflict');
  await page.goto(`/trips/${world.tripId}`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/Lisbon/);
  const oldName = ((await heading.textContent()) ?? '').trim();

  await context.setOffline(true);
  await page.getByRole('button', { name: /edit trip name/ }).click();
  const nameField = page.getByRole('textbox', { name: 'Trip name' });
  await nameField.fill('Porto instead');
  await nameField.press('Enter');
  await expect(heading).toHaveText('Porto instead');
  await expect(page.getByTestId('trip-title').getByTestId('waiting-mark')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '1 change waiting to sync' })).toBeVisible();

  expect((await owner.call('DELETE', `/core/trips/${world.tripId}`)).status()).toBe(200);
  await context.setOffline(false);

  const notice = page.getByRole('alert').filter({ hasText: "Couldn't apply your offline change" });
  await expect(notice).toHaveText(
    `Couldn't apply your offline change: rename ${oldName} to “Porto instead” — the trip no longer exists.`,
  );
  await expect(page.getByText(/waiting to sync/)).toHaveCount(0);
  // Nothing else happened: the trip stays deleted.
  expect((await owner.call('GET', `/core/trips/${world.tripId}`)).status()).toBe(404);
  await notice.getByRole('button', { name: 'Dismiss notice' }).click();
  await expect(notice).toHaveCount(0);
});

test('[OFFLINE-03] a note written and then edited offline reaches the server once, edited', async ({
  page,
  request,
  context,
}) => {
  const { world, owner } = await ownerInTravelWorld(page, request, 'offline-note');
  await openTripTab(page, world.tripId, 'planner');
  const dayOne = page.getByTestId('planner-day').first();
  await expect(dayOne).toBeVisible();

  await context.setOffline(true);
  await dayOne.getByRole('button', { name: /^Add a note to/ }).click();
  await dayOne.getByRole('textbox', { name: 'Note' }).fill('Tickets on the train');
  await dayOne.getByRole('button', { name: 'Add note' }).click();
  await dayOne.getByRole('button', { name: 'Edit note Tickets on the train' }).click();
  await dayOne.getByRole('textbox', { name: 'Note' }).fill('Tickets from the machine at the station');
  await dayOne.getByRole('button', { name: 'Save note' }).click();
  await expect(dayOne.getByText('Tickets from the machine at the station')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '2 changes waiting to sync' })).toBeVisible();
  await expect(dayOne.getByTestId('waiting-mark')).toHaveCount(1);

  await context.setOffline(false);
  await expect(page.getByText(/waiting to sync/)).toHaveCount(0);
  await expect(dayOne.getByTestId('waiting-mark')).toHaveCount(0);
  await expect
    .poll(async () => {
      const planner = (await (await owner.call('GET', `/core/trips/${world.tripId}/planner`)).json()) as {
        days: { items: { text: string | null }[] }[];
      };
      return planner.days[0]?.items.map((item) => item.text);
    })
    .toEqual(['Tickets from the machine at the station']);
  await expect(page.getByText(/could not be applied|Not applied/i)).toHaveCount(0);
});
