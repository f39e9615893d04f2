import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { PageLoader } from '../../components/ui/emoji-loader.tsx';
import { useSignedIn } from '../../components/ui/signed-in-context.ts';
import { removeBootShell } from './boot-shell.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { LiveConnection } from './live-connection.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { useAppSelector } from '../store/store.ts';

// The offline write queue's replay, pending count and notices (decision 016): its own chunk.
const OfflineSync = lazy(() =>
  import('./offline-sync.tsx').then((module) => ({ default: module.OfflineSync })),
);

/** Only a signed-in user has writes to replay: visitors never download the queue. */
function SignedInOfflineSync() {
  const signedIn = useSignedIn();
  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <OfflineSync />
    </Suspense>
  );
}

// The cookie consent shows until accepted: once it is, returning visitors never download it.
const CookieConsent = lazy(() =>
  import('./cookie-consent.tsx').then((module) => ({ default: module.CookieConsent })),
);

function CookieConsentUntilAccepted() {
  const accepted = useAppSelector((state) => state.cookie.isCookieAccepted);
  if (accepted) return null;
  return (
    <Suspense fallback={null}>
      <CookieConsent />
    </Suspense>
  );
}

/** Thin animated bar at the top while a route (or its lazy chunk) loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  const { t } = useLingui();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label={t`Loading page`}
      className="fixed inset-x-0 top-0 z-[70] h-0.5 overflow-hidden bg-brand-100 dark:bg-brand-950"
    >
      <div className="h-full w-2/5 bg-gradient-to-r from-brand-400 via-brand-600 to-orange-400 motion-safe:animate-progress" />
    </div>
  );
}

/**
 * The shell around every screen: skip link, header (with the trip search bar where it applies),
 * the offline banner, the page in <main> (max width 1360 px, 1440 px on 2xl screens), footer and cookie consent;
 * the live connection (WebSocket) for signed-in users around it all.
 */
export function RootLayout() {
  // The real header is committed: the stand-in of index.html goes.
  useEffect(() => removeBootShell(), []);

  return (
    <LiveConnection>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-[80] rounded-full bg-brand-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          <Trans>Skip to content</Trans>
        </a>
        <NavigationProgress />
        {/* The header reads the notifications itself (signed-in users only); the live socket keeps them current. */}
        <Header />
        <OfflineBanner />
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto min-h-dvh w-full max-w-[1360px] flex-1 px-4 py-6 outline-none sm:px-6 sm:py-8 2xl:max-w-[1440px]"
        >
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
        <CookieConsentUntilAccepted />
        <SignedInOfflineSync />
        <ScrollRestoration />
      </div>
    </LiveConnection>
  );
}
