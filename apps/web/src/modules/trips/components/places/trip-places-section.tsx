import { msg, ph, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { MapPinHouse, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { i18n } from '../../../../lib/i18n/i18n.ts';
import { useOnline } from '../../../../lib/network-status.ts';
import { type TripPlace, useTripPlaceEdits, useTripPlaces } from '../../api/trip-places.ts';
import { ConfirmDialog } from '../members/confirm-dialog.tsx';
import { PlaceCard } from './place-card.tsx';
import type { PlaceCategory } from './place-fields.tsx';
import { PlaceFormDialog } from './place-form-dialog.tsx';

export type { PlaceCategory };

export const PLACES_PURPOSE_TEXT = msg`Add the places the catalogue does not have: your flat, a friend's restaurant, a town nearby.`;
export const PLACES_OFFLINE_TEXT = msg`You're offline: new places are kept on this device and sent when you're back; editing and removing wait for the network.`;

interface TripPlacesSectionProps {
  tripId: string;
  /** Admins, members, drivers and guides add, change and remove places; the others read them. */
  canEdit: boolean;
  /** The catalogue's categories a place may take (the screen passes them in). */
  categories: readonly PlaceCategory[];
}

const errorText = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : t`Something went wrong.`;

/**
 * "Places of your own" in the trip's features tab: what the catalogue does not hold (the group's
 * flat, a friend's restaurant, a town outside the catalogue), as cards. Live: a 'places' trip frame
 * refetches them (the query sits under tripKeys.all). Editors add one from a map link or
 * coordinates, change and remove them; the other roles read them with no control.
 */
export function TripPlacesSection({ tripId, canEdit, categories }: TripPlacesSectionProps) {
  const headingId = useId();
  const query = useTripPlaces(tripId);
  const { add, update, remove, refresh } = useTripPlaceEdits(tripId);
  const online = useOnline();
  const [editing, setEditing] = useState<TripPlace | 'new' | null>(null);
  const [removing, setRemoving] = useState<TripPlace | null>(null);
  const places = query.data;

  const closeRemove = () => {
    setRemoving(null);
    remove.reset();
  };

  return (
    <section aria-labelledby={headingId} data-testid="trip-places" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-semibold tracking-tight">
          <Trans>Places of your own</Trans>
          {places && (
            <>
              {' '}
              <span data-testid="trip-places-count" className="text-slate-500 dark:text-slate-400">
                ({places.length})
              </span>
            </>
          )}
        </h2>
        {canEdit && (
          <Button size="sm" className="min-h-11" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            <Trans>Add a place</Trans>
          </Button>
        )}
      </div>
      {places && places.length > 0 && (
        <p className="-mt-2 text-sm text-slate-600 dark:text-slate-400">{i18n._(PLACES_PURPOSE_TEXT)}</p>
      )}
      {canEdit && !online && (
        <p
          role="status"
          className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          {i18n._(PLACES_OFFLINE_TEXT)}
        </p>
      )}
      {query.isPending && query.fetchStatus !== 'idle' && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          <Trans>Loading your places…</Trans>
        </p>
      )}
      {query.isPending && query.fetchStatus === 'idle' && !online && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          <Trans>Your places load when you're back online.</Trans>
        </p>
      )}
      {query.isError && !places && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <p>
            <Trans>The places of this trip could not be loaded.</Trans>
          </p>
          <Button
            variant="secondary"
            size="sm"
            className="min-h-11"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            <Trans>Try again</Trans>
          </Button>
        </div>
      )}
      {places?.length === 0 && (
        <div
          data-testid="trip-places-empty"
          className="flex flex-col items-center gap-2 rounded-3xl bg-white p-6 text-center text-sm text-slate-600 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-800"
        >
          <MapPinHouse aria-hidden="true" className="size-8 text-brand-600 dark:text-brand-400" />
          <p className="max-w-md">
            {canEdit
              ? i18n._(PLACES_PURPOSE_TEXT)
              : t`No places of your own yet. The group adds here the places the catalogue does not have: a flat, a friend's restaurant, a town nearby.`}
          </p>
        </div>
      )}
      {places && places.length > 0 && (
        <ul aria-labelledby={headingId} className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {places.map((place) => (
            <PlaceCard
              key={place._id}
              tripId={tripId}
              place={place}
              editable={canEdit}
              online={online}
              onEdit={setEditing}
              onRemove={setRemoving}
            />
          ))}
        </ul>
      )}
      {canEdit && editing && (
        <PlaceFormDialog
          key={editing === 'new' ? 'new' : editing._id}
          categories={categories}
          tripId={tripId}
          place={editing === 'new' ? undefined : editing}
          onAdd={(body) => add.mutateAsync(body)}
          onUpdate={(placeId, change) => update.mutateAsync({ placeId, change })}
          onConflict={() => void refresh()}
          onClose={() => setEditing(null)}
        />
      )}
      {canEdit && removing && (
        <ConfirmDialog
          open
          title={t`Remove this place?`}
          confirmLabel={t`Remove`}
          busy={remove.isPending}
          error={remove.isError ? errorText(remove.error) : null}
          onConfirm={() => remove.mutate(removing._id, { onSuccess: closeRemove })}
          onClose={closeRemove}
        >
          <Trans>“{ph({ name: removing.name })}” leaves the trip's places for everyone.</Trans>
        </ConfirmDialog>
      )}
    </section>
  );
}
