import type { Page } from '@playwright/test';
import { apiUser, type ApiUser, axe, expect, logIn, picture, registerAccount, test } from './fixtures.ts';
import { openTripTab, tripTabPath } from './two-members.ts';

/**
 * ROUTE-11: a day of Lisbon stops in a deliberately scrambled order shows the distance between
 * each pair of stops and the day's total; 'Optimise route' reorders it and says how much it saved;
 * 'Undo' puts the previous order back in one step. Screenshots of the planner with distances at
 * 390×844 and 1366×900, light and dark.
 */

interface Feature {
  _id: string;
  title: string;
  coordinates: { lat: number; lng: number } | null;
}
interface Planner {
  days: { date: string; items: { _id: string; feature: Feature | null }[] }[];
  tray: { _id: string; feature: Feature | null }[];
}

const isoDay = (offset: number) => {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

/**
 * A two-day private trip at Lisbon whose first day has five stops: the westernmost first, then the
 * others zig-zagging east–west (4, 1, 3, 2 by longitude), which is far from the shortest order.
 */
async function scrambledTrip(owner: ApiUser): Promise<{ tripId: string; titles: string[] }> {
  const places = (await (await owner.call('GET', '/core/places/autocomplete?q=Lisbon')).json()) as {
    _id: string;
  }[];
  const placeId = places[0]?._id ?? '';
  const search = (await (
    await owner.call('GET', `/core/features/search?placeId=${encodeURIComponent(placeId)}&limit=20`)
  ).json()) as { data: Feature[] };
  const located = search.data.filter((f) => f.coordinates).slice(0, 5);
  expect(located, 'five Lisbon features with coordinates').toHaveLength(5);
  const byLng = [...located].sort((a, b) => (a.coordinates?.lng ?? 0) - (b.coordinates?.lng ?? 0));
  const scrambled = [0, 4, 1, 3, 2].map((k) => byLng[k] as Feature);
  const created = await owner.call('POST', '/core/trips', {
    placeId,
    startDate: isoDay(30),
    endDate: isoDay(31),
    transportMode: 'private',
    featureIds: located.map((f) => f._id),
  });
  expect(created.status()).toBe(201);
  const { _id: tripId } = (await created.json()) as { _id: string };
  const planner = (await (await owner.call('GET', `/core/trips/${tripId}/planner`)).json()) as Planner;
  for (const [index, feature] of scrambled.entries()) {
    const item = planner.tray.find((i) => i.feature?._id === feature._id);
    const moved = await owner.call('POST', `/core/trips/${tripId}/planner/items/${item?._id ?? ''}/move`, {
      date: isoDay(30),
      index,
    });
    expect(moved.status()).toBe(200);
  }
  return { tripId, titles: scrambled.map((f) => f.title) };
}

const firstDay = (page: Page) => page.getByTestId('planner-day').first();
const dayTitles = (page: Page) => firstDay(page).getByTestId('planner-item-title');
const legs = (page: Page) => firstDay(page).getByTestId('route-leg');

async function expectDistances(page: Page): Promise<void> {
  await expect(legs(page)).toHaveCount(4);
  for (const leg of await legs(page).all()) {
    await expect(leg).toHaveText(/^\d[\d.,]* (m|km) · \d+ (min|h)( \d+ min)? (walk|drive)$/);
  }
  await expect(firstDay(page).getByTestId('route-day-total')).toHaveText(/\d (m|km) · .* (walk|drive)$/);
}

test('[ROUTE-11] a scrambled day shows its distances; Optimise route reorders it and shows the saving; Undo restores it', async ({
  page,
  request,
  problems,
}) => {
  const account = await registerAccount(request, { label: 'route-optimise', name: 'Rui', lastName: 'Rota' });
  const owner = await apiUser(request, account.email, account.password);
  const { tripId, titles } = await scrambledTrip(owner);
  await logIn(page, account.email, account.password, tripTabPath(tripId, 'planner'));
  await openTripTab(page, tripId, 'planner', false);

  await expect(dayTitles(page)).toHaveText(titles);
  await expectDistances(page);
  const totalBefore = await firstDay(page).getByTestId('route-day-total').textContent();
  // The second day has no stops: no distances, no button.
  const secondDay = page.getByTestId('planner-day').nth(1);
  await expect(secondDay.getByTestId('route-day-total')).toHaveCount(0);
  await expect(secondDay.getByRole('button', { name: /Optimise route/ })).toHaveCount(0);

  const result = await axe(page).include('[data-testid="planner-board"]').analyze();
  expect(
    result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`,
      ),
  ).toEqual([]);

  const optimise = firstDay(page).getByRole('button', { name: 'Optimise route of Day 1' });
  await optimise.click();
  const notice = firstDay(page).getByTestId('route-optimise-notice');
  await expect(notice).toContainText(/Saved \d[\d.,]* (m|km)/);
  await picture(page, 'planner-routes-optimised-1280');
  const optimised = await dayTitles(page).allTextContents();
  expect(optimised).not.toEqual(titles);
  expect(optimised[0]).toBe(titles[0]);
  expect([...optimised].sort()).toEqual([...titles].sort());
  await expectDistances(page);
  await expect(firstDay(page).getByTestId('route-day-total')).not.toHaveText(totalBefore ?? '');
  // The server has the new order.
  const saved = (await (await owner.call('GET', `/core/trips/${tripId}/planner`)).json()) as Planner;
  expect(saved.days[0]?.items.map((i) => i.feature?.title)).toEqual(optimised);

  // From the keyboard: Enter on Undo; the focus then waits on the day's Optimise button.
  await notice.getByRole('button', { name: 'Undo' }).focus();
  await page.keyboard.press('Enter');
  await expect(dayTitles(page)).toHaveText(titles);
  await expect(notice).toHaveCount(0);
  await expect(optimise).toBeFocused();
  await expect(firstDay(page).getByTestId('route-day-total')).toHaveText(totalBefore ?? '');
  const restored = (await (await owner.call('GET', `/core/trips/${tripId}/planner`)).json()) as Planner;
  expect(restored.days[0]?.items.map((i) => i.feature?.title)).toEqual(titles);
  expect(problems.consoleErrors).toEqual([]);
});

test('[ROUTE-11] screenshots of the planner with distances: 390×844 and 1366×900, light and dark', async ({
  browser,
  request,
}) => {
  const account = await registerAccount(request, { label: 'route-shots', name: 'Rui', lastName: 'Rota' });
  const owner = await apiUser(request, account.email, account.password);
  const { tripId } = await scrambledTrip(owner);
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1366, height: 900 },
    ]) {
      const context = await browser.newContext({ viewport, colorScheme });
      const page = await context.newPage();
      await logIn(page, account.email, account.password, tripTabPath(tripId, 'planner'));
      await openTripTab(page, tripId, 'planner', false);
      await expectDistances(page);
      // Day 1 just under the sticky header.
      await firstDay(page).evaluate((day) => window.scrollBy(0, day.getBoundingClientRect().top - 80));
      await picture(page, `planner-routes-${viewport.width}-${colorScheme}`);
      await context.close();
    }
  }
});
