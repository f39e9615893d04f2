import { focusManager } from '@tanstack/react-query';
import type { Notification } from '@tripcrew/contracts/notifications';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/shell-test-utils.tsx';
import { resetApiClient } from '../../lib/api-client.ts';
import { errorBody, jsonResponse, mockFetch, setCookie } from '../../lib/testing/fetch-mock.ts';
import {
  HEADER_NOTIFICATIONS_STALE_MS,
  PANEL_NOTIFICATIONS_STALE_MS,
} from '../../modules/notifications/api/notification-keys.ts';
import { resetSentSeen } from '../../modules/notifications/api/mark-notification-seen.ts';
import { SEEN_VISIBILITY_THRESHOLD } from '../../modules/notifications/components/notification-item.tsx';
import { Header } from './header.tsx';

const NOW = Date.parse('2031-05-05T12:00:00.000Z');

function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    _id: 'n-1',
    kind: 'trip-added',
    title: 'New trip',
    short: 'Lisbon, Portugal',
    message: 'Bob added you to the trip Lisbon, Portugal.',
    seen: false,
    ref: { tripId: 't-1' },
    createdAt: new Date(NOW - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

/** IntersectionObserver stand-in: tests decide how much of an element is visible. */
class FakeIntersectionObserver {
  static all: FakeIntersectionObserver[] = [];
  readonly callback: IntersectionObserverCallback;
  readonly options: IntersectionObserverInit | undefined;
  readonly elements = new Set<Element>();
  disconnected = false;
  readonly root = null;
  readonly rootMargin = '';
  readonly thresholds: readonly number[] = [];

  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.callback = callback;
    this.options = options;
    FakeIntersectionObserver.all.push(this);
  }
  observe(element: Element) {
    this.elements.add(element);
  }
  unobserve(element: Element) {
    this.elements.delete(element);
  }
  disconnect() {
    this.disconnected = true;
    this.elements.clear();
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  /** Reports `ratio` of `element` visible to every observer watching it. */
  static show(element: Element, ratio: number) {
    for (const observer of FakeIntersectionObserver.all) {
      if (!observer.elements.has(element)) continue;
      const entry = {
        target: element,
        isIntersecting: ratio > 0,
        intersectionRatio: ratio,
      } as IntersectionObserverEntry;
      act(() => observer.callback([entry], observer as unknown as IntersectionObserver));
    }
  }
}

function renderSignedInHeader() {
  return renderAt(<Header />, { signedIn: true });
}

beforeEach(() => {
  FakeIntersectionObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  setCookie('csrf-token', 'test-csrf');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiClient();
  resetSentSeen();
});

const bell = () => screen.getByRole('button', { name: /^Notifications/ });

describe('Notifications in the header', () => {
  it('[NOTIF-01] the red dot shows while any notification is unseen', async () => {
    mockFetch(() => jsonResponse(200, [makeNotification(), makeNotification({ _id: 'n-0', seen: true })]));
    renderSignedInHeader();
    expect(await screen.findByTestId('notification-dot')).toBeTruthy();
    expect(bell().getAttribute('aria-label')).toBe('Notifications (unseen notifications)');
  });

  it('[NOTIF-01] no red dot when every notification is seen', async () => {
    const fetch = mockFetch(() => jsonResponse(200, [makeNotification({ seen: true })]));
    renderSignedInHeader();
    await vi.waitFor(() => expect(fetch.to('/users/notifications')).toHaveLength(1));
    await act(async () => Promise.resolve());
    expect(screen.queryByTestId('notification-dot')).toBeNull();
  });

  it('[NOTIF-02] clicking the bell opens the panel with the notifications; clicking again closes it', async () => {
    const user = userEvent.setup();
    mockFetch(() =>
      jsonResponse(200, [
        makeNotification(),
        makeNotification({
          _id: 'n-2',
          kind: 'crew-request',
          title: 'Crew request',
          short: 'Bob Stone',
          message: 'Bob Stone wants to join your crew.',
          seen: true,
          ref: { userId: 'u-2' },
          createdAt: new Date(NOW - 3 * 60 * 60_000).toISOString(),
        }),
      ]),
    );
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    renderSignedInHeader();
    await screen.findByTestId('notification-dot');
    await user.click(bell());
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const items = await within(panel).findAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain('New trip');
    expect(first.textContent).toContain('Lisbon, Portugal');
    expect(first.textContent).toContain('Bob added you to the trip Lisbon, Portugal.');
    expect(first.textContent).toContain('5 min ago');
    expect(first.dataset.seen).toBe('false');
    expect(within(first).getByTestId('unseen-marker')).toBeTruthy();
    expect(within(first).getByRole('link').getAttribute('href')).toBe('/trips/t-1');
    expect(second.dataset.seen).toBe('true');
    expect(second.textContent).toContain('3 hr ago');
    expect(within(second).getByRole('link').getAttribute('href')).toBe('/profile/u-2');
    expect(bell().getAttribute('aria-expanded')).toBe('true');

    await user.click(bell());
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(bell().getAttribute('aria-expanded')).toBe('false');
  });

  it('[NOTIF-03] visitors never call GET /users/notifications', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch(() => jsonResponse(200, []));
    renderAt(<Header />);
    await user.click(bell());
    expect(screen.getByRole('region', { name: 'Notifications' }).textContent).toMatch(/Log in/);
    await act(async () => Promise.resolve());
    expect(fetch.to('/users/notifications')).toHaveLength(0);
    expect(screen.queryByTestId('notification-dot')).toBeNull();
  });

  it('[NOTIF-03] the list is cached 1 minute in the header and 2 minutes in the panel', async () => {
    expect(HEADER_NOTIFICATIONS_STALE_MS).toBe(60_000);
    expect(PANEL_NOTIFICATIONS_STALE_MS).toBe(120_000);
    const user = userEvent.setup();
    let now = NOW;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    let served = 0;
    const fetch = mockFetch((request) => {
      if (request.path !== '/users/notifications') return jsonResponse(200, []);
      served += 1;
      return jsonResponse(200, [makeNotification({ title: `version ${served}` })]);
    });
    const calls = () => fetch.to('/users/notifications', 'GET').length;
    const refocus = () =>
      act(() => {
        focusManager.setFocused(false);
        focusManager.setFocused(true);
      });
    renderSignedInHeader();
    await screen.findByTestId('notification-dot');
    expect(calls()).toBe(1);
    expect(fetch.to('/users/notifications')[0]?.query.get('limit')).toBe('20');

    // Header: still fresh after 59 s, refetched once older than 1 minute.
    now = NOW + 59_000;
    refocus();
    await act(async () => Promise.resolve());
    expect(calls()).toBe(1);
    now = NOW + 61_000;
    refocus();
    await vi.waitFor(() => expect(calls()).toBe(2));
    const loadedAt = now;
    await user.click(bell());
    expect((await screen.findByTestId('notification-item')).textContent).toContain('version 2');
    await user.click(bell());

    // Panel: reuses a list up to 2 minutes old (the header would have refetched after 1).
    now = loadedAt + 100_000;
    await user.click(bell());
    expect((await screen.findByTestId('notification-item')).textContent).toContain('version 2');
    await act(async () => Promise.resolve());
    expect(calls()).toBe(2);
    await user.click(bell());
    now = loadedAt + 121_000;
    await user.click(bell());
    await vi.waitFor(() => expect(calls()).toBe(3));
    expect((await screen.findByText('version 3')).closest('li')).toBeTruthy();
    focusManager.setFocused(undefined);
  });

  it('[NOTIF-04] marks a notification seen once half of it was visible; PATCH sent once and the cached list updated', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch((request) => {
      if (request.method === 'PATCH') return jsonResponse(200, makeNotification({ seen: true }));
      return jsonResponse(200, [makeNotification(), makeNotification({ _id: 'n-0', seen: true })]);
    });
    renderSignedInHeader();
    await screen.findByTestId('notification-dot');
    await user.click(bell());
    const [item] = await screen.findAllByTestId('notification-item');
    const unseen = item as HTMLElement;

    // Only unseen items are watched, with threshold 0.5.
    const watching = FakeIntersectionObserver.all.filter((o) => o.elements.has(unseen));
    expect(watching).toHaveLength(1);
    expect(watching[0]?.options?.threshold).toBe(SEEN_VISIBILITY_THRESHOLD);
    expect(SEEN_VISIBILITY_THRESHOLD).toBe(0.5);

    FakeIntersectionObserver.show(unseen, 0.3);
    await act(async () => Promise.resolve());
    expect(fetch.to('/users/notifications/n-1', 'PATCH')).toHaveLength(0);

    FakeIntersectionObserver.show(unseen, 0.5);
    FakeIntersectionObserver.show(unseen, 1);
    await vi.waitFor(() => expect(fetch.to('/users/notifications/n-1', 'PATCH')).toHaveLength(1));
    expect(fetch.to('/users/notifications/n-1', 'PATCH')[0]?.body).toEqual({ seen: true });
    await vi.waitFor(() => expect(screen.getAllByTestId('notification-item')[0]?.dataset.seen).toBe('true'));
    // The cached list is updated: the red dot goes without a refetch.
    expect(screen.queryByTestId('notification-dot')).toBeNull();
    expect(fetch.to('/users/notifications', 'GET')).toHaveLength(1);

    // Closing and reopening the panel does not send it again.
    await user.click(bell());
    await user.click(bell());
    await screen.findAllByTestId('notification-item');
    await act(async () => Promise.resolve());
    expect(fetch.to('/users/notifications/n-1', 'PATCH')).toHaveLength(1);
    expect(fetch.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });

  it('shows an empty state, and an error state with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockFetch((request) =>
      fail && request.path === '/users/notifications'
        ? jsonResponse(500, errorBody(500, 'INTERNAL', 'x'))
        : jsonResponse(200, []),
    );
    renderSignedInHeader();
    await user.click(bell());
    expect((await screen.findByRole('alert')).textContent).toBe('We could not load your notifications.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('All quiet for now')).toBeTruthy();
  });
});
