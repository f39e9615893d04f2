import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { MapPinOff } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { MapLoadBoundary, useRetryableLazy } from '../../../../components/map/map-load-boundary.tsx';
import { EmojiLoader } from '../../../../components/ui/emoji-loader.tsx';
import { useTripBookings } from '../../api/trip-bookings.ts';
import { usePlanner } from '../../api/trip-planner.ts';
import { useTripPlaceEdits } from '../../api/trip-places.ts';
import { useTripRoutes } from '../../api/trip-routes.ts';
import { PlaceFormDialog } from '../places/place-form-dialog.tsx';
import type { PlaceCategory } from '../places/place-fields.tsx';
import { LabelledSelect } from '../labelled-select.tsx';
import {
  ALL_DAYS,
  type DayFilter,
  dayLines,
  dayOptions,
  legendEntries,
  type LegendEntry,
  legGeometryOf,
  tripStops,
  validFilter,
} from './trip-map-stops.ts';
import { bookingMapOf, bookingPoints } from './trip-map-bookings.ts';

/** Where the map of a trip opens when it has nothing to fit: the trip's place, [lng, lat], and a zoom. */
export interface TripMapHome {
  center: [number, number];
  zoom: number;
}

// MapLibre and the basemap load only when a map is drawn: not for the empty state, not before.
const loadCanvas = () =>
  import('./trip-map-canvas.tsx').then((module) => ({ default: module.TripMapCanvas }));
const TripMapCanvas = lazy(loadCanvas);

/**
 * The trip's map beside its planner (TRIPMAP-01..14): the planned stops of each day, numbered in
 * the day's colour and joined in order, the unscheduled ones in grey, a day filter and a legend.
 * It reads the planner's own query, so a move in the planner shows here at once.
 */
