import type { Planner } from '@tripcrew/contracts/trips';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signIn } from '../../../../../test/shell-test-utils.tsx';
import { resetApiClient } from '../../../../lib/api-client.ts';
import { deferred, jsonResponse } from '../../../../lib/testing/fetch-mock.ts';
import { featureItem, makeFeature, mockTripApi } from '../../testing/trip-fixtures.ts';
import { clickMap, fake, fittedBounds, geoJsonSources } from '../../testing/trip-map-doubles.ts';
import { PlannerTab } from '../planner/planner-tab.tsx';
import { moveInPlanner } from '../planner/planner-moves.ts';
import { PlannerMapLayout, SPLIT_QUERY } from './planner-map-layout.tsx';
import type { TripMapHome } from './trip-map-panel.tsx';
import { DAY_COLOURS } from './trip-map-stops.ts';

// jsdom has no WebGL: the stand-ins of trip-map-doubles.ts for BaseMap and MapLibre.
vi.mock('../../../../components/map/base-map.tsx', async () =>
  (await import('../../testing/trip-map-doubles.ts')).fakeBaseMapModule(),
);
vi.mock('maplibre-gl', async () => (await import('../../testing/trip-map-doubles.ts')).fakeMaplibreModule());

const located = (i: number, title: string, lng: number, lat: number) =>
  makeFeature(i, { title, coordinates: { lat, lng } });

/** Day 1: Belém Tower, Jerónimos Monastery; day 2: Castle; day 3 empty; tray: Time Out Market. */
function lisbon(): Planner {
  return {
    days: [
      {
        date: '2031-06-02',
        items: [
          featureItem(located(1, 'Belém Tower', -9.2159, 38.6916), '2031-06-02', 0),
          featureItem(located(2, 'Jerónimos Monastery', -9.2065, 38.6979), '2031-06-02', 1),
        ],
      },
      { date: '2031-06-03', items: [featureItem(located(3, 'Castle', -9.1335, 38.7139), '2031-06-03', 0)] },
      { date: '2031-06-04', items: [] },
    ],
    tray: [featureItem(located(4, 'Time Out Market', -9.1458, 38.7069), null, 0)],
  };
}

function setWide(wide: boolean) {
  vi.mocked(window.matchMedia).mockImplementation((query: string) => {
    const target = new EventTarget();
    return Object.assign(target, {
      matches: wide && query === SPLIT_QUERY,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => true,
    }) as unknown as MediaQueryList;
  });
}

function mockPlanner(planner: Planner | (() => Planner), move?: () => Promise<Response>) {
  return mockTripApi({
    extra: (request) => {
      if (request.path === '/core/trips/t-1/planner')
        return jsonResponse(200, typeof planner === 'function' ? planner() : planner);
      if (move && request.path.endsWith('/move')) return move();
      return undefined;
    },
  });
}

function renderLayout({
  path = '/trips/t-1?tab=planner',
  realPlanner = false,
  canEdit = false,
  home = null as TripMapHome | null,
} = {}) {
  const result = renderAt(
    <PlannerMapLayout
      tripId="t-1"
      canEdit={canEdit}
      home={home}
      planner={
        realPlanner ? <PlannerTab tripId="t-1" tripName="Lisbon" canEdit isAdmin /> : <p>the planner</p>
      }
    />,
    { path },
  );
  signIn(result.store);
  return result;
}

/** A wide screen with the planner and the map of Lisbon's stops, drawn. */
async function wideLisbonMap() {
  setWide(true);
  mockPlanner(lisbon());
  renderLayout();
  await screen.findAllByTestId('trip-map-stop');
}

const stopNames = () => screen.queryAllByTestId('trip-map-stop').map((el) => el.getAttribute('aria-label'));

beforeEach(() => {
  fake.state.baseMapRenders = 0;
  fake.state.fits = [];
});
afterEach(() => {
  setWide(false);
  vi.unstubAllGlobals();
  resetApiClient();
});

