import { testInTravelWorld } from './fixtures.ts';
import { checkLayoutOfScreens, nameTripLong } from './layout-checks.ts';

const test = testInTravelWorld('layout-mobile');

/**
 * Banners and cards hold together on small screens (390 px, and the narrowest supported 320 px):
 * no overlapping or cut-off banner text, no sideways scroll, no clipped card title.
 */
for (const width of [390, 320]) {
  test(`[PLACE-06][FEATURE-01] layout at ${width} px: banners, cards, no horizontal scroll`, async ({
    page,
    world,
    problems,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    await nameTripLong(world, page.request);
    await checkLayoutOfScreens(page, world);
    test.expect(problems.consoleErrors).toEqual([]);
    test.expect(problems.cspViolations).toEqual([]);
  });
}
