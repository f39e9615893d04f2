import { msg, ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarPlus, MapPin } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { QueryError } from '../../components/ui/query-error.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { placePath } from '../../lib/place-path.ts';
import { usePlace } from '../../modules/places/api/get-place.ts';
import { useTrips } from '../../modules/trips/api/get-trips.ts';
import { addTripFeatures } from '../../modules/trips/api/trip-features.ts';
import { tripKeys } from '../../modules/trips/api/trip-keys.ts';
import { tripPermissions } from '../../modules/trips/components/trip-roles.ts';
import { formatCardDate } from '../../lib/format/dates.ts';
import { i18n } from '../../lib/i18n/i18n.ts';

export const ADD_TO_TRIP_TEXT = msg`Add to trip`;
export const OPEN_PLACE_TEXT = msg`Open place`;
export const addedToTripText = (title: string, tripName: string) => `Added “${title}” to ${tripName}`;

interface WishlistTripActionsProps {
  featureId: string;
  title: string;
  placeId: string | undefined;
}

/**
 * A saved feature's actions that need other modules: open its place, and add it to one of the
 * caller's trips at that place (POST /core/trips/{id}/features). Trips elsewhere are not offered:
 * a feature can only join a trip of its own place.
 */
export function WishlistTripActions({ featureId, title, placeId }: WishlistTripActionsProps) {
  const { t } = useLingui();
  const place = usePlace(placeId ?? null);
  const [open, setOpen] = useState(false);
  const href = place.data ? placePath(place.data) : null;
  return (
    <>
      {href && (
        <Link
          to={href}
          aria-label={t`${ph({ open: i18n._(OPEN_PLACE_TEXT) })} ${ph({ place: place.data?.title ?? '' })} for ${title}`}
          className={buttonClass({ variant: 'ghost', size: 'sm' }, '-ml-2')}
        >
          <MapPin aria-hidden="true" className="size-4" />
          {place.data?.title ?? i18n._(OPEN_PLACE_TEXT)}
        </Link>
      )}
      {placeId && (
        <Button
          size="sm"
          variant="secondary"
          className="ml-auto"
          aria-label={`${i18n._(ADD_TO_TRIP_TEXT)}: ${title}`}
          onClick={() => setOpen(true)}
        >
          <CalendarPlus aria-hidden="true" className="size-4" />
          {i18n._(ADD_TO_TRIP_TEXT)}
        </Button>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} size="sm" title={t`Add “${title}” to a trip`}>
        {open && placeId && (
          <TripChoices
            featureId={featureId}
            title={title}
            placeId={placeId}
            placeTitle={place.data?.title ?? t`this place`}
            placeHref={href}
            onDone={() => setOpen(false)}
          />
        )}
      </Dialog>
    </>
  );
}

interface TripChoicesProps {
  featureId: string;
  title: string;
  placeId: string;
  placeTitle: string;
  placeHref: string | null;
  onDone: () => void;
}

function TripChoices({ featureId, title, placeId, placeTitle, placeHref, onDone }: TripChoicesProps) {
  const { t } = useLingui();
  const trips = useTrips();
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: (tripId: string) => addTripFeatures(tripId, [featureId]),
    onSettled: (_data, _error, tripId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tripKeys.features(tripId) }),
        queryClient.invalidateQueries({ queryKey: tripKeys.planner(tripId) }),
        queryClient.invalidateQueries({ queryKey: tripKeys.detail(tripId) }),
        queryClient.invalidateQueries({ queryKey: tripKeys.list() }),
      ]),
  });

  if (trips.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
        <Trans>Loading your trips…</Trans>
      </p>
    );
  }
  if (trips.isError)
    return <QueryError query={trips} message={t`We could not load your trips.`} variant="plain" />;

  const here = trips.data.filter((trip) => trip.placeId === placeId && tripPermissions(trip.myRole).canEdit);
  if (here.length === 0) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300">
        <Trans>No trip to {placeTitle} yet — </Trans>
        {placeHref ? (
          <Link to={placeHref} className="font-semibold text-brand-700 underline dark:text-brand-400">
            <Trans>pick it on the place page</Trans>
          </Link>
        ) : (
          t`pick it on the place page`
        )}
        <Trans> to start one</Trans>
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        <Trans>Your trips to {placeTitle}:</Trans>
      </p>
      <ul aria-label={t`Trips`} className="flex flex-col gap-2">
        {here.map((trip) => (
          <li key={trip._id}>
            <Button
              variant="outline"
              disabled={add.isPending}
              className="w-full justify-between"
              onClick={() =>
                add.mutate(trip._id, {
                  onSuccess: () => {
                    toast.success(addedToTripText(title, trip.tripName), {
                      toastId: `trip-add-${featureId}`,
                    });
                    onDone();
                  },
                })
              }
            >
              <span className="truncate">{trip.tripName}</span>
              {trip.startDate && (
                <span className="shrink-0 text-xs font-normal text-slate-500 dark:text-slate-400">
                  {formatCardDate(trip.startDate)}
                </span>
              )}
            </Button>
          </li>
        ))}
      </ul>
      {add.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {add.error instanceof ApiError ? add.error.message : t`We could not add it: please try again.`}
        </p>
      )}
    </div>
  );
}
