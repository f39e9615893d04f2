import type { Trip } from '@tripcrew/contracts/trips';

/** The trip's shared packing list, below the personal checklist (issue 21). */
export function SharedPackingList({ trip }: { trip: Trip }) {
  return <section aria-label={`Shared packing list of ${trip.tripName}`} />;
}
