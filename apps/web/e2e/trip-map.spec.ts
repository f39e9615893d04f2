import { axe, expect, test, WCAG_TAGS } from './fixtures.ts';
import { canvasPixels, MAP_LOAD, mapStopNames, plannerOfScheduledLisbon } from './trip-map-helpers.ts';

/**
 * The trip's map beside the planner (desktop, ≥ 1024 px): the planned stops of each day numbered
 * in order and joined in the day's colour, following the planner's moves without a reload.
 */

const DAY_1_BLUE: [number, number, number] = [29, 78, 216];
const BLOCKING = new Set(['serious', 'critical']);

test('[TRIPMAP-19] the map beside the planner numbers each day in order, follows a move without a reload, draws its lines and passes axe', async ({
  page,
  request,
  problems,
}) => {
  const { trip } = await plannerOfScheduledLisbon(page, request, 'trip-map');
  const [first, second] = trip.day1;

  // Side by side: the planner on the left, the map on the right, no toggle.
  const map = page.getByRole('region', { name: 'Trip map' });
  await expect(map).toBeVisible();
  await expect(page.getByTestId('planner-day').first()).toBeVisible();
  const board = (await page.getByTestId('planner-board').boundingBox())!;
  const mapBox = (await map.boundingBox())!;
  expect(mapBox.x).toBeGreaterThanOrEqual(board.x + board.width - 1);
  await expect(page.getByRole('button', { name: 'Map', exact: true })).toHaveCount(0);

  await expect
    .poll(() => mapStopNames(page), MAP_LOAD)
    .toEqual([
      `Day 1, stop 1: ${first}`,
      `Day 1, stop 2: ${second}`,
      `Day 2, stop 1: ${trip.day2}`,
      `Unscheduled: ${trip.tray}`,
    ]);
  await expect(map.getByRole('button', { name: `Day 1, stop 1: ${first}` })).toHaveText('1');

  // Not a blank canvas: a basemap of several colours, and day 1's blue line drawn on it.
  await expect.poll(async () => (await canvasPixels(page, DAY_1_BLUE)).colours, MAP_LOAD).toBeGreaterThan(20);
  await expect.poll(async () => (await canvasPixels(page, DAY_1_BLUE)).near, MAP_LOAD).toBeGreaterThan(20);

  // A stop's popup: its name, day and number.
  await map.getByRole('button', { name: `Day 1, stop 2: ${second}` }).click();
  await expect(page.locator('.maplibregl-popup')).toContainText(second);
  await expect(page.locator('.maplibregl-popup')).toContainText(/Day 1 · \w{3} \d{1,2} \w{3} · stop 2/);

  // A move through the planner's move menu reaches the map at once, without a reload.
  await page.getByRole('button', { name: `Move ${first}`, exact: true }).click();
  await page
    .getByRole('menu', { name: `Move ${first}` })
    .getByRole('menuitem', { name: /^To Day 2/ })
    .click();
  await expect
    .poll(() => mapStopNames(page), { timeout: 2_000 })
    .toEqual([
      `Day 1, stop 1: ${second}`,
      `Day 2, stop 1: ${trip.day2}`,
      `Day 2, stop 2: ${first}`,
      `Unscheduled: ${trip.tray}`,
    ]);

  // The day filter: only day 2's stops.
  await page.getByRole('combobox', { name: 'Show' }).selectOption({ index: 2 });
  await expect
    .poll(() => mapStopNames(page))
    .toEqual([`Day 2, stop 1: ${trip.day2}`, `Day 2, stop 2: ${first}`]);

  const scan = await axe(page).withTags(WCAG_TAGS).analyze();
  const blocking = scan.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(blocking).toEqual([]);

  expect(problems.consoleErrors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});
