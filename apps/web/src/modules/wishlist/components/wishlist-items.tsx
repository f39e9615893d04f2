import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { HeartOff } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { QueryError } from '../../../components/ui/query-error.tsx';
import type { WishlistEntry } from '../api/get-wishlist-items.ts';
import { useWishlistItems } from '../api/get-wishlist-items.ts';
import { useMoveToList, useRemoveFromList, useSaveToList } from '../api/wishlist-item-changes.ts';
import { entryTitle, WishlistCard, WishlistCardSkeleton } from './wishlist-card.tsx';
import { MoveToListDialog } from './wishlist-list-dialogs.tsx';
import { i18n } from '../../../lib/i18n/i18n.ts';

export const EMPTY_WISHLIST_TEXT = msg`Nothing saved here yet`;
/** Where the empty state sends people to find features to save. */
export const EXPLORE_PATH = '/';
export const REMOVE_FAILED_TEXT = msg`We could not remove it from the list: please try again.`;
export const MOVE_FAILED_TEXT = msg`We could not move it: please try again.`;
export const removedText = (title: string, listname: string) => t`Removed “${title}” from ${listname}`;
export const movedText = (title: string, listname: string) => t`Moved “${title}” to ${listname}`;

export const WISHLIST_GRID = 'grid grid-cols-1 gap-5 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-4';

/** Actions the app draws on each card (this module does not know trips or places). */
export type WishlistCardActions = (entry: WishlistEntry) => ReactNode;

interface WishlistItemsProps {
  listname: string;
  lists: readonly string[];
  cardActions?: WishlistCardActions;
}

/** The grid of one list's saved features, with their menus (move, remove with Undo). */
export function WishlistItems({ listname, lists, cardActions }: WishlistItemsProps) {
  const items = useWishlistItems(listname);
  const remove = useRemoveFromList();
  const save = useSaveToList();
  const move = useMoveToList();
  const [moving, setMoving] = useState<{ featureId: string; title: string } | null>(null);

  const removeEntry = (entry: WishlistEntry) => {
    const title = entryTitle(entry);
    const item = { featureId: entry._id, listname };
    remove.mutate(item, {
      onSuccess: () =>
        toast.success(
          ({ closeToast }) => (
            <span className="flex items-center justify-between gap-3">
              <span>{removedText(title, listname)}</span>
              <button
                type="button"
                className="shrink-0 rounded-full px-3 py-1 text-sm whitespace-nowrap font-semibold text-brand-700 underline hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-slate-800"
                onClick={() => {
                  save.mutate(item);
                  closeToast();
                }}
              >
                <Trans>Undo</Trans>
              </button>
            </span>
          ),
          { toastId: `wishlist-removed-${entry._id}` },
        ),
      onError: () => toast.error(i18n._(REMOVE_FAILED_TEXT), { toastId: 'wishlist-remove-failed' }),
    });
  };

  const moveTo = (to: string) => {
    if (!moving) return;
    const { featureId, title } = moving;
    move.mutate(
      { featureId, from: listname, to },
      {
        onSuccess: () => {
          setMoving(null);
          toast.success(movedText(title, to), { toastId: `wishlist-moved-${featureId}` });
        },
        onError: () => toast.error(i18n._(MOVE_FAILED_TEXT), { toastId: 'wishlist-move-failed' }),
      },
    );
  };

  if (items.isPending) {
    return (
      <div role="status" aria-label={t`Loading your wishlist…`} className={WISHLIST_GRID}>
        <WishlistCardSkeleton />
        <WishlistCardSkeleton />
        <WishlistCardSkeleton />
      </div>
    );
  }
  if (items.isError) {
    return <QueryError query={items} message={t`We could not load this list.`} />;
  }
  if (items.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-3xl bg-white p-10 text-center shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
        <HeartOff aria-hidden="true" className="size-10 text-brand-600" />
        <p className="text-lg font-semibold">{i18n._(EMPTY_WISHLIST_TEXT)}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <Trans>Tap the heart on a place's feature to keep it for later.</Trans>
        </p>
        <Link to={EXPLORE_PATH} className="font-semibold text-brand-700 underline dark:text-brand-400">
          <Trans>Explore places</Trans>
        </Link>
      </div>
    );
  }
  return (
    <>
      <ul aria-label={t`Saved in ${listname}`} data-testid="wishlist-grid" className={WISHLIST_GRID}>
        {items.data.map((entry) => (
          <li key={entry._id} className="flex">
            <WishlistCard
              entry={entry}
              onMove={
                lists.length > 1
                  ? () => setMoving({ featureId: entry._id, title: entryTitle(entry) })
                  : undefined
              }
              onRemove={() => removeEntry(entry)}
              actions={cardActions?.(entry)}
            />
          </li>
        ))}
      </ul>
      <MoveToListDialog
        moving={moving}
        from={listname}
        lists={lists}
        pending={move.isPending}
        onMove={moveTo}
        onClose={() => setMoving(null)}
      />
    </>
  );
}
