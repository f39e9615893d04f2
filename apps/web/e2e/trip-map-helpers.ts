import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { type ApiUser, expect, ownerInTravelWorld, type TravelWorld } from './fixtures.ts';

/** A trip's planner as GET /core/trips/{id}/planner answers it. */
export interface PlannerItem {
  _id: string;
  feature: { title: string } | null;
}
export interface Planner {
  days: { date: string; items: PlannerItem[] }[];
  tray: PlannerItem[];
}

/** The basemap's first draw (style, data, worker) took over 10 s once on a busy two-core machine. */
export const MAP_LOAD = { timeout: 30_000 };

/** What the trip's map should show: day 1 with two stops, day 2 with one, one left in the tray. */
export interface ScheduledTrip {
  day1: [string, string];
  day2: string;
  tray: string;
}

/** Schedules a seeded trip's tray through the planner's own moves: two on day 1, one on day 2. */
export async function scheduleLisbon(owner: ApiUser, tripId: string): Promise<ScheduledTrip> {
  const read = async () =>
    (await (await owner.call('GET', `/core/trips/${tripId}/planner`)).json()) as Planner;
  const planner = await read();
  const [a, b, c, d] = planner.tray;
  const [first, second] = planner.days;
  if (!a || !b || !c || !d || !first || !second)
    throw new Error('the seeded trip has four features and two days');
  const move = async (item: PlannerItem, date: string, index: number) =>
    expect(
      (
        await owner.call('POST', `/core/trips/${tripId}/planner/items/${item._id}/move`, { date, index })
      ).status(),
    ).toBe(200);
  await move(a, first.date, 0);
  await move(b, first.date, 1);
  await move(c, second.date, 0);
  const title = (item: PlannerItem) => item.feature?.title ?? '';
  return { day1: [title(a), title(b)], day2: title(c), tray: title(d) };
}

/** The numbered (and greyed) stops on the trip's map. */
export const mapStops = (page: Page): Locator =>
  page.getByRole('region', { name: 'Trip map' }).getByTestId('trip-map-stop');

/** The stops' accessible names, in the order a keyboard reaches them. */
export const mapStopNames = (page: Page): Promise<(string | null)[]> =>
  mapStops(page).evaluateAll((stops) => stops.map((stop) => stop.getAttribute('aria-label')));

/**
 * How many distinct colours the map's canvas shows, and how many of its pixels are close to
 * `colour` (read from a screenshot of the canvas: a WebGL canvas keeps no pixels to read back).
 */
export async function canvasPixels(page: Page, colour: [number, number, number]) {
  const canvas = page.getByRole('region', { name: 'Trip map' }).locator('canvas').first();
  await expect(canvas).toBeVisible();
  // Only what the canvas draws: the HTML markers and popups above it are hidden for the picture.
  const png = (
    await canvas.screenshot({
      style: '.maplibregl-marker, .maplibregl-popup { visibility: hidden !important; }',
    })
  ).toString('base64');
  return page.evaluate(
    async ({ data, rgb }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const scratch = document.createElement('canvas');
      scratch.width = image.width;
      scratch.height = image.height;
      const context = scratch.getContext('2d');
      if (!context) return { colours: 0, near: 0 };
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, image.width, image.height).data;
      const colours = new Set<number>();
      let near = 0;
      for (let i = 0; i < pixels.length; i += 4) {
        const [r = 0, g = 0, b = 0] = [pixels[i], pixels[i + 1], pixels[i + 2]];
        colours.add((r << 16) | (g << 8) | b);
        if (Math.abs(r - rgb[0]) + Math.abs(g - rgb[1]) + Math.abs(b - rgb[2]) < 40) near += 1;
      }
      return { colours: colours.size, near };
    },
    { data: png, rgb: colour },
  );
}

/** A travel world scheduled by scheduleLisbon, its owner signed in on `page` and on the planner. */
export async function plannerOfScheduledLisbon(
  page: Page,
  request: APIRequestContext,
  label: string,
): Promise<{ world: TravelWorld; owner: ApiUser; trip: ScheduledTrip }> {
  const { world, owner } = await ownerInTravelWorld(page, request, label);
  const trip = await scheduleLisbon(owner, world.tripId);
  await page.goto(`/trips/${world.tripId}?tab=planner`);
  return { world, owner, trip };
}
