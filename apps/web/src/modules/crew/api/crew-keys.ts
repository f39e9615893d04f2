/** TanStack Query keys of the crew module (one place, so invalidation stays consistent). */
export const crewKeys = {
  all: ['crew'] as const,
  myCrew: () => ['crew', 'my-crew'] as const,
  requests: () => ['crew', 'requests'] as const,
  search: (query: string) => ['crew', 'search', query] as const,
};
