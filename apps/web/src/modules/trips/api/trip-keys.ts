/**
 * TanStack Query keys and API paths of the trips module's queries (one place, so invalidation stays
 * consistent). Imports nothing: the start-up requests (src/early-requests.ts) read them too.
 */
export const tripKeys = {
  all: ['trips'] as const,
  list: () => ['trips', 'list'] as const,
  upcoming: () => ['trips', 'upcoming'] as const,
  detail: (id: string) => ['trips', 'detail', id] as const,
  features: (id: string) => ['trips', 'features', id] as const,
  planner: (id: string) => ['trips', 'planner', id] as const,
  checklist: (id: string) => ['trips', 'checklist', id] as const,
  calendarFeed: (id: string) => ['trips', 'calendar-feed', id] as const,
};

export const tripPath = (id: string): string => `/core/trips/${encodeURIComponent(id)}`;

export const tripFeaturesPath = (tripId: string): string =>
  `/core/trips/features/${encodeURIComponent(tripId)}`;
