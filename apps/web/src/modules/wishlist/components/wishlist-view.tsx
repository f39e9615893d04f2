import { DEFAULT_WISHLIST } from '@tripcrew/contracts/wishlist';
import { HeartOff } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { QueryError } from '../../../components/ui/query-error.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { useWishlistItems } from '../api/get-wishlist-items.ts';
import { useWishlistListNames } from '../api/get-wishlist-listnames.ts';
import { WishlistCard, WishlistCardSkeleton } from './wishlist-card.tsx';

export const EMPTY_WISHLIST_TEXT = 'Nothing saved here yet';
/** Where the empty state sends people to find features to save. */
export const EXPLORE_PATH = '/';
const LIST_PARAM = 'list';

const GRID = 'grid grid-cols-1 gap-5 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-4';

function ListItems({ listname }: { listname: string }) {
  const items = useWishlistItems(listname);

  if (items.isPending) {
    return (
      <div role="status" aria-label="Loading your wishlist…" className={GRID}>
        <WishlistCardSkeleton />
        <WishlistCardSkeleton />
        <WishlistCardSkeleton />
      </div>
    );
  }
  if (items.isError) {
    return <QueryError query={items} message="We could not load this list." />;
  }
  if (items.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-3xl bg-white p-10 text-center shadow-sm dark:bg-slate-900">
        <HeartOff aria-hidden="true" className="size-10 text-brand-600" />
        <p className="text-lg font-semibold">{EMPTY_WISHLIST_TEXT}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Tap the heart on a place's feature to keep it for later.
        </p>
        <Link to={EXPLORE_PATH} className="font-semibold text-brand-700 underline dark:text-brand-400">
          Explore places
        </Link>
      </div>
    );
  }
  return (
    <ul aria-label={`Saved in ${listname}`} data-testid="wishlist-grid" className={GRID}>
      {items.data.map((entry) => (
        <li key={entry._id} className="flex">
          <WishlistCard entry={entry} />
        </li>
      ))}
    </ul>
  );
}

/**
 * WISHLIST-05: a tab per list name (cached GET /core/wishlist/listnames) over the grid of that
 * list's saved features (GET /core/wishlist/all?listname=). The chosen tab is kept in ?list=.
 */
export function WishlistView() {
  const names = useWishlistListNames();
  const [searchParams, setSearchParams] = useSearchParams();
  const lists = names.data ?? [DEFAULT_WISHLIST];
  const requested = searchParams.get(LIST_PARAM);
  const current =
    requested !== null && lists.includes(requested) ? requested : (lists[0] ?? DEFAULT_WISHLIST);

  const choose = (name: string) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (name === lists[0]) next.delete(LIST_PARAM);
        else next.set(LIST_PARAM, name);
        return next;
      },
      { replace: true },
    );

  if (names.isPending) {
    return (
      <div role="status" aria-label="Loading your lists…" className={GRID}>
        <WishlistCardSkeleton />
        <WishlistCardSkeleton />
      </div>
    );
  }

  return (
    <Tabs
      tabs={lists.map((name) => ({ id: name, label: name }))}
      value={current}
      onChange={choose}
      label="Wishlists"
    >
      <ListItems key={current} listname={current} />
    </Tabs>
  );
}
