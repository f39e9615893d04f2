import { Trans } from '@lingui/react/macro';
import { Cookie } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { acceptCookies, declineCookies } from '../state/cookie-slice.ts';
import { useAppDispatch, useAppSelector } from '../store/store.ts';

export const COOKIE_POLICY_PATH = '/cookie-policy.html';

/**
 * Cookie consent overlay (SPEC §2/§4): shown until accepted. Accept is persisted (cookie-accept);
 * Decline only hides it for this page view, so it shows again on the next load.
 */
export function CookieConsent() {
  const dispatch = useAppDispatch();
  const accepted = useAppSelector((state) => state.cookie.isCookieAccepted);
  const [declined, setDeclined] = useState(false);

  if (accepted || declined) return null;

  return (
    <section
      aria-labelledby="cookie-consent-title"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-md rounded-3xl bg-white p-5 shadow-2xl ring-1 ring-slate-900/10 motion-safe:animate-slide-up sm:right-auto sm:left-6 sm:mx-0 sm:bottom-6 dark:bg-slate-900 dark:ring-white/10"
    >
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-2xl bg-orange-100 text-orange-600 dark:bg-orange-500/15 dark:text-orange-300">
          <Cookie aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 id="cookie-consent-title" className="font-semibold">
            <Trans>Cookies on Tripcrew</Trans>
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            <Trans>
              We use only the cookies and local storage that keep you signed in and remember your settings. No
              advertising, no tracking. Read our{' '}
              <a
                href={COOKIE_POLICY_PATH}
                className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300"
              >
                cookie policy
              </a>
              .
            </Trans>
          </p>
        </div>
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <button
          type="button"
          onClick={() => {
            dispatch(declineCookies());
            setDeclined(true);
          }}
          className="rounded-full px-4 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 transition hover:bg-slate-100 dark:text-slate-200 dark:ring-slate-700 dark:hover:bg-slate-800"
        >
          <Trans>Decline</Trans>
        </button>
        <Button onClick={() => dispatch(acceptCookies())} size="md">
          <Trans>Accept</Trans>
        </Button>
      </div>
    </section>
  );
}
