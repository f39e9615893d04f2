import { ConflictNotice } from '../../../../components/ui/conflict-notice.tsx';
import { currentText, type VersionConflict, versionConflictOf } from '../../../../lib/version-conflict.ts';
import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { Trip } from '@tripcrew/contracts/trips';
import { Car, ImageUp, Plane, Settings } from 'lucide-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useScrollLock } from '../../../../components/ui/use-scroll-lock.ts';
import { useDeleteTrip } from '../../api/delete-trip.ts';
import { useUpdateTrip, type UpdateTripBody } from '../../api/update-trip.ts';
import { useUploadTripImage } from '../../api/upload-trip-image.ts';
import { TransportToggle } from '../trip-option-bar/transport-toggle.tsx';
import { MemberAvatars } from '../member-avatars.tsx';
import { PresenceAvatars } from '../presence/presence-avatars.tsx';
import { useTripPresence } from '../presence/use-trip-presence.ts';
import { TripCoverBackdrop } from '../trip-cover-backdrop.tsx';
import { tripHeroUrl } from '../trip-image.ts';
import { tripPermissions } from '../trip-roles.ts';
import { type DateDraft, TripDatesEditor } from './trip-dates-editor.tsx';
import { useDatesReplan } from './trip-dates-replan.tsx';
import { TripNameEditor } from './trip-name-editor.tsx';
import { WaitingMark } from '../../../../components/ui/waiting-mark.tsx';
import { useTripFieldsWaiting } from '../../api/trip-waiting-writes.ts';
import { TripSettingsModal } from './trip-settings-modal.tsx';
import { i18n } from '../../../../lib/i18n/i18n.ts';

export const NOT_AUTHORIZED_IMAGE = msg`Oh! You are not authorized to change image`;

export type EditMode = 'name' | 'dates' | 'settings';

/** 'N planner item(s) moved to the unscheduled tray' after a date change (PLANNER-03). */
export function movedToTrayMessage(count: number): string {
  return `${count} planner ${count === 1 ? 'item' : 'items'} moved to the unscheduled tray`;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : t`Something went wrong.`);

/**
 * Trip detail header (TRIP-20..27): hero image, editable name, transport toggle, dates and
 * settings. The edit modes are mutually exclusive and lock page scroll.
 */
/** The field of a rename, the trip edit that may wait offline. */
const NAME_FIELD = ['tripName'] as const;

