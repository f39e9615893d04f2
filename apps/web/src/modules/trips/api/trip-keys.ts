/** TanStack Query keys of the trips module (one place, so invalidation stays consistent). */
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
