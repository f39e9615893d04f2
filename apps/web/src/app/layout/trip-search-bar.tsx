import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { MapPin, Search, SlidersHorizontal } from 'lucide-react';
import { IconTextButton } from '../../components/ui/icon-text-button.tsx';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Dialog } from '../../components/ui/dialog.tsx';
import { placePath } from '../../lib/place-path.ts';
import { useCategories } from '../../modules/categories/api/use-categories.ts';
import {
  type ChosenLocation,
  LOCATION_PLACEHOLDER,
  LocationSearch,
} from '../../modules/places/components/location-search.tsx';
import { selectRecentLocations } from '../../modules/places/state/locations-slice.ts';
import { useTripDraftUrlSync } from '../../modules/trips/state/use-trip-draft-url-sync.ts';
import { useAppSelector } from '../store/store.ts';
import { TripOptions } from './trip-options.tsx';
import { i18n } from '../../lib/i18n/i18n.ts';

export { LOCATION_PLACEHOLDER };
export const SEARCH_MODAL_TITLE = msg`Search your location`;
export const MISSING_FIELDS_WARNING = msg`Please fill in all fields`;

/**
 * The trip search bar, shown on / and on /place… only (see showsTripSearch): the location search
 * (inline from 640 px, a modal below), the tune button and the trip option bar. It also keeps the
 * trip draft in step with the URL query (mounted once for those routes).
 */
export function TripSearchBar() {
  const { t } = useLingui();
  const draft = useTripDraftUrlSync();
  const navigate = useNavigate();
  const categories = useCategories();
  const recent = useAppSelector(selectRecentLocations);
  const [modalOpen, setModalOpen] = useState(false);
  const [barOpen, setBarOpen] = useState(false);
  const barId = useId();

  const choose = (place: ChosenLocation) => {
    setModalOpen(false);
    // The place screen sets the draft's place once it is the current page (so the URL sync writes
    // the draft into the new page's query, not the one being left).
    void navigate(placePath(place));
  };

  const search = () => {
    const place = draft.placeId ? recent.find((entry) => entry._id === draft.placeId) : undefined;
    if (!place?.type || !draft.start || !draft.end) {
      toast.warn(i18n._(MISSING_FIELDS_WARNING), { toastId: 'missing-fields' });
      return;
    }
    void navigate(placePath({ ...place, type: place.type }));
  };

  return (
    <div
      data-testid="trip-search-bar"
      className="border-b border-slate-200/70 bg-gradient-to-r from-brand-50/80 via-white/60 to-orange-50/60 dark:border-slate-800/70 dark:from-brand-950/40 dark:via-slate-950 dark:to-slate-950"
    >
      <div className="mx-auto max-w-[1360px] px-4 py-3 sm:px-6 2xl:max-w-[1440px]">
        <form
          role="search"
          aria-label={t`Trip search`}
          onSubmit={(event) => {
            event.preventDefault();
            search();
          }}
          className="flex items-center gap-2"
        >
          {/* ≥ 640 px: the search is inline. */}
          <LocationSearch onChoose={choose} className="hidden sm:block" />
          {/* < 640 px: a button opening the search in a modal. */}
          <button
            type="button"
            data-testid="location-search-opener"
            onClick={() => setModalOpen(true)}
            className="flex h-12 min-w-0 flex-1 items-center gap-3 rounded-full border border-slate-200 bg-white px-4 text-left text-slate-500 shadow-sm sm:hidden dark:border-slate-700 dark:bg-slate-900 dark:text-slate-400"
          >
            <MapPin aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
            <span className="truncate">{i18n._(LOCATION_PLACEHOLDER)}</span>
          </button>
          <button
            type="button"
            aria-label={t`Trip options`}
            aria-expanded={barOpen}
            aria-controls={barId}
            onClick={() => setBarOpen((open) => !open)}
            className="flex size-12 shrink-0 items-center justify-center rounded-full border border-slate-200 bg-white text-brand-700 shadow-sm transition hover:border-brand-400 dark:border-slate-700 dark:bg-slate-900 dark:text-brand-300"
          >
            <SlidersHorizontal aria-hidden="true" className="size-5" />
          </button>
          <IconTextButton
            icon={Search}
            iconClassName="size-5"
            type="submit"
            aria-label={t`Search`}
            className="flex h-12 shrink-0 items-center gap-2 rounded-full bg-brand-700 px-4 font-semibold text-white shadow-sm transition hover:bg-brand-800 sm:px-6"
          >
            <Trans>search</Trans>
          </IconTextButton>
        </form>
        {barOpen && <TripOptions id={barId} categories={categories} />}
      </div>
      <Dialog open={modalOpen} onClose={() => setModalOpen(false)} title={i18n._(SEARCH_MODAL_TITLE)}>
        <div className="min-h-72">
          <LocationSearch onChoose={choose} autoFocus />
        </div>
      </Dialog>
    </div>
  );
}