export function TripHeader({ trip }: { trip: Trip }) {
  const navigate = useNavigate();
  const [mode, setMode] = useState<EditMode | null>(null);
  const nameWaiting = useTripFieldsWaiting(trip._id, NAME_FIELD);
  /** One edit mode at a time: its editor opens with `onStart` and ends with `onDone` (null: nothing to save). */
  const editMode = <Value,>(which: EditMode, onSave: (value: Value) => void) => ({
    editing: mode === which,
    onStart: () => setMode(which),
    onDone: (value: Value | null) => {
      setMode(null);
      if (value !== null) onSave(value);
    },
  });
  // A new image is tried again after an upload, even if the old one had failed to load.
  const [heroAttempt, setHeroAttempt] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const { canEdit, isAdmin } = tripPermissions(trip.myRole);
  const update = useUpdateTrip(trip._id);
  const upload = useUploadTripImage(trip._id);
  const removal = useDeleteTrip(trip._id);
  // Who else has the trip open now (issue 35); this page's heartbeat runs while it is mounted.
  const present = useTripPresence(trip._id);

  useScrollLock(mode !== null);

  // The version the name editor opened on (decision 035), and a rename that met someone else's.
  const nameBase = useRef(trip.version);
  const [nameConflict, setNameConflict] = useState<{ mine: string; conflict: VersionConflict } | null>(null);

  const save = (body: UpdateTripBody) => {
    update.mutate(body, {
      onSuccess: (result) => {
        if (result !== 'queued' && result.movedToTray > 0)
          toast.info(movedToTrayMessage(result.movedToTray), { toastId: 'moved-to-tray' });
      },
      onError: (error) => {
        const conflict = versionConflictOf(error);
        if (conflict && typeof body.tripName === 'string') setNameConflict({ mine: body.tripName, conflict });
        else toast.error(errorText(error), { toastId: 'trip-update-error' });
      },
    });
  };

  // New dates that leave planned stops without a day ask first (shift the plan, or the tray).
  const replan = useDatesReplan(trip._id, trip, (dates, plannedDays) =>
    save({ startDate: dates.start, endDate: dates.end, ...(plannedDays ? { plannedDays } : {}) }),
  );

  const changeImage = () => {
    if (!isAdmin) {
      toast.error(i18n._(NOT_AUTHORIZED_IMAGE), { toastId: 'trip-image-not-authorized' });
      return;
    }
    fileInput.current?.click();
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => setHeroAttempt((attempt) => attempt + 1),
      onError: (error) => toast.error(errorText(error), { toastId: 'trip-image-error' }),
    });
  };

  const deleteTrip = () => {
    removal.mutate(undefined, {
      onSuccess: () => {
        setMode(null);
        void navigate('/trips');
      },
      onError: (error) => toast.error(errorText(error), { toastId: 'trip-delete-error' }),
    });
  };

  const roundButton =
    'flex items-center gap-2 rounded-full bg-white/90 px-3 py-2 text-sm font-semibold text-slate-900 shadow transition hover:bg-white disabled:opacity-60 dark:bg-slate-900/90 dark:text-slate-100';

  return (
    <header className="flex flex-col gap-4">
      <section
        aria-label={t`trip cover`}
        className="relative flex min-h-56 flex-col justify-end overflow-hidden rounded-3xl text-white shadow-sm sm:min-h-80"
      >
        <TripCoverBackdrop
          key={heroAttempt}
          src={tripHeroUrl(trip.image)}
          data-testid="trip-hero"
          shade="from-slate-950/75 via-slate-950/20 to-transparent"
        />
        {/* One row: who else is here on the left, the buttons on the right; never on top of each other. */}
        <div className="absolute inset-x-3 top-3 flex items-start gap-2">
          <PresenceAvatars present={present} className="min-w-0 overflow-hidden" />
          <div className="ml-auto flex shrink-0 gap-2">
            {canEdit && (
              <button type="button" onClick={changeImage} disabled={upload.isPending} className={roundButton}>
                <ImageUp aria-hidden="true" className="size-4" />
                <span>{upload.isPending ? t`Uploading…` : t`Change image`}</span>
              </button>
            )}
            <button
              type="button"
              onClick={() => setMode('settings')}
              aria-label={t`Trip settings`}
              className={roundButton}
            >
              <Settings aria-hidden="true" className="size-4" />
            </button>
          </div>
        </div>
        {isAdmin && (
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            hidden
            data-testid="trip-image-input"
            onChange={(event) => {
              onFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        )}
        {/* Room above the name for the corner buttons: they never cover it, however long it wraps. */}
        <div data-testid="trip-title" className="relative min-w-0 p-4 pt-16 sm:p-6 sm:pt-20">
          {/* Not keyed by the name: a live rename must not discard a name being typed (LIVE-10). */}
          <TripNameEditor
            name={trip.tripName}
            canEdit={canEdit}
            {...editMode<string>('name', (tripName) => save({ tripName, version: nameBase.current }))}
            onStart={() => {
              nameBase.current = trip.version;
              setNameConflict(null);
              setMode('name');
            }}
          />
          {nameWaiting && <WaitingMark className="mt-2" />}
        </div>
      </section>
      {nameConflict && (
        <ConflictNotice
          by={nameConflict.conflict.changedBy?.name ?? null}
          theirs={currentText(nameConflict.conflict, 'tripName')}
          mine={nameConflict.mine}
          onKeepTheirs={() => setNameConflict(null)}
          onUseMine={() => {
            save({ tripName: nameConflict.mine, version: nameConflict.conflict.version });
            setNameConflict(null);
          }}
        />
      )}
      <div className="flex flex-wrap items-center gap-3">
        {canEdit ? (
          <TransportToggle
            mode={trip.transportMode}
            onToggle={() => save({ transportMode: trip.transportMode === 'public' ? 'private' : 'public' })}
          />
        ) : (
          <p
            data-mode={trip.transportMode}
            className="flex h-11 items-center gap-2 rounded-full border border-slate-200 bg-white px-4 text-sm font-medium dark:border-slate-700 dark:bg-slate-900"
          >
            {trip.transportMode === 'public' ? (
              <Plane aria-hidden="true" className="size-5 text-brand-600" />
            ) : (
              <Car aria-hidden="true" className="size-5 text-brand-600" />
            )}
            <span>{trip.transportMode}</span>
          </p>
        )}
        <TripDatesEditor
          startDate={trip.startDate}
          endDate={trip.endDate}
          canEdit={canEdit}
          {...editMode<DateDraft>('dates', (dates) => void replan.request(dates))}
        />
        <div className="ml-auto flex items-center gap-2">
          <span className="sr-only">
            <Trans>Your role:</Trans>{' '}
          </span>
          <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800 dark:bg-brand-950 dark:text-brand-200">
            {trip.myRole}
          </span>
          <MemberAvatars members={trip.users} />
        </div>
      </div>
      {replan.dialog}
      <TripSettingsModal
        open={mode === 'settings'}
        onClose={() => setMode(null)}
        tripId={trip._id}
        tripName={trip.tripName}
        canDelete={isAdmin}
        deleting={removal.isPending}
        onDelete={deleteTrip}
      />
    </header>
  );
}
