import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Trip } from '@tripcrew/contracts/trips';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, signIn } from '../../../test/shell-test-utils.tsx';
import { TripDetailPage } from './trip-detail.tsx';
import { resetApiClient } from '../../lib/api-client.ts';
import { jsonResponse, type RecordedRequest } from '../../lib/testing/fetch-mock.ts';
import { type Handler, makeTrip, mockTripApi } from '../../modules/trips/testing/trip-fixtures.ts';

const CREW = [
  { _id: 'u-2', name: 'Bob', lastName: 'Stone', image: null },
  { _id: 'u-3', name: 'Cleo', lastName: 'Craig', image: null },
];
const conflict = (message: string) => jsonResponse(409, { statusCode: 409, code: 'CONFLICT', message });

/** The trip page on its members tab, with the members, links and crew endpoints answered by `extra`. */
function renderMembers(trip: Trip, extra?: Handler) {
  const fetch = mockTripApi({
    trip,
    extra: (request) => {
      const own = extra?.(request);
      if (own) return own;
      if (request.path === '/users/crew/my-crew') return jsonResponse(200, CREW);
      if (request.path === '/core/trips/t-1/invites' && request.method === 'GET')
        return jsonResponse(200, []);
      if (request.path === '/core/trips/t-1/share' && request.method === 'GET')
        return jsonResponse(200, { enabled: false, createdAt: null, url: null });
      return undefined;
    },
  });
  const result = renderRoutes(
    [
      { path: '/trips/:id', element: <TripDetailPage /> },
      { path: '/trips', element: <p>my trips page</p> },
    ],
    { path: '/trips/t-1?tab=members' },
  );
  signIn(result.store);
  return { fetch, ...result };
}

const people = () => screen.findByRole('list', { name: 'People in this trip' });
const gets = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'GET').length;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiClient();
});

