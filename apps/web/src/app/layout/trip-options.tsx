import { useMyCrew } from '../../modules/crew/api/get-my-crew.ts';
import {
  TripOptionBar,
  type TripOptionBarProps,
} from '../../modules/trips/components/trip-option-bar/trip-option-bar.tsx';
import { useAppSelector } from '../store/store.ts';

/**
 * The trip option bar with the signed-in user's crew for its crew selector (BAR-07): the crew
 * module's query runs while the bar is open, for signed-in users only.
 */
export function TripOptions(props: Omit<TripOptionBarProps, 'crew'>) {
  const signedIn = useAppSelector((state) => state.user.isAuthenticated);
  const crew = useMyCrew(signedIn);
  return <TripOptionBar {...props} crew={crew} />;
}
