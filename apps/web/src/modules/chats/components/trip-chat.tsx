/** The conversation of a trip's members, on the trip page (issue 21). */
export function TripChat({ tripId, canWrite }: { tripId: string; canWrite: boolean }) {
  return <section aria-label="Trip chat" data-trip={tripId} data-can-write={canWrite} />;
}
