import { msg, ph, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { MapPinHouse, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { i18n } from '../../../../lib/i18n/i18n.ts';
import { useOnline } from '../../../../lib/network-status.ts';
import { type TripPlace, useTripPlaceEdits, useTripPlaces } from '../../api/trip-places.ts';
import { RemoveDialog, TripListSection } from '../trip-list-section.tsx';
import { PlaceCard } from './place-card.tsx';
import type { PlaceCategory } from './place-fields.tsx';
import { PlaceFormDialog } from './place-form-dialog.tsx';

export type { PlaceCategory };

export const PLACES_PURPOSE_TEXT = msg`Add the places the catalogue does not have: your flat, a friend's restaurant, a town nearby.`;
export const PLACES_OFFLINE_TEXT = msg`You're offline: new places and changes are kept on this device and sent when you're back; removing waits for the network.`;

interface TripPlacesSectionProps {
  tripId: string;
  /** Admins, members, drivers and guides add, change and remove places; the others read them. */
  canEdit: boolean;
  /** The catalogue's categories a place may take (the screen passes them in). */
  categories: readonly PlaceCategory[];
}

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
  const cardProps = { tripId, editable: canEdit, online, onEdit: setEditing, onRemove: setRemoving };

  return (
    <TripListSection
      headingId={headingId}
      testId="trip-places"
      title={<Trans>Places of your own</Trans>}
      loadingText={<Trans>Loading your places…</Trans>}
      waitingText={<Trans>Your places load when you're back online.</Trans>}
      failedText={<Trans>The places of this trip could not be loaded.</Trans>}
      count={places?.length}
      actions={
        canEdit && (
          <Button size="sm" className="min-h-11" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            <Trans>Add a place</Trans>
          </Button>
        )
      }
      intro={
        places &&
        places.length > 0 && (
          <p className="-mt-2 text-sm text-slate-600 dark:text-slate-400">{i18n._(PLACES_PURPOSE_TEXT)}</p>
        )
      }
      offlineNote={canEdit && i18n._(PLACES_OFFLINE_TEXT)}
      query={query}
      online={online}
      empty={
        <>
          <MapPinHouse aria-hidden="true" className="size-8 text-brand-600 dark:text-brand-400" />
          <p className="max-w-md">
            {canEdit
              ? i18n._(PLACES_PURPOSE_TEXT)
              : t`No places of your own yet. The group adds here the places the catalogue does not have: a flat, a friend's restaurant, a town nearby.`}
          </p>
        </>
      }
    >
      {places && places.length > 0 && (
        <ul aria-labelledby={headingId} className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {places.map((place) => (
            <PlaceCard key={place._id} place={place} {...cardProps} />
          ))}
        </ul>
      )}
      {canEdit && editing && (
        <PlaceFormDialog
          key={editing === 'new' ? 'new' : editing._id}
          categories={categories}
          tripId={tripId}
          place={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onAdd={(body) => add.mutateAsync(body)}
          onUpdate={(placeId, change) => update.mutateAsync({ id: placeId, change })}
          onConflict={() => void refresh()}
        />
      )}
      {canEdit && removing && (
        <RemoveDialog
          id={removing._id}
          remove={remove}
          title={t`Remove this place?`}
          onClose={() => setRemoving(null)}
        >
          <Trans>“{ph({ name: removing.name })}” leaves the trip's places for everyone.</Trans>
        </RemoveDialog>
      )}
    </TripListSection>
  );
}
