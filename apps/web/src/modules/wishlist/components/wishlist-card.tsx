import { msg, ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { MapPin, MoreHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { FallbackImage } from '../../../components/ui/fallback-image.tsx';
import { IconButton } from '../../../components/ui/icon-button.tsx';
import { Menu, type MenuEntry } from '../../../components/ui/menu.tsx';
import type { WishlistEntry } from '../api/get-wishlist-items.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';

/** WISHLIST-05: shown when a saved feature has no title. */
export const NO_TITLE_TEXT = msg`no title`;

/** Inline fallback artwork (img-src allows data:) for a saved feature without a usable image. */
export const WISHLIST_FALLBACK_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 540 540"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#115e59"/><stop offset="1" stop-color="#f472b6"/></linearGradient></defs><rect width="540" height="540" fill="url(#g)"/><path d="M270 380 C150 300 150 210 215 195 C245 188 262 205 270 222 C278 205 295 188 325 195 C390 210 390 300 270 380Z" fill="#fdf2f8" opacity=".85"/></svg>',
)}`;

/** SPEC §9: feature images are requested at about 540x540. */
export function wishlistImageUrl(url: string | null | undefined): string {
  if (!url) return WISHLIST_FALLBACK_IMAGE;
  if (url.startsWith('data:')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}compress=540x540`;
}

export const MOVE_TO_LIST_TEXT = msg`Move to list…`;
export const REMOVE_FROM_LIST_TEXT = msg`Remove from wishlist`;

/** The title a saved feature is shown with. */
export const entryTitle = (entry: WishlistEntry): string =>
  entry.feature.title?.trim() ? entry.feature.title : i18n._(NO_TITLE_TEXT);

interface WishlistCardProps {
  entry: WishlistEntry;
  /** Opens the "move to list" choice; without it the menu does not offer a move. */
  onMove?: () => void;
  onRemove?: () => void;
  /** Actions drawn under the address (the app's: open the place, add to a trip). */
  actions?: ReactNode;
}

/** A saved feature: image and title ('no title' when missing), its address, a menu and actions. */
export function WishlistCard({ entry, onMove, onRemove, actions }: WishlistCardProps) {
  const { t } = useLingui();
  const title = entry.feature.title?.trim() ? entry.feature.title : null;
  const entries: MenuEntry[] = [
    ...(onMove ? [{ key: 'move', label: i18n._(MOVE_TO_LIST_TEXT), onSelect: onMove }] : []),
    ...(onRemove ? [{ key: 'remove', label: i18n._(REMOVE_FROM_LIST_TEXT), onSelect: onRemove }] : []),
  ];
  return (
    <article
      data-testid="wishlist-card"
      aria-label={title ?? i18n._(NO_TITLE_TEXT)}
      className="relative flex flex-1 flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md dark:bg-slate-900 dark:ring-slate-800"
    >
      {entries.length > 0 && (
        <div className="absolute top-3 right-3 z-10">
          <Menu
            entries={entries}
            trigger={
              <IconButton
                aria-label={t`More actions for ${ph({ title: title ?? i18n._(NO_TITLE_TEXT) })}`}
                className="bg-white/90 text-slate-700 shadow hover:bg-white dark:bg-slate-900/90 dark:text-slate-200 dark:hover:bg-slate-900"
              >
                <MoreHorizontal aria-hidden="true" className="size-5" />
              </IconButton>
            }
          />
        </div>
      )}
      <div className="aspect-[4/3] overflow-hidden bg-slate-100 dark:bg-slate-800">
        <FallbackImage
          src={wishlistImageUrl(entry.feature.image?.original)}
          fallback={WISHLIST_FALLBACK_IMAGE}
          loading="lazy"
          className="size-full object-cover"
        />
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <h3
          className={
            title
              ? 'font-semibold tracking-tight'
              : 'font-semibold tracking-tight text-slate-400 italic dark:text-slate-500'
          }
        >
          {title ?? i18n._(NO_TITLE_TEXT)}
        </h3>
        {entry.feature.address && (
          <p className="flex items-start gap-1 text-xs text-slate-500 dark:text-slate-400">
            <MapPin aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
            {entry.feature.address}
          </p>
        )}
        {actions && <div className="mt-auto flex flex-wrap items-center gap-2 pt-3">{actions}</div>}
      </div>
    </article>
  );
}

/** Placeholder cards while a list loads. */
export function WishlistCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      data-testid="wishlist-skeleton"
      className="flex flex-1 flex-col overflow-hidden rounded-3xl bg-white ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <div className="aspect-[4/3] animate-pulse bg-slate-200 dark:bg-slate-800" />
      <div className="flex flex-col gap-2 p-4">
        <span className="h-4 w-3/4 animate-pulse rounded-full bg-slate-200 dark:bg-slate-800" />
        <span className="h-3 w-1/2 animate-pulse rounded-full bg-slate-200 dark:bg-slate-800" />
      </div>
    </div>
  );
}
