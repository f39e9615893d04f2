import { axe, expect, test, WCAG_TAGS } from './fixtures.ts';
import { canvasPixels, MAP_LOAD, mapStopNames, plannerOfScheduledLisbon } from './trip-map-helpers.ts';

/**
 * The trip's map on a small screen: a 'List' / 'Map' toggle above the planner; the map (and
 * MapLibre) loads only once 'Map' is chosen, and the choice is kept in the URL.
 */
test('[TRIPMAP-20] small screen: the List / Map toggle shows the map with the numbered stops (axe clean), kept in the URL', async ({
  page,
  request,
  problems,
}) => {
  const mapScripts: string[] = [];
  page.on('request', (sent) => {
    if (/maplibre|base-map-view|trip-map-canvas/.test(sent.url())) mapScripts.push(sent.url());
  });
  const { trip } = await plannerOfScheduledLisbon(page, request, 'trip-map-mobile');

  const list = page.getByRole('button', { name: 'List', exact: true });
  const mapButton = page.getByRole('button', { name: 'Map', exact: true });
  await expect(list).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('planner-day').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Trip map' })).toHaveCount(0);
  expect(mapScripts, 'no map code before the map is asked for').toEqual([]);

  await mapButton.click();
  await expect(mapButton).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/[?&]view=map/);
  await expect(page.getByRole('region', { name: 'Trip map' })).toBeVisible();
  await expect(page.getByTestId('planner-day').first()).toBeHidden();
  await expect
    .poll(() => mapStopNames(page), MAP_LOAD)
    .toEqual([
      `Day 1, stop 1: ${trip.day1[0]}`,
      `Day 1, stop 2: ${trip.day1[1]}`,
      `Day 2, stop 1: ${trip.day2}`,
      `Unscheduled: ${trip.tray}`,
    ]);
  await expect
    .poll(async () => (await canvasPixels(page, [29, 78, 216])).colours, MAP_LOAD)
    .toBeGreaterThan(20);

  const scan = await axe(page).withTags(WCAG_TAGS).analyze();
  const blocking = scan.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(blocking).toEqual([]);

  // The choice survives a reload; 'List' brings the planner back.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Map', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('region', { name: 'Trip map' })).toBeVisible();
  await page.getByRole('button', { name: 'List', exact: true }).click();
  await expect(page.getByTestId('planner-day').first()).toBeVisible();
  await expect(page).not.toHaveURL(/view=map/);

  expect(problems.consoleErrors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});
