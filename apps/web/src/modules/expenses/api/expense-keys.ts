/** TanStack Query keys of the expenses module: everything of one trip's money under one prefix. */
export const expenseKeys = {
  all: ['money'] as const,
  trip: (tripId: string) => ['money', tripId] as const,
  budget: (tripId: string) => ['money', tripId, 'budget'] as const,
  list: (tripId: string) => ['money', tripId, 'expenses'] as const,
  balances: (tripId: string) => ['money', tripId, 'balances'] as const,
  rate: (tripId: string, currency: string) => ['money', tripId, 'rate', currency] as const,
  mine: (tripId: string) => ['money', tripId, 'mine'] as const,
  /** The trips one left (or was removed from) with money still open (issue 35). */
  open: ['money', 'open'] as const,
};

export const moneyPath = (tripId: string, rest: string): string =>
  `/core/trips/${encodeURIComponent(tripId)}/${rest}`;
