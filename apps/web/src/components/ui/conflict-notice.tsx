import { Trans, useLingui } from '@lingui/react/macro';
import { GitMerge } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';

export interface ConflictNoticeProps {
  /** Who saved the other version (null: a former member, or unknown). */
  by: string | null;
  /** Their version and the user's, as text (shown side by side). */
  theirs: string;
  mine: string;
  onKeepTheirs: () => void;
  onUseMine: () => void;
  /** Opens an editor holding both texts; left out where merging text makes no sense. */
  onEditBoth?: () => void;
  busy?: boolean;
}

/** One of the two versions, captioned: its text as written, or a dash when it is empty. */
function Version({
  caption,
  text,
  testId,
  className,
}: {
  caption: ReactNode;
  text: string;
  testId: string;
  className: string;
}) {
  return (
    <figure className={className}>
      <figcaption className="text-xs font-medium text-slate-600 dark:text-slate-300">{caption}</figcaption>
      <p data-testid={testId} className="break-words whitespace-pre-wrap">
        {text || '—'}
      </p>
    </figure>
  );
}

/**
 * "Ana changed this while you were editing" (decision 035): both versions side by side and the
 * choice — Keep theirs, Use mine, Edit both. Nothing is written until the person chooses, and
 * their text stays on the screen until then.
 */
export function ConflictNotice({
  by,
  theirs,
  mine,
  onKeepTheirs,
  onUseMine,
  onEditBoth,
  busy = false,
}: ConflictNoticeProps) {
  const { t } = useLingui();
  const title = by
    ? t`${by} changed this while you were editing.`
    : t`Someone changed this while you were editing.`;
  return (
    <section
      role="alert"
      aria-label={title}
      data-testid="conflict-notice"
      className="flex flex-col gap-2 rounded-2xl bg-white p-3 text-sm shadow-sm ring-2 ring-amber-400 dark:bg-slate-950 dark:ring-amber-500"
    >
      <p className="flex items-start gap-2 font-medium text-slate-900 dark:text-white">
        <GitMerge aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
        <span>{title}</span>
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        <Version
          caption={<Trans>Theirs</Trans>}
          text={theirs}
          testId="conflict-theirs"
          className="flex min-w-0 flex-col gap-1 rounded-lg bg-slate-50 p-2 dark:bg-slate-900"
        />
        <Version
          caption={<Trans>Yours</Trans>}
          text={mine}
          testId="conflict-mine"
          className="flex min-w-0 flex-col gap-1 rounded-lg bg-amber-50 p-2 dark:bg-amber-950/40"
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" size="sm" variant="secondary" disabled={busy} onClick={onKeepTheirs}>
          <Trans>Keep theirs</Trans>
        </Button>
        {onEditBoth && (
          <Button type="button" size="sm" variant="secondary" disabled={busy} onClick={onEditBoth}>
            <Trans>Edit both</Trans>
          </Button>
        )}
        <Button type="button" size="sm" disabled={busy} onClick={onUseMine}>
          <Trans>Use mine</Trans>
        </Button>
      </div>
    </section>
  );
}