describe('PlannerMapLayout', () => {
  it('[TRIPMAP-12] below 1024 px: a List / Map toggle; the map (and its code) only after Map is chosen, kept in the URL', async () => {
    setWide(false);
    mockPlanner(lisbon());
    const { router } = renderLayout();
    const list = screen.getByRole('button', { name: 'List' });
    const mapButton = screen.getByRole('button', { name: 'Map' });
    expect(
      within(screen.getByRole('group', { name: 'Show the plan as' })).getAllByRole('button'),
    ).toHaveLength(2);
    expect(list.getAttribute('aria-pressed')).toBe('true');
    expect(mapButton.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('the planner')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Trip map' })).toBeNull();
    expect(fake.state.baseMapRenders).toBe(0);

    await userEvent.click(mapButton);
    expect(mapButton.getAttribute('aria-pressed')).toBe('true');
    expect(router.state.location.search).toBe('?tab=planner&view=map');
    expect(await screen.findByRole('region', { name: 'Trip map' })).toBeTruthy();
    await screen.findByTestId('base-map');
    expect(screen.getByText('the planner').closest('[hidden]')).not.toBeNull();

    await userEvent.click(list);
    expect(router.state.location.search).toBe('?tab=planner');
    expect(screen.queryByRole('region', { name: 'Trip map' })).toBeNull();
    expect(screen.getByText('the planner').closest('[hidden]')).toBeNull();
  });

  it('[TRIPMAP-12] ?view=map opens the narrow screen on the map', async () => {
    setWide(false);
    mockPlanner(lisbon());
    renderLayout({ path: '/trips/t-1?tab=planner&view=map' });
    expect(screen.getByRole('button', { name: 'Map' }).getAttribute('aria-pressed')).toBe('true');
    await screen.findByTestId('base-map');
  });

  it('[TRIPMAP-13] from 1024 px: the planner and the sticky map side by side, no toggle', async () => {
    setWide(true);
    mockPlanner(lisbon());
    renderLayout();
    expect(screen.queryByRole('button', { name: 'Map' })).toBeNull();
    expect(screen.getByText('the planner')).toBeTruthy();
    const region = screen.getByRole('region', { name: 'Trip map' });
    expect(region.className).toContain('sticky');
    await screen.findByTestId('base-map');
  });
});

describe('TripMapPanel', () => {
  it("[TRIPMAP-14] numbered stops per day in the day's order and colour, the tray greyed, a legend; fits all stops on open", async () => {
    await wideLisbonMap();
    expect(stopNames()).toEqual([
      'Day 1, stop 1: Belém Tower',
      'Day 1, stop 2: Jerónimos Monastery',
      'Day 2, stop 1: Castle',
      'Unscheduled: Time Out Market',
    ]);
    const [first, , third, tray] = screen.getAllByTestId('trip-map-stop');
    expect(first?.textContent).toBe('1');
    expect(first?.tagName).toBe('BUTTON');
    expect(first?.style.backgroundColor).toBe('rgb(29, 78, 216)');
    expect(third?.style.backgroundColor).toBe('rgb(185, 28, 28)');
    expect(tray?.textContent).toBe('');
    expect(tray?.style.backgroundColor).toBe('rgb(100, 116, 139)');
    expect(DAY_COLOURS[0]).toBe('#1d4ed8');
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Day 1 · Mon 2 Jun(2 stops)', 'Day 2 · Tue 3 Jun(1 stop)', 'Unscheduled(1 stop)']);
    expect(fittedBounds()).toEqual([
      [
        [-9.2159, 38.6916],
        [-9.1335, 38.7139],
      ],
    ]);
    expect(geoJsonSources()).toContain('trip-day-lines');
  });

  it('[TRIPMAP-15] the day filter shows only that day and fits the map to its stops', async () => {
    await wideLisbonMap();
    const filter = screen.getByRole('combobox', { name: 'Show' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All days', 'Day 1 · Mon 2 Jun', 'Day 2 · Tue 3 Jun', 'Day 3 · Wed 4 Jun']);
    await userEvent.selectOptions(filter, 'Day 2 · Tue 3 Jun');
    expect(stopNames()).toEqual(['Day 2, stop 1: Castle']);
    // One stop: a small box around it, not the street.
    expect(fake.state.fits).toHaveLength(2);
    const [[west, south], [east, north]] = JSON.parse(fake.state.fits[1] ?? '') as number[][] as [
      [number, number],
      [number, number],
    ];
    expect((west + east) / 2).toBeCloseTo(-9.1335, 6);
    expect((south + north) / 2).toBeCloseTo(38.7139, 6);
    expect(east - west).toBeGreaterThan(0.01);

    await userEvent.selectOptions(filter, 'Day 3 · Wed 4 Jun');
    expect(stopNames()).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('No stops with a location on this day.');

    await userEvent.selectOptions(filter, 'All days');
    expect(stopNames()).toHaveLength(4);
    expect(fake.state.fits).toHaveLength(3);
  });

  it('[TRIPMAP-16] a stop is a button: clicking it (or Enter) shows its name, day and number in a popup', async () => {
    await wideLisbonMap();
    const stop = screen.getByRole('button', { name: 'Day 1, stop 2: Jerónimos Monastery' });
    stop.focus();
    await userEvent.keyboard('{Enter}');
    const popup = await screen.findByTestId('map-popup');
    expect(popup.textContent).toBe('Jerónimos MonasteryDay 1 · Mon 2 Jun · stop 2');
    await userEvent.click(screen.getByRole('button', { name: 'Unscheduled: Time Out Market' }));
    expect(screen.getAllByTestId('map-popup')).toHaveLength(1);
    expect(screen.getByTestId('map-popup').textContent).toBe('Time Out MarketUnscheduled');

    // Escape closes it and gives the focus back to its stop.
    fireEvent.keyDown(screen.getByTestId('map-popup'), { key: 'Escape' });
    expect(screen.queryByTestId('map-popup')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Unscheduled: Time Out Market' }));
  });

  it('[TRIPMAP-17] a move in the planner shows on the map at once, before the server answers, without refitting', async () => {
    setWide(true);
    const answer = deferred<Response>();
    mockPlanner(lisbon(), () => answer.promise);
    renderLayout({ realPlanner: true });
    await screen.findAllByTestId('trip-map-stop');
    await screen.findByRole('button', { name: 'Move Belém Tower' });
    await userEvent.click(screen.getByRole('button', { name: 'Move Belém Tower' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /^To Day 2/ }));
    expect(stopNames()).toEqual([
      'Day 1, stop 1: Jerónimos Monastery',
      'Day 2, stop 1: Castle',
      'Day 2, stop 2: Belém Tower',
      'Unscheduled: Time Out Market',
    ]);
    expect(fake.state.fits).toHaveLength(1);
    await act(async () => {
      answer.resolve(jsonResponse(200, moveInPlanner(lisbon(), 'i-f1', { date: '2031-06-03', index: 1 })));
      await answer.promise;
    });
    expect(stopNames()).toContain('Day 2, stop 2: Belém Tower');
  });

  it('[TRIPMAP-18] no feature with a location: an empty state, and no map is loaded', async () => {
    setWide(true);
    mockPlanner({ days: [{ date: '2031-06-02', items: [] }], tray: [featureItem(makeFeature(1), null, 0)] });
    renderLayout();
    expect(await screen.findByText('No stops with a location yet')).toBeTruthy();
    expect(fake.state.baseMapRenders).toBe(0);
  });

  it("[PLACES-OWN-22] nothing located yet: an editor gets the map of the trip's place and drops the first pin there", async () => {
    setWide(true);
    mockPlanner({ days: [{ date: '2031-06-02', items: [] }], tray: [featureItem(makeFeature(1), null, 0)] });
    renderLayout({ canEdit: true, home: { center: [-9.14, 38.72], zoom: 11 } });
    expect((await screen.findByTestId('trip-map-first-pin')).textContent).toMatch(
      /No stops with a location yet/,
    );
    expect(fake.state.view).toEqual({ center: [-9.14, 38.72], zoom: 11 });
    // Nothing to choose between: no day filter, no legend.
    expect(screen.queryByRole('combobox', { name: 'Show' })).toBeNull();

    // The map is ready once MapLibre has loaded (here at once): then a click drops a pin.
    await vi.waitFor(() => expect(fake.map.on).toHaveBeenCalledWith('click', expect.any(Function)));
    await act(async () => clickMap({ lat: 38.7139, lng: -9.1334 }));
    fireEvent.click(
      within(await screen.findByTestId('map-popup')).getByRole('button', { name: 'Add a place here' }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect((dialog.getByRole('textbox', { name: 'Map link or coordinates' }) as HTMLInputElement).value).toBe(
      '38.7139, -9.1334',
    );
  });

  it('[PLACES-OWN-23] nothing located yet: a viewer, or a trip whose place has no point, keeps the empty state', async () => {
    setWide(true);
    mockPlanner({ days: [{ date: '2031-06-02', items: [] }], tray: [] });
    const viewer = renderLayout({ canEdit: false, home: { center: [-9.14, 38.72], zoom: 11 } });
    expect(await screen.findByText('No stops with a location yet')).toBeTruthy();
    viewer.unmount();
    renderLayout({ canEdit: true, home: null });
    expect(await screen.findByText('No stops with a location yet')).toBeTruthy();
    expect(fake.state.baseMapRenders).toBe(0);
  });
});
