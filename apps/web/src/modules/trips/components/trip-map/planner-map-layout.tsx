import { useLingui } from '@lingui/react/macro';
import clsx from 'clsx';
import { List, Map as MapIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { type TripMapHome, TripMapPanel } from './trip-map-panel.tsx';
import type { PlaceCategory } from '../places/place-fields.tsx';
import { useMediaQuery } from '../../../../lib/media-query.ts';

/** From this width the planner and the map sit side by side; below it a toggle shows one of them. */
export const SPLIT_QUERY = '(min-width: 1024px)';

export type PlannerView = 'list' | 'map';

/** The narrow screen's choice, kept in the URL: `?view=map`, else the list. */
export const viewOf = (params: URLSearchParams): PlannerView =>
  params.get('view') === 'map' ? 'map' : 'list';

interface PlannerMapLayoutProps {
  tripId: string;
  /** Those who edit the trip drop pins on the map to add places. */
  canEdit?: boolean;
  placeCategories?: readonly PlaceCategory[];
  /** The planner itself (its own lazy chunk). */
  planner: ReactNode;
  /** The trip's place: where the map opens before anything in the trip has a location. */
  home?: TripMapHome | null;
}

/**
 * The planner tab with its map (TRIPMAP-12..14): side by side from 1024 px, the map sticky beside
 * the planner; on narrower screens a 'List' / 'Map' toggle. The map's code loads only once the map
 * is shown.
 */
export function PlannerMapLayout({ tripId, planner, canEdit, placeCategories, home }: PlannerMapLayoutProps) {
  const { t } = useLingui();
  const split = useMediaQuery(SPLIT_QUERY);
  const [params, setParams] = useSearchParams();
  const view = viewOf(params);
  const setView = (next: PlannerView) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'map') updated.set('view', 'map');
        else updated.delete('view');
        return updated;
      },
      { replace: true },
    );
  const showMap = split || view === 'map';
  return (
    <div
      data-testid="planner-map-layout"
      className={clsx(
        'flex flex-col gap-4',
        split && 'grid grid-cols-[minmax(0,3fr)_minmax(0,2fr)] items-start gap-6',
      )}
    >
      {!split && <ViewToggle view={view} onChange={setView} />}
      {/* Hidden, not unmounted: a note being written or a scroll position survives a look at the map. */}
      <div className="min-w-0" hidden={!split && view === 'map'}>
        {planner}
      </div>
      {showMap && (
        <section
          aria-label={t`Trip map`}
          data-testid="trip-map-region"
          className={clsx(
            'flex min-w-0 flex-col',
            split ? 'sticky top-20 h-[calc(100dvh-6rem)]' : 'h-[calc(100dvh-13rem)] min-h-96',
          )}
        >
          <TripMapPanel tripId={tripId} canEdit={canEdit} placeCategories={placeCategories} home={home} />
        </section>
      )}
    </div>
  );
}

function ViewToggle({ view, onChange }: { view: PlannerView; onChange: (view: PlannerView) => void }) {
  const { t } = useLingui();
  const option = (value: PlannerView, label: string, icon: ReactNode) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => onChange(value)}
      className={clsx(
        'inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-full px-4 text-sm font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        view === value
          ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-900/10 dark:bg-slate-700 dark:text-white dark:ring-white/10'
          : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
      )}
    >
      {icon}
      {label}
    </button>
  );
  return (
    <div
      role="group"
      aria-label={t`Show the plan as`}
      className="flex w-full max-w-xs gap-1 self-center rounded-full bg-slate-100 p-1 ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
    >
      {option('list', t`List`, <List aria-hidden="true" className="size-4" />)}
      {option('map', t`Map`, <MapIcon aria-hidden="true" className="size-4" />)}
    </div>
  );
}