describe('MembersTab', () => {
  it('[MEMBERS-01] lists every member with avatar, name and a visible role label, admins first', async () => {
    renderMembers(makeTrip({ users: [...makeTrip().users].reverse() }));
    const rows = within(await people()).getAllByTestId('trip-member');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Ada Lovelace (you)Admin'),
      expect.stringContaining('Bob StoneMember'),
    ]);
    expect(within(rows[1] as HTMLElement).getByText('BS')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '2 people in this trip' })).toBeTruthy();
  });

  it('[MEMBERS-02] a member sees people and Leave, but no role controls, no add form and no links', async () => {
    renderMembers(makeTrip({ myRole: 'member' }));
    await people();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.queryByText('Invite links')).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave this trip' })).toBeTruthy();
  });

  it("[MEMBERS-03] an admin sets a role (viewer included) and the trip is read again, so the caller's own controls follow", async () => {
    let trip = makeTrip();
    const { fetch } = renderMembers(trip, (request) => {
      if (request.path === '/core/trips/t-1/members/u-2' && request.method === 'PATCH') {
        const role = (request.body as { role: Trip['myRole'] }).role;
        trip = { ...trip, users: trip.users.map((u) => (u._id === 'u-2' ? { ...u, role } : u)) };
        return jsonResponse(200, trip);
      }
      if (request.path === '/core/trips/t-1' && request.method === 'GET') return jsonResponse(200, trip);
      return undefined;
    });
    await people();
    const before = gets(fetch.to('/core/trips/t-1'));
    const select = screen.getByRole('combobox', { name: 'Role of Bob Stone' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Admin', 'Member', 'Driver', 'Guide', 'Guest', 'Other', 'Viewer']);
    fireEvent.change(select, { target: { value: 'viewer' } });
    await waitFor(() => expect(fetch.to('/core/trips/t-1/members/u-2', 'PATCH')).toHaveLength(1));
    expect(fetch.to('/core/trips/t-1/members/u-2', 'PATCH')[0]?.body).toEqual({ role: 'viewer' });
    const bob = (await screen.findAllByTestId('trip-member')).find((row) => row.textContent?.includes('Bob'));
    await waitFor(() =>
      expect(within(bob as HTMLElement).getByTestId('role-badge').textContent).toBe('Viewer'),
    );
    await waitFor(() => expect(gets(fetch.to('/core/trips/t-1'))).toBeGreaterThan(before));
  });

  it("[MEMBERS-04] demoting the last admin shows the server's message", async () => {
    renderMembers(makeTrip(), (request) =>
      request.method === 'PATCH' && request.path === '/core/trips/t-1/members/u-1'
        ? conflict('A trip needs at least one admin: make someone else an admin first.')
        : undefined,
    );
    await people();
    fireEvent.change(screen.getByRole('combobox', { name: 'Role of Ada Lovelace' }), {
      target: { value: 'member' },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A trip needs at least one admin: make someone else an admin first.',
    );
  });

  it('[MEMBERS-05] an admin adds someone from the crew who is not in the trip yet, with a role', async () => {
    const { fetch } = renderMembers(makeTrip(), (request) =>
      request.method === 'POST' && request.path === '/core/trips/t-1/members'
        ? jsonResponse(200, makeTrip())
        : undefined,
    );
    const pick = await screen.findByRole('combobox', { name: 'Person from your crew' });
    await waitFor(() => expect(within(pick).getAllByRole('option')).toHaveLength(2));
    expect(within(pick).queryByText('Bob Stone')).toBeNull();
    fireEvent.change(pick, { target: { value: 'u-3' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Role for the new member' }), {
      target: { value: 'driver' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(fetch.to('/core/trips/t-1/members', 'POST')).toHaveLength(1));
    expect(fetch.to('/core/trips/t-1/members', 'POST')[0]?.body).toEqual({ userId: 'u-3', role: 'driver' });
  });

  it('[MEMBERS-06] an admin removes someone after confirming', async () => {
    const { fetch } = renderMembers(makeTrip(), (request) =>
      request.method === 'DELETE' && request.path === '/core/trips/t-1/members/u-2'
        ? jsonResponse(200, { ok: true })
        : undefined,
    );
    await people();
    expect(screen.queryByRole('button', { name: 'Remove Ada Lovelace' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Bob Stone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Bob Stone?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(fetch.to('/core/trips/t-1/members/u-2', 'DELETE')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('[MEMBERS-07] leaving asks first, then goes to /trips', async () => {
    const { fetch } = renderMembers(makeTrip({ myRole: 'member' }), (request) =>
      request.method === 'DELETE' && request.path === '/core/trips/t-1/members/u-1'
        ? jsonResponse(200, { ok: true })
        : undefined,
    );
    await people();
    fireEvent.click(screen.getByRole('button', { name: 'Leave this trip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this trip?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave trip' }));
    expect(await screen.findByText('my trips page')).toBeTruthy();
    expect(fetch.to('/core/trips/t-1/members/u-1', 'DELETE')).toHaveLength(1);
  });

  it("[MEMBERS-08] the last admin cannot leave: the server's 409 message shows in the dialog", async () => {
    const message =
      'You are the last admin of this trip: make someone else an admin before you leave, or delete the trip.';
    renderMembers(makeTrip(), (request) =>
      request.method === 'DELETE' && request.path === '/core/trips/t-1/members/u-1'
        ? conflict(message)
        : undefined,
    );
    await people();
    fireEvent.click(screen.getByRole('button', { name: 'Leave this trip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this trip?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave trip' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByText('my trips page')).toBeNull();
  });

  it('[MEMBERS-12] an admin hands the admin role over in one request: the new admin in, themselves a member, and their admin controls go', async () => {
    let trip = makeTrip();
    const { fetch } = renderMembers(trip, (request) => {
      if (request.path === '/core/trips/t-1/members/u-2/hand-over' && request.method === 'POST') {
        trip = {
          ...trip,
          users: trip.users.map((u) => ({ ...u, role: u._id === 'u-2' ? 'admin' : 'member' })),
          myRole: 'member',
        };
        return jsonResponse(200, trip);
      }
      if (request.path === '/core/trips/t-1' && request.method === 'GET') return jsonResponse(200, trip);
      return undefined;
    });
    await people();
    fireEvent.change(screen.getByRole('combobox', { name: 'New admin' }), { target: { value: 'u-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hand over' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make Bob Stone the admin?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Role of Bob Stone' })).toBeNull());
    // The trip page's presence heartbeat aside, one write: the hand-over.
    const writes = fetch.requests.filter((r) => r.method !== 'GET' && !r.path.endsWith('/presence'));
    expect(writes.map((r) => [r.method, r.path])).toEqual([
      ['POST', '/core/trips/t-1/members/u-2/hand-over'],
    ]);
    expect(screen.queryByText('Invite links')).toBeNull();
    expect(screen.getByRole('button', { name: 'Leave this trip' })).toBeTruthy();
  });
});
