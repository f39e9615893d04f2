import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore, renderAt, signIn, TEST_USER } from '../../../test/shell-test-utils.tsx';
import { jsonResponse, mockFetch } from '../../lib/testing/fetch-mock.ts';
import { makeChat, makeTripChat } from '../../modules/chats/testing/chat-fixtures.ts';
import { hardNavigation } from './hard-navigation.ts';
import { Header } from './header.tsx';
import { showsTripSearch } from './nav-links.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const hrefOf = (element: HTMLElement) => element.getAttribute('href');

describe('Header', () => {
  it('[SHELL-08] the logo clears the user state and reloads at / with an empty query string', async () => {
    const assign = vi.spyOn(hardNavigation, 'assign').mockImplementation(() => undefined);
    mockFetch(() => jsonResponse(200, []));
    const { store, persistor } = makeStore();
    signIn(store);
    sessionStorage.setItem('api-cache:/core/suggestions', '{"expireAt":0,"data":[]}');
    renderAt(<Header />, { path: '/place/france/country?place=p1&start=2025-05-05', store, persistor });

    const logo = screen.getByRole('link', { name: /tripcrew/i });
    expect(hrefOf(logo)).toBe('/');
    await userEvent.click(logo);

    await vi.waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assign).toHaveBeenCalledWith('/');
    const user = store.getState().user;
    expect(user.isAuthenticated).toBe(false);
    expect(user.name).toBeNull();
    expect(user._id).toBeNull();
    expect(sessionStorage.length).toBe(0);
    // Flushed before the reload: the persisted user is the signed-out one.
    const persisted = JSON.parse(localStorage.getItem('user') ?? '{}') as Record<string, string>;
    expect(JSON.parse(persisted.isAuthenticated ?? 'true')).toBe(false);
  });

  it('[SHELL-09] shows the trips link, crew and wishlist links, and the notifications bell', () => {
    renderAt(<Header />);
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(hrefOf(screen.getByRole('link', { name: 'trips' }))).toBe('/trips');
    expect(hrefOf(within(main).getByRole('link', { name: 'crew' }))).toBe('/crew');
    expect(hrefOf(within(main).getByRole('link', { name: 'wishlist' }))).toBe('/wishlist');
    expect(screen.getByRole('button', { name: /notifications/i })).toBeTruthy();
  });

  it("[SHELL-09] 'book' opens its dropdown on hover with flights, bnbs and cars", async () => {
    const user = userEvent.setup();
    renderAt(<Header />);
    const book = screen.getByRole('button', { name: 'book' });
    expect(book.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'flights' })).toBeNull();

    await user.hover(book);
    expect(book.getAttribute('aria-expanded')).toBe('true');
    expect(hrefOf(screen.getByRole('link', { name: 'flights' }))).toBe('/flights');
    expect(hrefOf(screen.getByRole('link', { name: 'bnbs' }))).toBe('/bnbs');
    expect(hrefOf(screen.getByRole('link', { name: 'cars' }))).toBe('/cars');

    await user.unhover(book);
    expect(screen.queryByRole('link', { name: 'flights' })).toBeNull();
  });

  it("[SHELL-09] 'book' also opens for keyboard focus and closes on Escape", async () => {
    const user = userEvent.setup();
    renderAt(<Header />);
    const book = screen.getByRole('button', { name: 'book' });
    act(() => book.focus());
    expect(screen.getByRole('link', { name: 'cars' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'cars' })).toBeNull();
    expect(document.activeElement).toBe(book);
  });

  it("[SHELL-09] clicking a 'book' sub-link navigates and closes the dropdown", async () => {
    // skipHover: jsdom pointer moves carry no relatedTarget, which React reads as leaving the window.
    const user = userEvent.setup({ skipHover: true });
    const { router } = renderAt(<Header />);
    await user.hover(screen.getByRole('button', { name: 'book' }));
    await user.click(screen.getByRole('link', { name: 'bnbs' }));
    expect(router.state.location.pathname).toBe('/bnbs');
    expect(screen.queryByRole('link', { name: 'bnbs' })).toBeNull();
  });

  it("[SHELL-10] the user link points to /auth and reads 'Login' without a name", () => {
    renderAt(<Header />);
    const link = screen.getByRole('link', { name: 'Login' });
    expect(hrefOf(link)).toBe('/auth');
    expect(link.querySelector('img')).toBeNull();
  });

  it('[SHELL-10] with a name the user link shows the name and the thumbnail', () => {
    mockFetch(() => jsonResponse(200, []));
    const { store } = makeStore();
    signIn(store);
    renderAt(<Header />, { store });
    expect(screen.queryByText('Login')).toBeNull();
    const link = screen.getByRole('link', { name: TEST_USER.name });
    expect(hrefOf(link)).toBe('/auth');
    expect(link.querySelector('img')?.getAttribute('src')).toBe(TEST_USER.image.thumbnail);
  });

  it('[CHAT-32] signed in: a Messages entry in the header and the mobile menu, with the unread count', async () => {
    const user = userEvent.setup();
    mockFetch((request) =>
      request.path === '/users/chats'
        ? jsonResponse(200, [
            makeTripChat({
              trip: { _id: 't-1', name: 'Lisbon' },
              lastMessage: { ...makeChat().lastMessage!, text: 'Hi' },
            }),
            makeChat({
              _id: 'c-2',
              user: { _id: 'u-3', name: 'Cleo', lastName: 'Park', image: null },
              lastMessage: null,
              unread: 1,
            }),
          ])
        : jsonResponse(200, []),
    );
    const { store } = makeStore();
    signIn(store);
    renderAt(<Header />, { store });
    const link = screen.getByRole('link', { name: /^Messages/ });
    expect(hrefOf(link)).toBe('/messages');
    expect((await within(link).findByTestId('messages-unread')).textContent).toBe('3 unread');

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Mobile' });
    const entry = within(menu).getByRole('link', { name: /messages/ });
    expect(hrefOf(entry)).toBe('/messages');
    expect((await within(entry).findByTestId('messages-unread')).textContent).toBe('3 unread');
  });

  it('[CHAT-32] signed out: no Messages entry', () => {
    mockFetch(() => jsonResponse(200, []));
    renderAt(<Header />);
    expect(screen.queryByRole('link', { name: /^Messages/ })).toBeNull();
  });

  it('[SHELL-11] the hamburger opens the links in a 2-column grid', async () => {
    const user = userEvent.setup();
    const { router } = renderAt(<Header />);
    const hamburger = screen.getByRole('button', { name: 'Open menu' });
    expect(hamburger.className).toContain('sm:hidden');
    expect(screen.getByRole('navigation', { name: 'Main' }).className).toContain('hidden sm:block');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();

    await user.click(hamburger);
    // The menu loads with its first opening.
    const menu = await screen.findByRole('navigation', { name: 'Mobile' });
    const grid = menu.querySelector('ul');
    expect(grid?.className).toContain('grid-cols-2');
    const links = within(menu).getAllByRole('link');
    expect(links.map((l) => [l.textContent, hrefOf(l)])).toEqual([
      ['trips', '/trips'],
      ['crew', '/crew'],
      ['wishlist', '/wishlist'],
      ['flights', '/flights'],
      ['bnbs', '/bnbs'],
      ['cars', '/cars'],
    ]);
    expect(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');

    // Following a link closes the menu.
    await user.click(within(menu).getByRole('link', { name: 'wishlist' }));
    expect(router.state.location.pathname).toBe('/wishlist');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
  });

  it.each([
    ['/', true],
    ['/place/france/country', true],
    ['/place/france/city/provence/nice?place=1', true],
    ['/trips', false],
    ['/about', false],
    ['/auth', false],
    ['/crew', false],
  ] as const)('[SHELL-12] trip search bar on %s: %s', (path, shown) => {
    renderAt(<Header />, { path });
    const field = screen.queryByPlaceholderText('where do you want to be?');
    expect(field !== null).toBe(shown);
    expect(showsTripSearch(path.split('?')[0] ?? path)).toBe(shown);
  });

  it('[NOTIF-02] the bell toggles the notifications panel; Escape and an outside click close it', async () => {
    const user = userEvent.setup();
    renderAt(<Header />);
    expect(screen.queryByTestId('notification-dot')).toBeNull();
    const bell = screen.getByRole('button', { name: 'Notifications' });
    await user.click(bell);
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeTruthy();
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    await user.click(bell);
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    // Escape and an outside click close it too.
    await user.click(bell);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    await user.click(bell);
    await user.click(document.body);
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
  });

  it('[NOTIF-01] the red dot shows while a notification is unseen and the panel renders the given content', async () => {
    const user = userEvent.setup();
    renderAt(<Header hasUnseenNotifications notificationsPanel={<p>Trip to Nice updated</p>} />);
    expect(screen.getByTestId('notification-dot')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /notifications/i }));
    expect(screen.getByText('Trip to Nice updated')).toBeTruthy();
  });
});
