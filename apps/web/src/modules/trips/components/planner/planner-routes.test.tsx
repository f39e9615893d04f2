import type { OptimiseDayResponse, TripRoutes } from '@tripcrew/contracts/trip-routes';
import type { Planner } from '@tripcrew/contracts/trips';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signIn } from '../../../../../test/shell-test-utils.tsx';
import { resetApiClient } from '../../../../lib/api-client.ts';
import { jsonResponse } from '../../../../lib/testing/fetch-mock.ts';
import { featureItem, makeFeature, makePlanner, mockTripApi } from '../../testing/trip-fixtures.ts';
import { PlannerTab } from './planner-tab.tsx';

const DATE = '2031-05-05';
const stops = [1, 2, 3].map((i) => makeFeature(i, { coordinates: { lat: 38.7, lng: -9.1 - i / 100 } }));

function dayPlanner(order: number[]): Planner {
  const base = makePlanner();
  return {
    ...base,
    days: base.days.map((day, d) =>
      d === 0 ? { ...day, items: order.map((k, i) => featureItem(stops[k]!, DATE, i)) } : day,
    ),
    tray: [],
  };
}

const ids = (order: number[]) => order.map((k) => `i-${stops[k]!._id}`);

function routesFor(order: number[]): TripRoutes {
  const legs = order.slice(1).map((k, i) => ({
    fromItemId: `i-${stops[order[i]!]!._id}`,
    toItemId: `i-${stops[k]!._id}`,
    distanceM: 1200,
    durationS: 900,
    source: 'estimate' as const,
    geometry: null,
  }));
  return {
    mode: 'driving',
    days: makePlanner().days.map((day, d) => ({
      date: day.date,
      mode: 'walking' as const,
      legs: d === 0 ? legs : [],
      totalDistanceM: d === 0 ? 1200 * legs.length : 0,
      totalDurationS: d === 0 ? 900 * legs.length : 0,
      skippedItemIds: [],
      home: { start: null, end: null },
    })),
  };
}

function mockRoutesApi(initial: number[]) {
  let order = initial;
  return mockTripApi({
    extra: (request) => {
      if (request.path === '/core/trips/t-1/planner') return jsonResponse(200, dayPlanner(order));
      if (request.path === '/core/trips/t-1/routes') return jsonResponse(200, routesFor(order));
      if (request.path === `/core/trips/t-1/planner/days/${DATE}/optimise`) {
        order = [0, 1, 2];
        const answer: OptimiseDayResponse = {
          planner: dayPlanner(order),
          itemIds: ids(order),
          applied: true,
          beforeM: 3500,
          afterM: 1200,
          savedM: 2300,
        };
        return jsonResponse(200, answer);
      }
      if (request.path === `/core/trips/t-1/planner/days/${DATE}/order` && request.method === 'PUT') {
        const asked = (request.body as { itemIds: string[] }).itemIds;
        order = asked.map((id) => stops.findIndex((s) => `i-${s._id}` === id));
        return jsonResponse(200, dayPlanner(order));
      }
      return undefined;
    },
  });
}

function renderPlanner(canEdit = true) {
  const result = renderAt(<PlannerTab tripId="t-1" tripName="Lisbon" canEdit={canEdit} isAdmin={false} />);
  signIn(result.store);
  return result;
}

const firstDay = async () => (await screen.findAllByTestId('planner-day'))[0]!;
const titles = (el: HTMLElement) =>
  within(el)
    .queryAllByTestId('planner-item-title')
    .map((t) => t.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiClient();
});

describe('planner distances and Optimise route', () => {
  it('[ROUTE-09] legs between stops and the day total; other days show nothing; viewers get no button', async () => {
    mockRoutesApi([0, 2, 1]);
    renderPlanner(false);
    const day = await firstDay();
    await vi.waitFor(() =>
      expect(
        within(day)
          .getAllByTestId('route-leg')
          .map((l) => l.textContent),
      ).toEqual(['1.2 km · 15 min walk', '1.2 km · 15 min walk']),
    );
    expect(within(day).getByTestId('route-day-total').textContent).toBe('Day total: 2.4 km · 30 min walk');
    expect(within(day).queryByRole('button', { name: /Optimise route/ })).toBeNull();
    const second = screen.getAllByTestId('planner-day')[1]!;
    expect(within(second).queryByTestId('route-day-total')).toBeNull();
  });

  it('[ROUTE-10] Optimise route applies the order and says the saving; Undo puts the previous order back in one PUT', async () => {
    const fetch = mockRoutesApi([0, 2, 1]);
    renderPlanner();
    const day = await firstDay();
    await vi.waitFor(() => expect(titles(day)).toEqual(['Feature 1', 'Feature 3', 'Feature 2']));
    fireEvent.click(within(day).getByRole('button', { name: 'Optimise route of Day 1' }));
    const notice = await within(day).findByTestId('route-optimise-notice');
    expect(notice.textContent).toContain('Saved 2.3 km');
    await vi.waitFor(() => expect(titles(day)).toEqual(['Feature 1', 'Feature 2', 'Feature 3']));
    fireEvent.click(within(notice).getByRole('button', { name: 'Undo' }));
    await vi.waitFor(() => expect(titles(day)).toEqual(['Feature 1', 'Feature 3', 'Feature 2']));
    const puts = fetch.to(`/core/trips/t-1/planner/days/${DATE}/order`);
    expect(puts).toHaveLength(1);
    expect(puts[0]!.body).toEqual({ itemIds: ids([0, 2, 1]) });
    await vi.waitFor(() => expect(within(day).queryByTestId('route-optimise-notice')).toBeNull());
  });

  it('[ROUTE-10] offline, or with fewer than 3 stops, the button is disabled and says why', async () => {
    mockRoutesApi([0, 2, 1]);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderPlanner();
    const day = await firstDay();
    const button = await within(day).findByRole('button', { name: 'Optimise route of Day 1' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Optimising needs a connection.',
    );
  });

  it('[ROUTE-10] a day of two stops has distances but cannot be optimised', async () => {
    mockRoutesApi([0, 1]);
    renderPlanner();
    const day = await firstDay();
    const button = await within(day).findByRole('button', { name: 'Optimise route of Day 1' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(within(day).getByText('Needs 3 stops or more.')).toBeTruthy();
  });
});
