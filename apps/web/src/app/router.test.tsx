import { screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore, renderRoutes, signIn } from '../../test/shell-test-utils.tsx';
import { NOT_LOGGED_IN_TEXT } from '../components/ui/protected-page.tsx';
import { routes } from './router.tsx';
import { ROUTER_ERROR_TEXT } from './layout/route-error.tsx';
import { NOT_FOUND_TEXT, NOT_FOUND_TITLE } from './routes/not-found.tsx';
import { i18n } from '../lib/i18n/i18n.ts';

const ABOUT = {
  mission: {
    title: 'Travel together, plan together',
    image: '/images/about/mission.svg',
    text: 'Tripcrew is a travel planner.',
  },
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    // The book pages ask for the user's bookings (none); every other request gets the about text.
    vi.fn(async (input: RequestInfo | URL) =>
      json(String(input instanceof Request ? input.url : input).includes('/core/bookings') ? [] : ABOUT),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Every route of SPEC §2 with the page heading it shows (placeholders until later work items). */
const SCREENS: readonly { path: string; heading: string | RegExp; visitor?: boolean }[] = [
  { path: '/', heading: "let's plan your trip" },
  { path: '/auth', heading: 'Welcome back' },
  { path: '/auth/login', heading: 'Welcome back' },
  { path: '/auth/network?error=access_denied', heading: 'We could not sign you in' },
  { path: '/auth/register', heading: 'Create your account' },
  { path: '/auth/confirm?email=ada%40example.com', heading: 'Confirm your email' },
  // Signed-in users are sent from /auth/recovery to / (AUTH-32): shown to a visitor.
  { path: '/auth/recovery', heading: 'Forgot your password?', visitor: true },
  { path: '/auth/recovery-confirm?email=ada%40example.com', heading: 'Set a new password' },
  { path: '/auth/activate?token=abc', heading: 'Activating your account' },
  { path: '/flight/p-42', heading: 'Flights' }, // the place is not found: all the user's flights
  { path: '/profile/u-1', heading: 'Ada Lovelace' }, // the own profile (TEST_USER)
  { path: '/crew', heading: 'Your crew' },
  { path: '/place/france/country?place=p1', heading: 'Explore this place' },
  { path: '/place/france/region/provence?place=p2', heading: 'Explore this place' },
  { path: '/place/france/city/provence/nice?place=p3', heading: 'Explore this place' },
  { path: '/trips', heading: 'My trips' },
  { path: '/trips/t-1', heading: 'Trip details' },
  { path: '/wishlist', heading: 'Wishlist' },
  { path: '/about', heading: 'About Tripcrew' },
  { path: '/terms-of-service', heading: 'Terms of Service' },
  { path: '/wow-relax', heading: 'Relax and enjoy your time!' },
  { path: '/flights', heading: 'Your flights' },
  { path: '/bnbs', heading: 'Your stays' },
  { path: '/cars', heading: 'Your car rentals' },
  { path: '/change-password', heading: 'Change password' },
  { path: '/dev/outbox', heading: 'Dev outbox' },
];

const PROTECTED_PATHS = ['/trips', '/trips/t-1', '/crew', '/wishlist', '/profile/u-7', '/change-password'];
const PUBLIC_PATHS = [
  '/',
  '/auth',
  '/auth/login',
  '/auth/network',
  '/auth/register',
  '/auth/confirm',
  '/auth/recovery',
  '/auth/recovery-confirm',
  '/auth/activate',
  '/flight/p-42',
  '/place/france/country',
  '/place/france/region/provence',
  '/place/france/city/provence/nice',
  '/about',
  '/terms-of-service',
  '/wow-relax',
  '/flights',
  '/bnbs',
  '/cars',
  '/no/such/page',
];

function main() {
  return screen.getByRole('main');
}

describe('router', () => {
  it.each(SCREENS)(
    '[SHELL-01] $path renders a non-blank screen inside the shell',
    async ({ path, heading, visitor }) => {
      const { store } = makeStore();
      if (!visitor) signIn(store); // so protected pages show their own body
      renderRoutes(routes, { path, store });

      const title = await within(main()).findByRole(
        'heading',
        { level: 1, name: heading },
        { timeout: 15_000 },
      );
      expect(title).toBeTruthy();
      // A real body, not just a heading, and neither the 404 nor the error screen.
      expect((main().textContent ?? '').trim().length).toBeGreaterThan(25);
      expect(screen.queryByText(i18n._(NOT_FOUND_TITLE))).toBeNull();
      expect(screen.queryByText(i18n._(ROUTER_ERROR_TEXT))).toBeNull();
      expect(screen.queryByText(i18n._(NOT_LOGGED_IN_TEXT))).toBeNull();
      // The shell around it.
      expect(screen.getByRole('banner')).toBeTruthy();
      expect(screen.getByRole('contentinfo')).toBeTruthy();
    },
  );

  it("[SHELL-01] the book pages and /flight/:placeId show the user's bookings, not placeholders", async () => {
    const { store } = makeStore();
    signIn(store);
    const { router } = renderRoutes(routes, { path: '/flights', store });
    await within(main()).findByRole('heading', { level: 1, name: 'Your flights' });
    expect(await within(main()).findByTestId('my-bookings-empty')).toBeTruthy();
    expect(within(main()).getByRole('button', { name: 'Add a booking' })).toBeTruthy();
    expect(main().textContent).not.toContain('coming soon');

    await router.navigate('/flight/p-42');
    await within(main()).findByRole('heading', { level: 1, name: 'Flights' });
    expect(await within(main()).findByTestId('my-bookings-empty')).toBeTruthy();
    expect(main().textContent).not.toContain('coming soon');
  });

  it('[SHELL-01] a visitor on a book page reads what it does and how to sign in', async () => {
    renderRoutes(routes, { path: '/flight/p-42' });
    await within(main()).findByRole('heading', { level: 1, name: 'Flights' });
    expect(within(main()).getByTestId('my-bookings-signed-out').textContent).toContain(
      'at their local times',
    );
    expect(within(main()).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/auth?returnTo=%2Fflight%2Fp-42',
    );
    expect(within(main()).queryByRole('button')).toBeNull();
  });

  it('[SHELL-01] /crew and /wishlist show their real screens, not placeholders', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // the stub's answers are not crew data
    const { store } = makeStore();
    signIn(store);
    const { router } = renderRoutes(routes, { path: '/crew', store });
    await within(main()).findByRole('heading', { level: 1, name: 'Your crew' });
    expect(within(main()).getByRole('searchbox', { name: 'Search people' })).toBeTruthy();
    expect(within(main()).getByRole('region', { name: 'My crew' })).toBeTruthy();
    expect(within(main()).getByRole('region', { name: 'Incoming requests' })).toBeTruthy();
    expect(within(main()).getByRole('region', { name: 'Sent requests' })).toBeTruthy();

    await router.navigate('/wishlist');
    await within(main()).findByRole('heading', { level: 1, name: 'Wishlist' });
    expect(await within(main()).findByRole('tablist', { name: 'Wishlists' })).toBeTruthy();
    vi.mocked(console.error).mockRestore();
  });

  it('[SHELL-02] an unknown path shows the not-found screen', async () => {
    renderRoutes(routes, { path: '/this/does/not/exist' });
    expect(await screen.findByRole('heading', { level: 1, name: '404 - Page not found' })).toBeTruthy();
    expect(screen.getByText('Oops! The page you are looking for does not exist.')).toBeTruthy();
    expect(i18n._(NOT_FOUND_TEXT)).toBe('Oops! The page you are looking for does not exist.');
  });

  it('[SHELL-03] an error thrown while rendering a route shows the router error screen', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Boom(): never {
      throw new Error('kaboom');
    }
    // The app's own route tree, plus one page that throws while rendering.
    const [root] = routes;
    const [pages] = root?.children ?? [];
    const withBoom: RouteObject[] = [
      {
        ...root,
        children: [{ ...pages, children: [...(pages?.children ?? []), { path: 'boom', Component: Boom }] }],
      } as RouteObject,
    ];
    renderRoutes(withBoom, { path: '/boom' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeTruthy();
    // A way back home; the shell (header) is still there.
    expect(screen.getByRole('link', { name: /back to home/i }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('banner')).toBeTruthy();
    spy.mockRestore();
  });

  it('[SHELL-03] an error in the layout itself still shows the error screen', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function BrokenLayout(): never {
      throw new Error('layout broke');
    }
    const [root] = routes;
    renderRoutes([{ ...root, element: <BrokenLayout /> } as RouteObject], { path: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: i18n._(ROUTER_ERROR_TEXT) })).toBeTruthy();
    expect(screen.getByRole('link', { name: /back to home/i }).getAttribute('href')).toBe('/');
    spy.mockRestore();
  });

  it.each(PROTECTED_PATHS)('[SHELL-15] %s is protected: a visitor gets the notice', async (path) => {
    renderRoutes(routes, { path });
    expect(await screen.findByRole('heading', { level: 1, name: i18n._(NOT_LOGGED_IN_TEXT) })).toBeTruthy();
  });

  it.each(PUBLIC_PATHS)('[SHELL-15] %s is not protected: a visitor sees the page', async (path) => {
    renderRoutes(routes, { path });
    await within(main()).findByRole('heading', { level: 1 });
    expect(screen.queryByText(i18n._(NOT_LOGGED_IN_TEXT))).toBeNull();
  });

  it('[SHELL-15] protection is declared per page in the route handles', () => {
    const flat: RouteObject[] = [];
    const walk = (list: RouteObject[] | undefined, prefix: string) => {
      for (const route of list ?? []) {
        const path = route.path ? `${prefix}/${route.path}`.replace(/\/+/g, '/') : prefix;
        if (route.lazy || route.Component) flat.push({ ...route, path: route.index ? prefix || '/' : path });
        walk(route.children, path === '/' ? '' : path);
      }
    };
    walk(routes, '');
    const protectedPaths = flat
      .filter((route) => (route.handle as { protected?: boolean } | undefined)?.protected)
      .map((route) => route.path);
    expect(protectedPaths.sort()).toEqual(
      [
        '/account',
        '/change-password',
        '/crew',
        '/messages',
        '/messages/:chatId',
        '/profile/:profileId',
        '/trips',
        '/trips/:id',
        '/wishlist',
      ].sort(),
    );
  });

  it('[SHELL-01] navigating between lazy pages swaps the page body', async () => {
    const { router } = renderRoutes(routes, { path: '/flights' });
    await screen.findByRole('heading', { level: 1, name: 'Your flights' });
    await router.navigate('/cars');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Your car rentals' })).toBeTruthy(),
    );
    expect(screen.queryByRole('heading', { level: 1, name: 'Your flights' })).toBeNull();
  });
});
