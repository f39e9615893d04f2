import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Globe } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';
import { formatLongDate } from '../../../../lib/format/date-words.ts';
import { shareUrl, tokenOf, useTripShare } from '../../api/trip-links.ts';
import { CopyLink } from './copy-link.tsx';
import { errorText } from './member-roles.ts';
import { RetryLink } from '../../../../components/ui/retry-link.tsx';

/** Admins: turn the public read-only link on (a new URL each time) or off, and copy it. */
export function ShareLink({ tripId }: { tripId: string }) {
  const { t } = useLingui();
  const { query, enable, disable } = useTripShare(tripId, true);
  const share = query.data;
  const url = share?.url ? shareUrl(tokenOf(share.url)) : null;
  const muted = 'text-sm text-slate-600 dark:text-slate-300';
  const failure = enable.error ?? disable.error;

  return (
    <section aria-labelledby="share-link-title" className="flex flex-col gap-3">
      <h3 id="share-link-title" className="flex items-center gap-2 font-semibold">
        <Globe aria-hidden="true" className="size-4" />
        <Trans>Public link</Trans>
      </h3>
      <p className={muted}>
        <Trans>
          A read-only page with the plan for anyone with the link, no sign-in needed. It shows first names
          only.
        </Trans>
      </p>
      {query.isPending ? (
        <p className={muted}>
          <Trans>Loading…</Trans>
        </p>
      ) : query.isError ? (
        <p className={muted}>
          <Trans>Sharing could not be loaded.</Trans> <RetryLink onRetry={() => void query.refetch()} />
        </p>
      ) : share?.enabled ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium" data-testid="share-state">
            {share.createdAt
              ? t`Sharing is on since ${ph({ since: formatLongDate(share.createdAt) })}.`
              : t`Sharing is on.`}
          </p>
          {url ? (
            <CopyLink url={url} label={t`Public link`} />
          ) : (
            <p className={muted}>
              <Trans>
                The link is shown only when it is made. Make a new one to copy it (the old one stops working).
              </Trans>
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {!url && (
              <Button
                size="sm"
                variant="secondary"
                disabled={enable.isPending}
                onClick={() => enable.mutate()}
              >
                <Trans>Make a new link</Trans>
              </Button>
            )}
            <Button size="sm" variant="danger" disabled={disable.isPending} onClick={() => disable.mutate()}>
              {disable.isPending ? t`Turning off…` : t`Turn sharing off`}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium" data-testid="share-state">
            <Trans>Sharing is off.</Trans>
          </p>
          <Button
            size="sm"
            className="self-start"
            disabled={enable.isPending}
            onClick={() => enable.mutate()}
          >
            {enable.isPending ? t`Turning on…` : t`Turn sharing on`}
          </Button>
        </div>
      )}
      {failure && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(failure)}
        </p>
      )}
    </section>
  );
}
