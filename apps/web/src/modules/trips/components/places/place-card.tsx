import { ph, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { isWebAddress, type TripPlace } from '@tripcrew/contracts/trip-places';
import { ExternalLink, Globe, MapPin, Phone } from 'lucide-react';
import { WaitingMark } from '../../../../components/ui/waiting-mark.tsx';
import { EditingBadge, editingKey } from '../presence/editing-presence.tsx';
import { useTripPlaceChangeWaiting } from '../../api/trip-places.ts';
import { useTripPlaceWaiting } from '../../api/trip-waiting-writes.ts';
import { openStreetMapUrl } from './place-form-values.ts';
import { CardActions, CardNotes } from '../card-parts.tsx';
import { PLACE_LINK_CLASS } from './place-styles.ts';

/** A website's address as a person reads it: its host, without "www.". */
function hostOf(website: string): string {
  try {
    return new URL(website).hostname.replace(/^www\./, '');
  } catch {
    return website;
  }
}

/** What a tel: link dials: the digits and a leading +. */
const dialled = (phone: string): string => phone.replace(/[^\d+]/g, '');

interface PlaceCardProps {
  tripId: string;
  place: TripPlace;
  /** Edit and remove: for those who edit the trip (removing needs the network, an edit waits offline). */
  editable: boolean;
  online: boolean;
  onEdit: (place: TripPlace) => void;
  onRemove: (place: TripPlace) => void;
}

/**
 * One place of the trip's own: its name, category, address and notes, its map, website and phone
 * as links; for editors, edit and remove.
 */
export function PlaceCard({ tripId, place, editable, online, onEdit, onRemove }: PlaceCardProps) {
  const added = useTripPlaceWaiting(tripId, place._id);
  const changed = useTripPlaceChangeWaiting(tripId, place._id);
  const waiting = added || changed;
  const website = place.website && isWebAddress(place.website) ? place.website : null;
  return (
    <li
      data-testid="trip-place"
      className="flex min-w-0 flex-col gap-2 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="mt-0.5 grid size-10 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300"
        >
          <MapPin className="size-5" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col items-start gap-1">
          <h3 className="text-base leading-snug font-semibold break-words text-slate-900 dark:text-white">
            {place.name}
          </h3>
          {place.category && (
            <span
              data-testid="trip-place-category"
              className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200"
            >
              {place.category}
            </span>
          )}
          <EditingBadge tripId={tripId} itemKey={editingKey('trip-place', place._id)} />
          {waiting && <WaitingMark />}
        </div>
        {editable && (
          <CardActions item={place} name={place.name} online={online} onEdit={onEdit} onRemove={onRemove} />
        )}
      </div>
      {place.address && (
        <p
          data-testid="trip-place-address"
          className="text-sm break-words text-slate-700 dark:text-slate-300"
        >
          {place.address}
        </p>
      )}
      {place.notes && <CardNotes testId="trip-place-notes">{place.notes}</CardNotes>}
      <ul className="mt-auto -mb-2 flex flex-wrap items-center gap-x-4 text-sm">
        <li className="min-w-0">
          <a
            href={openStreetMapUrl(place.coordinates)}
            target="_blank"
            rel="noopener noreferrer"
            // The visible words first (spoken commands find it by them), then which place it is.
            aria-label={t`Open in OpenStreetMap: ${ph({ name: place.name })}`}
            className={PLACE_LINK_CLASS}
          >
            <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
            <Trans>Open in OpenStreetMap</Trans>
          </a>
        </li>
        {website && (
          <li className="min-w-0">
            <a href={website} target="_blank" rel="noopener noreferrer" className={PLACE_LINK_CLASS}>
              <Globe aria-hidden="true" className="size-4 shrink-0" />
              <span className="sr-only">{t`Website`}: </span>
              <span className="truncate">{hostOf(website)}</span>
            </a>
          </li>
        )}
        {place.phone && (
          <li className="min-w-0">
            <a href={`tel:${dialled(place.phone)}`} className={PLACE_LINK_CLASS}>
              <Phone aria-hidden="true" className="size-4 shrink-0" />
              <span className="sr-only">{t`Phone`}: </span>
              <span>{place.phone}</span>
            </a>
          </li>
        )}
      </ul>
    </li>
  );
}
