import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '../components/ui/emoji-loader.tsx';
import { ProtectedPage } from '../components/ui/protected-page.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { LazyRouteError as RouteError } from './layout/lazy-route-error.tsx';
import { NotFoundPage } from './routes/not-found.tsx';

/** Route metadata (useMatches().handle): which pages need a signed-in user. */
export interface RouteHandle {
  protected?: boolean;
}

/** The header's booking pages and the flight page: one chunk, one list of what it needs. */
const bookingPages = () => import('./routes/booking.tsx');

/**
 * A lazily loaded page (one chunk per screen). Protected pages are wrapped here, per page, in
 * ProtectedPage (SPEC §6), so a later rewrite of the page body cannot drop the protection.
 */
function page(
  load: () => Promise<ComponentType>,
  options: { protected?: boolean } = {},
): Pick<RouteObject, 'lazy' | 'handle'> {
  return {
    handle: { protected: options.protected === true } satisfies RouteHandle,
    lazy: async () => {
      const Page = await load();
      if (!options.protected) return { Component: Page };
      function Protected() {
        return (
          <ProtectedPage>
            <Page />
          </ProtectedPage>
        );
      }
      return { Component: Protected };
    },
  };
}

const PROTECTED = { protected: true };

/**
 * The first screen while its page chunk loads: the page loader in a box at least as tall as the
 * viewport, so the footer starts below the fold and does not jump down (a layout shift) when the
 * page arrives.
 */
function FirstPageFallback() {
  return (
    <div className="min-h-dvh">
      <PageLoader />
    </div>
  );
}

/** Every route of SPEC §2. Exported for tests (createMemoryRouter(routes)). */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    element: <RootLayout />,
    // Errors in the layout itself: the error screen without the shell.
    errorElement: <RouteError />,
    children: [
      {
        // Errors in a page: the error screen inside the shell (header and footer stay usable).
        errorElement: <RouteError />,
        hydrateFallbackElement: <FirstPageFallback />,
        children: [
          { index: true, ...page(() => import('./routes/home.tsx').then((m) => m.HomePage)) },
          {
            path: 'auth',
            children: [
              { index: true, ...page(() => import('./routes/login.tsx').then((m) => m.LoginPage)) },
              { path: 'login', ...page(() => import('./routes/login.tsx').then((m) => m.LoginPage)) },
              {
                path: 'network',
                ...page(() => import('./routes/auth-network.tsx').then((m) => m.AuthNetworkPage)),
              },
              {
                path: 'register',
                ...page(() => import('./routes/register.tsx').then((m) => m.RegisterPage)),
              },
              {
                path: 'confirm',
                ...page(() => import('./routes/confirm-email.tsx').then((m) => m.ConfirmEmailPage)),
              },
              {
                path: 'recovery',
                ...page(() => import('./routes/recovery.tsx').then((m) => m.RecoveryPage)),
              },
              {
                path: 'recovery-confirm',
                ...page(() => import('./routes/recovery-confirm.tsx').then((m) => m.RecoveryConfirmPage)),
              },
              {
                path: 'activate',
                ...page(() => import('./routes/activate.tsx').then((m) => m.ActivatePage)),
              },
            ],
          },
          { path: 'flight/:placeId', ...page(() => bookingPages().then((m) => m.FlightPage)) },
          {
            path: 'profile/:profileId',
            ...page(() => import('./routes/profile.tsx').then((m) => m.ProfilePage), PROTECTED),
          },
          { path: 'crew', ...page(() => import('./routes/crew.tsx').then((m) => m.CrewPage), PROTECTED) },
          // One shared place screen for the three shapes.
          {
            path: 'place/:country/:type',
            ...page(() => import('./routes/place.tsx').then((m) => m.PlacePage)),
          },
          {
            path: 'place/:country/:type/:region',
            ...page(() => import('./routes/place.tsx').then((m) => m.PlacePage)),
          },
          {
            path: 'place/:country/:type/:region/:place',
            ...page(() => import('./routes/place.tsx').then((m) => m.PlacePage)),
          },
          { path: 'trips', ...page(() => import('./routes/trips.tsx').then((m) => m.TripsPage), PROTECTED) },
          {
            path: 'trips/:id',
            ...page(() => import('./routes/trip-detail.tsx').then((m) => m.TripDetailPage), PROTECTED),
          },
          {
            path: 'wishlist',
            ...page(() => import('./routes/wishlist.tsx').then((m) => m.WishlistPage), PROTECTED),
          },
          { path: 'plans/:id', ...page(() => import('./routes/plan.tsx').then((m) => m.PlanPage)) },
          { path: 'about', ...page(() => import('./routes/about.tsx').then((m) => m.AboutPage)) },
          {
            path: 'terms-of-service',
            ...page(() => import('./routes/terms-of-service.tsx').then((m) => m.TermsOfServicePage)),
          },
          { path: 'wow-relax', ...page(() => import('./routes/wow-relax.tsx').then((m) => m.WowRelaxPage)) },
          { path: 'flights', ...page(() => bookingPages().then((m) => m.FlightsPage)) },
          { path: 'bnbs', ...page(() => bookingPages().then((m) => m.BnbsPage)) },
          { path: 'cars', ...page(() => bookingPages().then((m) => m.CarsPage)) },
          {
            path: 'account',
            ...page(() => import('./routes/account.tsx').then((m) => m.AccountPage), PROTECTED),
          },
          {
            path: 'change-password',
            ...page(
              () => import('./routes/change-password.tsx').then((m) => m.ChangePasswordPage),
              PROTECTED,
            ),
          },
          {
            path: 'messages',
            ...page(() => import('./routes/messages.tsx').then((m) => m.MessagesPage), PROTECTED),
          },
          {
            path: 'messages/:chatId',
            ...page(() => import('./routes/messages.tsx').then((m) => m.MessagesPage), PROTECTED),
          },
          // Invite links open signed out too: the page leads through sign-in and back.
          { path: 'invite/:token', ...page(() => import('./routes/invite.tsx').then((m) => m.InvitePage)) },
          { path: 'share/:token', ...page(() => import('./routes/share.tsx').then((m) => m.SharePage)) },
          // The link at the foot of notification mails: the token is the proof, no sign-in needed.
          {
            path: 'unsubscribe',
            ...page(() => import('./routes/unsubscribe.tsx').then((m) => m.UnsubscribePage)),
          },
          // The block link of invitation mails: says what blocking does, blocks on a press; no sign-in.
          {
            path: 'invites/block',
            ...page(() => import('./routes/invite-block.tsx').then((m) => m.InviteBlockPage)),
          },
          // The dev outbox page (accounts): the API offers its data only outside production.
          {
            path: 'dev/outbox',
            ...page(() => import('./routes/dev-outbox.tsx').then((m) => m.DevOutboxPage)),
          },
          // Not lazy: the error screen also shows it (thrown 404 responses), so it is in the main chunk anyway.
          { path: '*', Component: NotFoundPage, handle: { protected: false } satisfies RouteHandle },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
