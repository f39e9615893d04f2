import { testInTravelWorld } from './fixtures.ts';
import { checkLayoutOfScreens, nameTripLong } from './layout-checks.ts';

const test = testInTravelWorld('layout-desktop');

/**
 * Banners and cards hold together on wide screens: on home, a place and a trip, no two texts of
 * the banner overlap or stick out, the page never scrolls sideways and no card title is clipped.
 */
for (const width of [1366, 1440]) {
  test(`[PLACE-06][FEATURE-01] layout at ${width} px: banners, cards, no horizontal scroll`, async ({
    page,
    world,
    problems,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await nameTripLong(world, page.request);
    await checkLayoutOfScreens(page, world);
    test.expect(problems.consoleErrors).toEqual([]);
    test.expect(problems.cspViolations).toEqual([]);
  });
}
