import { useLingui } from '@lingui/react/macro';
import { useTripsDispatch, useTripsSelector } from '../../state/trips-store-hooks.ts';
import {
  addCategories,
  addCrew,
  removeCategory,
  removeCrew,
  selectTripDraft,
  setDates,
  toggleTransportMode,
} from '../../state/trip-draft-slice.ts';
import { type CategoryOption, CategoryChips } from './category-chips.tsx';
import { type CrewChoices, CrewSelector } from './crew-selector.tsx';
import { DateRangeField } from './date-range-field.tsx';
import { TransportToggle } from './transport-toggle.tsx';

export interface TripOptionBarProps {
  id?: string;
  /** The categories to offer (from the categories state). */
  categories: readonly CategoryOption[];
  /** The signed-in user's crew for the crew selector (the screen reads it; unused for visitors). */
  crew: CrewChoices;
  now?: () => Date;
}

/**
 * SPEC §2 trip option bar: transport mode, dates, categories and, for signed-in users only, the
 * crew selector; all written to the trip draft (which the URL sync mirrors in the query).
 */
export function TripOptionBar({ id, categories, crew, now }: TripOptionBarProps) {
  const { t } = useLingui();
  const dispatch = useTripsDispatch();
  const draft = useTripsSelector(selectTripDraft);
  const isAuthenticated = useTripsSelector((state) => state.user.isAuthenticated);
  return (
    <div
      id={id}
      role="region"
      aria-label={t`Trip options`}
      data-testid="trip-option-bar"
      className="flex flex-col gap-3 pt-3"
    >
      <div className="flex flex-wrap items-center gap-2">
        <TransportToggle mode={draft.transportMode} onToggle={() => dispatch(toggleTransportMode())} />
        <DateRangeField
          start={draft.start}
          end={draft.end}
          onChange={(range) => dispatch(setDates(range))}
          {...(now ? { now } : {})}
        />
        {isAuthenticated && (
          <CrewSelector
            crew={crew}
            selected={draft.crew}
            onAdd={(userId) => dispatch(addCrew(userId))}
            onRemove={(userId) => dispatch(removeCrew(userId))}
          />
        )}
      </div>
      <CategoryChips
        categories={categories}
        selected={draft.categories}
        onAdd={(title) => dispatch(addCategories(title))}
        onRemove={(title) => dispatch(removeCategory(title))}
      />
    </div>
  );
}