export function TripMapPanel({
  tripId,
  canEdit = false,
  placeCategories = [],
  home = null,
}: {
  tripId: string;
  /** Those who edit the trip drop a pin on the map to add a place of the trip's own there. */
  canEdit?: boolean;
  placeCategories?: readonly PlaceCategory[];
  /** The trip's place on the map: where a map with nothing on it yet opens, for a first pin. */
  home?: TripMapHome | null;
}) {
  const { t } = useLingui();
  const planner = usePlanner(tripId);
  const { add } = useTripPlaceEdits(tripId);
  const [pin, setPin] = useState<{ lat: number; lng: number } | null>(null);
  const canvas = useRetryableLazy(TripMapCanvas, loadCanvas);
  const [requested, setRequested] = useState<DayFilter>(ALL_DAYS);
  const data = planner.data;
  const filter = data ? validFilter(data, requested) : ALL_DAYS;
  const allStops = useMemo(() => (data ? tripStops(data) : []), [data]);
  const stops = useMemo(
    () => (filter === ALL_DAYS ? allStops : data ? tripStops(data, filter) : []),
    [allStops, data, filter],
  );
  // With ROUTING_URL the routing server's paths replace the straight legs (the estimates have none).
  const routes = useTripRoutes(tripId);
  const legGeometry = useMemo(() => legGeometryOf(routes.data), [routes.data]);
  const lines = useMemo(() => dayLines(stops, legGeometry), [stops, legGeometry]);
  // The bookings' places and journeys, of the day chosen (a trip without bookings draws none).
  const bookingList = useTripBookings(tripId).data;
  const bookings = useMemo(() => bookingMapOf(bookingList ?? [], filter), [bookingList, filter]);
  const hasBookingPlaces = useMemo(() => bookingPoints(bookingList ?? []).length > 0, [bookingList]);

  if (planner.isPending) return <EmojiLoader label={t`Loading the map…`} className="py-16" />;
  if (!data)
    return (
      <p role="alert">
        <Trans>The map could not be loaded.</Trans>
      </p>
    );
  // Nothing located yet: a reader gets the empty state (and no map is loaded); an editor gets the
  // map of the trip's place, to drop the first pin.
  const nothingLocated = allStops.length === 0 && !hasBookingPlaces;
  if (nothingLocated && !(canEdit && home)) return <EmptyMap />;

  const legend = legendEntries(data, allStops);
  return (
    <div className="flex h-full min-h-0 flex-col gap-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2" hidden={nothingLocated}>
        <LabelledSelect
          label={<Trans>Show</Trans>}
          value={filter}
          options={dayOptions(data)}
          onChange={setRequested}
          labelClassName="text-sm font-semibold"
          selectClassName="min-h-11 rounded-xl border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        />
        <MapLegend
          entries={legend}
          bookings={bookings.points.length > 0 || bookings.lines.features.length > 0}
        />
      </div>
      <div className="relative min-h-0 flex-1">
        <MapLoadBoundary key={canvas.attempt} className="h-full" onRetry={canvas.retry}>
          <Suspense fallback={<EmojiLoader label={t`Loading the map…`} className="h-full py-16" />}>
            <canvas.View
              stops={stops}
              lines={lines}
              fitKey={filter}
              bookings={bookings}
              // The map fits the stops: a city plan stays a city even when the flight there is
              // booked (its airports would zoom the map out to half the globe). Only a trip
              // without stops fits its bookings' places, so the map shows something useful.
              fitBookings={allStops.length === 0}
              center={home?.center ?? null}
              zoom={home?.zoom}
              label={t`Map of the trip's stops`}
              onDropPin={canEdit ? setPin : undefined}
              dropPinLabel={t`Add a place here`}
            >
              {nothingLocated && (
                <p
                  role="status"
                  data-testid="trip-map-first-pin"
                  className="pointer-events-none absolute top-4 right-14 left-4 rounded-2xl bg-white/95 p-3 text-center text-sm text-slate-700 shadow-md dark:bg-slate-900/95 dark:text-slate-200"
                >
                  <Trans>
                    No stops with a location yet. Click the map, or press and hold on a touch screen, to add a
                    place there.
                  </Trans>
                </p>
              )}
              {stops.length === 0 && filter !== ALL_DAYS && (
                <p
                  role="status"
                  className="absolute top-4 right-14 left-4 rounded-2xl bg-white/95 p-3 text-center text-sm text-slate-700 shadow-md dark:bg-slate-900/95 dark:text-slate-200"
                >
                  <Trans>No stops with a location on this day.</Trans>
                </p>
              )}
            </canvas.View>
          </Suspense>
        </MapLoadBoundary>
      </div>
      {pin && (
        <PlaceFormDialog
          categories={placeCategories}
          tripId={tripId}
          initialPoint={pin}
          onAdd={(body) => add.mutateAsync(body)}
          onUpdate={() => Promise.resolve()}
          onConflict={() => undefined}
          onClose={() => setPin(null)}
        />
      )}
    </div>
  );
}

function MapLegend({ entries, bookings }: { entries: LegendEntry[]; bookings: boolean }) {
  const { t } = useLingui();
  return (
    <ul
      aria-label={t`Legend`}
      className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-700 dark:text-slate-200"
    >
      {entries.map((entry) => (
        <li key={entry.key} className="inline-flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="size-3 rounded-full ring-2 ring-white dark:ring-slate-950"
            style={{ backgroundColor: entry.colour }}
          />
          {entry.label}
          <span className="text-slate-500 dark:text-slate-400">
            ({plural(entry.count, { one: '# stop', other: '# stops' })})
          </span>
        </li>
      ))}
      {bookings && (
        <li key="bookings" className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="h-0.5 w-4 rounded-full bg-slate-900 dark:bg-slate-200" />
          <Trans>Bookings</Trans>
        </li>
      )}
    </ul>
  );
}

function EmptyMap() {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 rounded-3xl bg-slate-50 p-6 text-center ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <MapPinOff aria-hidden="true" className="size-10 text-slate-500 dark:text-slate-400" />
      <p className="font-semibold">
        <Trans>No stops with a location yet</Trans>
      </p>
      <p className="max-w-xs text-sm text-slate-600 dark:text-slate-300">
        <Trans>
          Features with a place on the map show here, numbered day by day, once they are in the trip.
        </Trans>
      </p>
    </div>
  );
}
