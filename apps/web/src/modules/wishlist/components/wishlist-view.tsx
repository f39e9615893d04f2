import { msg, ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEFAULT_WISHLIST } from '@tripcrew/contracts/wishlist';
import clsx from 'clsx';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { useWishlistCounts } from '../api/get-wishlist-counts.ts';
import { useWishlistListNames } from '../api/get-wishlist-listnames.ts';
import { WishlistCardSkeleton } from './wishlist-card.tsx';
import { type WishlistCardActions, WishlistItems, WISHLIST_GRID } from './wishlist-items.tsx';
import { DeleteListDialog, ListNameDialog } from './wishlist-list-dialogs.tsx';
import { i18n } from '../../../lib/i18n/i18n.ts';

export { EMPTY_WISHLIST_TEXT, EXPLORE_PATH } from './wishlist-items.tsx';
export const NEW_LIST_TEXT = msg`New list`;
const LIST_PARAM = 'list';

type Editing = { kind: 'create' } | { kind: 'rename'; listname: string } | null;

/** A tab's label: the list name and how many features it holds. */
function TabLabel({ name, count, selected }: { name: string; count: number | undefined; selected: boolean }) {
  return (
    <span className="flex items-center gap-2">
      <span className="max-w-[14rem] truncate">{name}</span>
      {count !== undefined && (
        <span
          aria-hidden="true"
          className={clsx(
            'min-w-6 rounded-full px-1.5 py-0.5 text-xs font-semibold tabular-nums',
            selected
              ? 'bg-brand-100 text-brand-800 dark:bg-brand-900 dark:text-brand-200'
              : 'bg-slate-200 text-slate-600 dark:bg-slate-700 dark:text-slate-200',
          )}
        >
          {count}
        </span>
      )}
      {count !== undefined && <span className="sr-only"> ({count})</span>}
    </span>
  );
}

/**
 * WISHLIST-05: a tab per list name (cached GET /core/wishlist/listnames) with its count, over the
 * grid of that list's saved features (GET /core/wishlist/all?listname=). The chosen tab is kept
 * in ?list=. WISHLIST-03: named lists are created, renamed and deleted here; the default list
 * (first) is neither renamed nor deleted, as the API rules.
 */
export function WishlistView({ cardActions }: { cardActions?: WishlistCardActions }) {
  const { t } = useLingui();
  const names = useWishlistListNames();
  const [searchParams, setSearchParams] = useSearchParams();
  const lists = names.data ?? [DEFAULT_WISHLIST];
  const counts = useWishlistCounts(lists);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const requested = searchParams.get(LIST_PARAM);
  const current =
    requested !== null && lists.includes(requested) ? requested : (lists[0] ?? DEFAULT_WISHLIST);

  const choose = (name: string) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (name === DEFAULT_WISHLIST) next.delete(LIST_PARAM);
        else next.set(LIST_PARAM, name);
        return next;
      },
      { replace: true },
    );

  if (names.isPending) {
    return (
      <div role="status" aria-label={t`Loading your lists…`} className={WISHLIST_GRID}>
        <WishlistCardSkeleton />
        <WishlistCardSkeleton />
      </div>
    );
  }
  // Without the list names, the default list still shows (its own query may load), with a retry.
  const named = current !== DEFAULT_WISHLIST;
  return (
    <div className="flex flex-col gap-3">
      {names.isError && <QueryError query={names} message={t`We could not load your lists.`} />}
      <div className="flex flex-wrap items-center justify-end gap-2">
        {named && (
          <>
            <Button
              size="sm"
              variant="ghost"
              aria-label={t`Rename list ${current}`}
              onClick={() => setEditing({ kind: 'rename', listname: current })}
            >
              <Pencil aria-hidden="true" className="size-4" />
              <Trans>Rename</Trans>
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={t`Delete list ${current}`}
              onClick={() => setDeleting(current)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              <Trans>Delete</Trans>
            </Button>
          </>
        )}
        <Button size="sm" variant="secondary" onClick={() => setEditing({ kind: 'create' })}>
          <Plus aria-hidden="true" className="size-4" />
          {i18n._(NEW_LIST_TEXT)}
        </Button>
      </div>
      <Tabs
        tabs={lists.map((name) => ({
          id: name,
          label: <TabLabel name={name} count={counts[name]} selected={name === current} />,
        }))}
        value={current}
        onChange={choose}
        label={t`Wishlists`}
      >
        <WishlistItems key={current} listname={current} lists={lists} cardActions={cardActions} />
      </Tabs>
      <ListNameDialog
        open={editing !== null}
        lists={lists}
        renaming={editing?.kind === 'rename' ? editing.listname : undefined}
        onClose={() => setEditing(null)}
        onSaved={(name) => {
          setEditing(null);
          choose(name);
          toast.success(
            editing?.kind === 'rename' ? t`Renamed the list to “${name}”` : t`Created the list “${name}”`,
            { toastId: 'wishlist-list-saved' },
          );
        }}
      />
      <DeleteListDialog
        listname={deleting}
        count={deleting ? counts[deleting] : undefined}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          toast.success(t`Deleted the list “${ph({ list: deleting ?? '' })}”`, {
            toastId: 'wishlist-list-deleted',
          });
          setDeleting(null);
          choose(DEFAULT_WISHLIST);
        }}
      />
    </div>
  );
}
