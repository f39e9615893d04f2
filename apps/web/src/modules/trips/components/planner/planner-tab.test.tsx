import type { DragEndEvent } from '@dnd-kit/core';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { settle } from '../../../../../test/settle.ts';
import { renderAt, resetMocksAfterEach, signIn } from '../../../../../test/shell-test-utils.tsx';
import { deferred, jsonResponse } from '../../../../lib/testing/fetch-mock.ts';
import { type Handler, makePlanner, mockTripApi } from '../../testing/trip-fixtures.ts';
import { dropTarget, PlannerTab } from './planner-tab.tsx';

function renderPlanner({ canEdit = true, isAdmin = true } = {}) {
  const result = renderAt(
    <PlannerTab tripId="t-1" tripName="Lisbon, Portugal" canEdit={canEdit} isAdmin={isAdmin} />,
  );
  signIn(result.store);
  return result;
}

/** The planner, loaded: `move` (its Move button) opens the menu and `to` is picked. */
async function moveByMenu(move: string, to: string) {
  renderPlanner();
  await screen.findAllByTestId('planner-day');
  fireEvent.click(screen.getByRole('button', { name: move }));
  fireEvent.click(screen.getByRole('menuitem', { name: to }));
}

const day = (date: string) => screen.getAllByTestId('planner-day').find((el) => el.dataset.date === date)!;
const titlesIn = (element: HTMLElement) =>
  within(element)
    .queryAllByTestId('planner-item-title')
    .map((el) => el.textContent);

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:calendar');
  URL.revokeObjectURL = vi.fn();
});
resetMocksAfterEach();

