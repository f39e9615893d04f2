import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { House, RefreshCw, TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { MessageScreen } from '../../components/ui/message-screen.tsx';
import { NotFoundContent } from '../routes/not-found.tsx';
import { i18n } from '../../lib/i18n/i18n.ts';

export const ROUTER_ERROR_TEXT = msg`Unexpected Application Error!`;

function describe(error: unknown): string | null {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return null;
}

/**
 * The router's error screen (errorElement). A thrown 404 response shows the not-found screen;
 * anything else reads 'Unexpected Application Error!' with ways back (full reload, so a broken
 * client state cannot trap the user).
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  if (error) console.error(error);
  const detail = describe(error);

  return (
    <MessageScreen
      role="alert"
      titleId="route-error-title"
      title={i18n._(ROUTER_ERROR_TEXT)}
      icon={
        <span className="grid size-16 place-items-center rounded-3xl bg-orange-100 text-orange-600 dark:bg-orange-500/15 dark:text-orange-300">
          <TriangleAlert aria-hidden="true" className="size-8" />
        </span>
      }
    >
      <p className="text-slate-600 dark:text-slate-300">
        <Trans>
          Something went wrong while showing this page. Try again, or head back to the start page.
        </Trans>
      </p>
      {detail && (
        <p className="max-w-full rounded-xl bg-slate-100 px-3 py-2 font-mono text-xs break-words text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          {detail}
        </p>
      )}
      <div className="flex flex-wrap justify-center gap-3">
        <a href="/" className={buttonClass({ size: 'md' })}>
          <House aria-hidden="true" className="size-4" />
          <Trans>Back to home</Trans>
        </a>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="inline-flex items-center gap-2 rounded-full px-5 py-2.5 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 transition hover:bg-slate-100 dark:text-slate-200 dark:ring-slate-700 dark:hover:bg-slate-800"
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          <Trans>Try again</Trans>
        </button>
      </div>
    </MessageScreen>
  );
}
