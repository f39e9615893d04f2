import { useDispatch, useSelector } from 'react-redux';
import type { ChecklistState } from './checklist-slice.ts';
import type { TripDraft } from './trip-draft-slice.ts';

/** The part of the app's state the trips module reads (its own slices and the signed-in flag). */
export interface TripsRootState {
  nextTrip: TripDraft;
  checklist: ChecklistState;
  user: { isAuthenticated: boolean };
}

/** Typed on the trips module's own state: the module never imports the app's store. */
export const useTripsSelector = useSelector.withTypes<TripsRootState>();
export const useTripsDispatch = useDispatch;