describe('PlannerTab', () => {
  it('[PLANNER-05] shows the days as columns (a list below 640 px) with date and item count, and the tray', async () => {
    mockTripApi();
    renderPlanner();
    const days = await screen.findAllByTestId('planner-day');
    expect(days).toHaveLength(4);
    expect(within(days[0]!).getByRole('heading').textContent).toBe('Day 1Mon 05/05/2031');
    expect(within(days[0]!).getByTestId('planner-count').textContent).toBe('2');
    expect(within(days[0]!).getByLabelText('2 items')).toBeTruthy();
    expect(within(days[1]!).getByTestId('planner-count').textContent).toBe('0');
    const tray = screen.getByTestId('planner-tray');
    expect(within(tray).getByRole('heading').textContent).toBe('unscheduled');
    expect(titlesIn(tray)).toEqual(['Feature 2']);
    const board = screen.getByTestId('planner-board');
    expect(board.className).toContain('flex-col');
    expect(board.className).toContain('sm:flex-row');
    expect(within(days[0]!).getByText('09:30')).toBeTruthy();
  });

  it("[PLANNER-05] 'add to calendar' downloads calendar.ics through the API client (with the bearer token)", async () => {
    const fetch = mockTripApi({
      extra: (request) =>
        request.path === '/core/trips/t-1/calendar.ics'
          ? new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
              status: 200,
              headers: { 'Content-Type': 'text/calendar' },
            })
          : undefined,
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPlanner();
    fireEvent.click(await screen.findByRole('button', { name: 'add to calendar' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    const [request] = fetch.to('/core/trips/t-1/calendar.ics');
    expect(request!.headers.get('Accept')).toBe('text/calendar');
    expect(URL.createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('lisbon-portugal.ics');
  });

  it('[PLANNER-05] an admin creates, sees and revokes the private calendar feed URL', async () => {
    let url: string | null = null;
    const feed: Handler = (request) => {
      if (request.path !== '/core/trips/t-1/calendar-feed') return undefined;
      if (request.method === 'POST')
        url = 'http://localhost:3000/api/core/trips/calendar-feed/abcdefghijklmnopqrstuvwxyz.ics';
      if (request.method === 'DELETE') url = null;
      if (request.method === 'DELETE') return jsonResponse(200, {});
      const active = url !== null;
      return jsonResponse(200, {
        url: request.method === 'POST' ? url : null,
        active,
        createdAt: active ? '2026-11-20T10:00:00.000Z' : null,
      });
    };
    const fetch = mockTripApi({ extra: feed });
    renderPlanner();
    fireEvent.click(await screen.findByRole('button', { name: 'calendar feed' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create feed URL' }));
    expect(((await screen.findByLabelText(/^Feed URL/)) as HTMLInputElement).value).toContain(
      '/calendar-feed/',
    );
    expect(screen.getByText(/shown only this once/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByRole('button', { name: 'Create feed URL' })).toBeTruthy();
    expect(fetch.to('/core/trips/t-1/calendar-feed', 'DELETE')).toHaveLength(1);
  });

  it('[PLANNER-05] a feed made earlier shows as active, without its URL (kept hashed), with a new URL and revoke', async () => {
    const feed: Handler = (request) =>
      request.path === '/core/trips/t-1/calendar-feed' && request.method === 'GET'
        ? jsonResponse(200, { url: null, active: true, createdAt: '2026-11-20T10:00:00.000Z' })
        : undefined;
    mockTripApi({ extra: feed });
    renderPlanner();
    fireEvent.click(await screen.findByRole('button', { name: 'calendar feed' }));
    expect(await screen.findByText(/A feed is active since 20 Nov 2026/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Feed URL/)).toBeNull();
    expect(screen.getByRole('button', { name: 'New feed URL' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Revoke' })).toBeTruthy();
  });

  it('[PLANNER-05] non-admins get no calendar feed button', async () => {
    mockTripApi();
    renderPlanner({ isAdmin: false });
    await screen.findByRole('button', { name: 'add to calendar' });
    expect(screen.queryByRole('button', { name: 'calendar feed' })).toBeNull();
  });

  it('[PLANNER-06] a move updates the plan at once (optimistic) and posts {date, index}', async () => {
    const answer = deferred<Response>();
    const fetch = mockTripApi({
      extra: (request) => (request.path.endsWith('/move') ? answer.promise : undefined),
    });
    await moveByMenu('Move Feature 2', 'To Day 2 (06/05/2031)');
    await vi.waitFor(() => expect(titlesIn(day('2031-05-06'))).toEqual(['Feature 2']));
    expect(titlesIn(screen.getByTestId('planner-tray'))).toEqual([]);
    // The screen changes first; the request follows once the write helper has loaded the queue.
    await vi.waitFor(() =>
      expect(fetch.to('/core/trips/t-1/planner/items/i-f2/move', 'POST')).toHaveLength(1),
    );
    const [post] = fetch.to('/core/trips/t-1/planner/items/i-f2/move', 'POST');
    expect(post!.body).toEqual({ date: '2031-05-06', index: 0 });
    answer.resolve(jsonResponse(200, makePlanner()));
  });

  it('[PLANNER-06] a move made while the last is on its way is sent once that one is answered, in order', async () => {
    const first = deferred<Response>();
    const fetch = mockTripApi({
      extra: (request) =>
        request.path.endsWith('/i-f2/move')
          ? first.promise
          : request.path.endsWith('/move')
            ? jsonResponse(200, makePlanner())
            : undefined,
    });
    await moveByMenu('Move Feature 2', 'To Day 2 (06/05/2031)');
    await vi.waitFor(() =>
      expect(fetch.to('/core/trips/t-1/planner/items/i-f2/move', 'POST')).toHaveLength(1),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Move Feature 1' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'To Day 2 (06/05/2031)' }));
    // Both moves show at once; the second request waits for the first answer.
    await vi.waitFor(() => expect(titlesIn(day('2031-05-06'))).toEqual(['Feature 2', 'Feature 1']));
    await settle();
    expect(fetch.to('/core/trips/t-1/planner/items/i-f1/move', 'POST')).toHaveLength(0);
    first.resolve(jsonResponse(200, makePlanner()));
    await vi.waitFor(() =>
      expect(fetch.to('/core/trips/t-1/planner/items/i-f1/move', 'POST')).toHaveLength(1),
    );
    expect(fetch.to('/core/trips/t-1/planner/items/i-f1/move', 'POST')[0]!.body).toEqual({
      date: '2031-05-06',
      index: 1,
    });
  });

  it('[PLANNER-06] a refused move is rolled back', async () => {
    mockTripApi({
      extra: (request) =>
        request.path.endsWith('/move')
          ? jsonResponse(403, { statusCode: 403, code: 'FORBIDDEN', message: 'no' })
          : undefined,
    });
    await moveByMenu('Move Feature 1', 'To unscheduled');
    await vi.waitFor(() =>
      expect(titlesIn(day('2031-05-05'))).toEqual(['Feature 1', 'Breakfast at the market']),
    );
    expect(titlesIn(screen.getByTestId('planner-tray'))).toEqual(['Feature 2']);
  });

  it('[PLANNER-06] a drop on an item takes its place; a drop on a column appends', () => {
    const planner = makePlanner();
    const event = (activeId: string, over: { id: string; data: unknown } | null) =>
      ({
        active: { id: activeId },
        over: over && { id: over.id, data: { current: over.data } },
      }) as unknown as DragEndEvent;
    expect(dropTarget(planner, event('i-f2', { id: 'n-1', data: {} }))).toEqual({
      date: '2031-05-05',
      index: 1,
    });
    expect(
      dropTarget(
        planner,
        event('i-f2', { id: 'col:2031-05-06', data: { type: 'column', date: '2031-05-06' } }),
      ),
    ).toEqual({
      date: '2031-05-06',
      index: 0,
    });
    expect(
      dropTarget(planner, event('i-f1', { id: 'col:tray', data: { type: 'column', date: null } })),
    ).toEqual({
      date: null,
      index: 1,
    });
    expect(dropTarget(planner, event('i-f1', null))).toBeUndefined();
  });

  it('[PLANNER-07] every move works with the keyboard alone: drag handles for the keyboard sensor and a move menu', async () => {
    const user = userEvent.setup();
    const fetch = mockTripApi({
      extra: (request) => (request.path.endsWith('/move') ? jsonResponse(200, makePlanner()) : undefined),
    });
    renderPlanner();
    await screen.findAllByTestId('planner-day');
    const handle = screen.getByRole('button', { name: 'Drag Feature 1' });
    expect(handle.getAttribute('aria-roledescription')).toBe('sortable');
    expect(handle.getAttribute('tabindex')).toBe('0');

    screen.getByRole('button', { name: 'Move Feature 1' }).focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'Move Feature 1' });
    expect(document.activeElement).toBe(within(menu).getAllByRole('menuitem')[0]);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Move down',
      'To the next day',
      'To Day 2 (06/05/2031)',
      'To Day 3 (07/05/2031)',
      'To Day 4 (08/05/2031)',
      'To unscheduled',
    ]);
    await user.keyboard('{ArrowDown}{Enter}');
    await vi.waitFor(() =>
      expect(fetch.to('/core/trips/t-1/planner/items/i-f1/move', 'POST')).toHaveLength(1),
    );
    expect(fetch.to('/core/trips/t-1/planner/items/i-f1/move', 'POST')[0]!.body).toEqual({
      date: '2031-05-06',
      index: 0,
    });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Feature 1' }));

    await user.keyboard('{Enter}');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('[PLANNER-07] read-only roles see the plan without drag handles or move menus', async () => {
    mockTripApi({ role: 'guest' });
    renderPlanner({ canEdit: false, isAdmin: false });
    await screen.findAllByTestId('planner-day');
    expect(screen.getAllByTestId('planner-item')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /^Drag / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add a note/ })).toBeNull();
  });

  it('[PLANNER-08] adds a note with a time to a day, edits it and deletes it', async () => {
    const fetch = mockTripApi({
      extra: (request) => {
        if (request.path === '/core/trips/t-1/planner/notes')
          return jsonResponse(201, { ...makePlanner().days[0]!.items[1]! });
        if (request.path === '/core/trips/t-1/planner/items/n-1') return jsonResponse(200, makePlanner());
        return undefined;
      },
    });
    renderPlanner();
    await screen.findAllByTestId('planner-day');
    fireEvent.click(screen.getByRole('button', { name: 'Add a note to Day 2 Tue 06/05/2031' }));
    const form = within(screen.getByRole('form', { name: 'Add note' }));
    fireEvent.change(form.getByLabelText('Note'), { target: { value: '  Tram 28 ' } });
    fireEvent.change(form.getByLabelText('Time (optional)'), { target: { value: '14:15' } });
    fireEvent.click(form.getByRole('button', { name: 'Add note' }));
    await vi.waitFor(() => expect(fetch.to('/core/trips/t-1/planner/notes', 'POST')).toHaveLength(1));
    expect(fetch.to('/core/trips/t-1/planner/notes', 'POST')[0]!.body).toEqual({
      // Chosen by the page, so edits queued offline can name the note (decision 016).
      _id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      date: '2031-05-06',
      text: 'Tram 28',
      time: '14:15',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Edit note Breakfast at the market' }));
    const edit = within(screen.getByRole('form', { name: 'Save note' }));
    fireEvent.change(edit.getByLabelText('Time (optional)'), { target: { value: '' } });
    fireEvent.click(edit.getByRole('button', { name: 'Save note' }));
    await vi.waitFor(() => expect(fetch.to('/core/trips/t-1/planner/items/n-1', 'PATCH')).toHaveLength(1));
    expect(fetch.to('/core/trips/t-1/planner/items/n-1', 'PATCH')[0]!.body).toEqual({
      text: 'Breakfast at the market',
      time: null,
      // The edit names the version the editor started from (decision 035).
      version: 1,
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Delete note Breakfast at the market' }));
    await vi.waitFor(() => expect(fetch.to('/core/trips/t-1/planner/items/n-1', 'DELETE')).toHaveLength(1));
  });

  it('[HISTORY-10] a save that meets someone else’s change shows both texts; Edit both holds both and saves from their version', async () => {
    let patches = 0;
    const fetch = mockTripApi({
      extra: (request) => {
        if (request.path !== '/core/trips/t-1/planner/items/n-1') return undefined;
        patches += 1;
        if (patches === 1)
          return jsonResponse(409, {
            statusCode: 409,
            code: 'VERSION_CONFLICT',
            message: 'Bob Stone changed this while you were editing.',
            conflict: {
              kind: 'planner-item',
              recordId: 'n-1',
              version: 4,
              fields: ['text'],
              current: { text: 'Breakfast at Time Out', time: null, version: 4 },
              changedBy: { _id: 'u-2', name: 'Bob Stone' },
              changedAt: '2031-01-02T10:00:00.000Z',
            },
          });
        return jsonResponse(200, makePlanner());
      },
    });
    renderPlanner();
    await screen.findAllByTestId('planner-day');
    fireEvent.click(screen.getByRole('button', { name: 'Edit note Breakfast at the market' }));
    const edit = within(screen.getByRole('form', { name: 'Save note' }));
    fireEvent.change(edit.getByLabelText('Note'), { target: { value: 'Breakfast by the river' } });
    fireEvent.click(edit.getByRole('button', { name: 'Save note' }));
    const notice = within(
      await screen.findByRole('alert', { name: 'Bob Stone changed this while you were editing.' }),
    );
    expect(notice.getByTestId('conflict-theirs').textContent).toBe('Breakfast at Time Out');
    expect(notice.getByTestId('conflict-mine').textContent).toBe('Breakfast by the river · 09:30');

    // Edit both: one editor holding both texts, saved from their version.
    fireEvent.click(notice.getByRole('button', { name: 'Edit both' }));
    const both = within(screen.getByRole('form', { name: 'Save note' }));
    expect((both.getByLabelText('Note') as HTMLTextAreaElement).value).toBe(
      'Breakfast at Time Out\n\nBreakfast by the river',
    );
    fireEvent.click(both.getByRole('button', { name: 'Save note' }));
    await vi.waitFor(() => expect(fetch.to('/core/trips/t-1/planner/items/n-1', 'PATCH')).toHaveLength(2));
    expect(fetch.to('/core/trips/t-1/planner/items/n-1', 'PATCH')[1]!.body).toEqual({
      text: 'Breakfast at Time Out\n\nBreakfast by the river',
      time: '09:30',
      version: 4,
    });
  });
});
