import { t } from '@lingui/core/macro';
import { readPlaceLink } from '@tripcrew/contracts/place-links';
import { useEffect, useId, useState } from 'react';
import { isApiError } from '../../../../lib/api-client.ts';
import {
  type NewTripPlace,
  newTripPlaceId,
  type TripPlace,
  type UpdateTripPlaceBody,
} from '../../api/trip-places.ts';
import { clashOf, conflictText } from './place-conflict.ts';
import { type PlaceCategory, PlaceFields } from './place-fields.tsx';
import {
  bodyProblems,
  changedFields,
  createBody,
  EMPTY_PLACE,
  fieldOf,
  type PlaceFieldErrors,
  updateBody,
  valuesOf,
  valuesOfCurrent,
  withFieldsOf,
  withReading,
} from './place-form-values.ts';
import { notFoundText, PlaceLinkField } from './place-link-field.tsx';
import { PlaceSearchField } from './place-search-field.tsx';
import { editingKey, useEditingPresence } from '../presence/editing-presence.tsx';
import { type PlaceCandidate, useReverseLookup } from '../../api/search-place-lookup.ts';
import { useVersionedForm, VersionedFormDialog } from '../versioned-form-dialog.tsx';

interface PlaceFormDialogProps {
  categories: readonly PlaceCategory[];
  /** The place to change; a new one without. */
  place?: TripPlace;
  /** The trip: the other members see who edits its place (presence). */
  tripId: string;
  /** A new place's point, dropped on the map: named from the geocoder when it knows the spot. */
  initialPoint?: { lat: number; lng: number };
  onAdd: (body: NewTripPlace) => Promise<unknown>;
  onUpdate: (placeId: string, change: UpdateTripPlaceBody) => Promise<unknown>;
  /** Someone else changed the place meanwhile: the list is read again. */
  onConflict: () => void;
  onClose: () => void;
}

type Body = NewTripPlace | UpdateTripPlaceBody;

/** "38.7069, -9.1459": a point as the link field reads it. */
const coordinatesText = ({ lat, lng }: { lat: number; lng: number }): string => `${lat}, ${lng}`;

/**
 * Add or change a place of the trip's own. Its first field takes a map link or coordinates, read
 * as they are typed; the name is taken from the link when it has one. Checked by the contract
 * before it goes, the server's refusal shown at its field. A change sends only the fields changed
 * and the version it started from (decision 035): when someone else changed the same fields
 * meanwhile, both versions are shown and nothing typed is lost.
 */
export function PlaceFormDialog({
  categories,
  place,
  tripId,
  initialPoint,
  onAdd,
  onUpdate,
  onConflict,
  onClose,
}: PlaceFormDialogProps) {
  const formId = useId();
  // One id for every try of this add: a retry after a refusal, or a replay offline, adds it once.
  const [placeId] = useState(() => place?._id ?? newTripPlaceId());
  const [errors, setErrors] = useState<PlaceFieldErrors>({});
  const [problems, setProblems] = useState(0);
  const form = useVersionedForm({
    initial: () => (place ? valuesOf(place) : EMPTY_PLACE),
    version: place ? place.version : null,
    rules: { changed: changedFields, withPartsOf: withFieldsOf, current: valuesOfCurrent, clashOf },
    updateBody,
    send: (body: Body) =>
      place ? onUpdate(place._id, body as UpdateTripPlaceBody) : onAdd(body as NewTripPlace),
    onConflict,
    onRefused: (error) => {
      const field = isApiError(error) ? fieldOf(error.field) : null;
      const message =
        error instanceof Error && error.message ? error.message : t`The place could not be saved.`;
      if (field) {
        setErrors({ [field]: message });
        setProblems((count) => count + 1);
      } else form.setFormError(message);
    },
    onClose,
  });
  const { base, values, setValues, version } = form;
  const [link, setLink] = useState(() => (initialPoint ? coordinatesText(initialPoint) : ''));
  // The name and address last filled in for the person (from a link, a search or the pin): the
  // next ones replace them, never what was typed by hand.
  const [linkName, setLinkName] = useState<string | null>(null);
  const [filledAddress, setFilledAddress] = useState<string | null>(null);
  const reverse = useReverseLookup(initialPoint ?? null);
  // An edit says so to the other members ("Ben is editing") while the form is open.
  useEditingPresence(tripId, place ? editingKey('trip-place', place._id) : null);
  const atPin = reverse.data?.result ?? null;
  const reading = readPlaceLink(link);
  const draft = withReading(values, reading);

  /** A name and address found for the person: they fill the fields not typed by hand. */
  const fill = (name: string | null, address: string | null) => {
    setValues((current) => ({
      ...current,
      ...(current.name.trim() === '' || current.name === linkName ? { name: name ?? '' } : {}),
      ...(address !== null && (current.address.trim() === '' || current.address === filledAddress)
        ? { address }
        : {}),
    }));
    setLinkName(name);
    if (address !== null) setFilledAddress(address);
  };

  // The geocoder's name for a dropped pin, once it answers (nothing is overwritten by it).
  useEffect(() => {
    if (atPin) fill(atPin.name, atPin.address);
    // Only when the answer arrives: `fill` reads the fields as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [atPin]);

  const pick = (candidate: PlaceCandidate) => {
    setLink(coordinatesText(candidate.coordinates));
    setErrors(({ link: _done, ...rest }) => rest);
    fill(candidate.name, candidate.address);
  };

  const onLink = (text: string) => {
    setLink(text);
    setErrors(({ link: _done, ...rest }) => rest);
    const read = readPlaceLink(text);
    const found = read.ok ? (read.point.name ?? null) : null;
    if (values.name.trim() === '' || values.name === linkName) {
      setValues((current) => ({ ...current, name: found ?? '' }));
      setLinkName(found);
    }
  };

  const submit = () => {
    form.setFormError(null);
    const found: PlaceFieldErrors = {};
    if (!reading.ok && reading.reason !== 'empty') found.link = notFoundText(link, reading.reason);
    else if (!draft.point) found.link = t`Paste a map link or the coordinates of the place.`;
    const body = place ? updateBody(draft, base, version) : createBody(placeId, draft);
    if (body === null && !found.link) return onClose();
    const checked = body ? bodyProblems(body, !place) : { fields: {}, form: null };
    const all = { ...checked.fields, ...found };
    setErrors(all);
    if (Object.keys(all).length > 0 || checked.form) {
      form.setFormError(checked.form);
      setProblems((count) => count + 1);
      return;
    }
    if (body) void form.save(body, draft);
  };

  return (
    <VersionedFormDialog
      form={form}
      mine={draft}
      title={place ? t`Edit place` : t`Add a place`}
      size="md"
      describe={conflictText}
      onKeepTheirs={(clash) => clash.includes('point') && setLink('')}
      problems={problems}
      onSubmit={submit}
      formErrorTestId="place-form-error"
      submitLabel={place ? t`Save` : t`Add place`}
      onClose={onClose}
    >
      <PlaceLinkField
        id={`${formId}-link`}
        value={link}
        reading={reading}
        current={place ? base.point : null}
        error={errors.link}
        onChange={onLink}
      />
      {!place && <PlaceSearchField id={`${formId}-search`} onPick={pick} />}
      <PlaceFields
        id={formId}
        values={values}
        errors={errors}
        categories={categories}
        onChange={(field, value) => {
          setValues((current) => ({ ...current, [field]: value }));
          setErrors(({ [field]: _done, ...rest }) => rest);
        }}
      />
    </VersionedFormDialog>
  );
}
