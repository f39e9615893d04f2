import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';

/** What shows when even the error screen's chunk cannot load (offline, no cached copy). */
function PlainRouteError() {
  return (
    <div role="alert" className="mx-auto max-w-md px-4 py-16 text-center">
      <p className="text-lg font-semibold">
        <Trans>Unexpected Application Error!</Trans>
      </p>
      <a href="/" className="mt-4 inline-block font-semibold text-brand-700 underline dark:text-brand-300">
        <Trans>Back home</Trans>
      </a>
    </div>
  );
}

/** The error screen is rarely needed: it loads when a route fails, not with the first download. */
const RouteError = lazy(() =>
  import('./route-error.tsx')
    .then((module) => ({ default: module.RouteError }))
    .catch(() => ({ default: PlainRouteError })),
);

export function LazyRouteError() {
  return (
    <Suspense fallback={null}>
      <RouteError />
    </Suspense>
  );
}
