import { tripKeys } from './trip-keys.ts';

/**
 * Query keys of a trip's links (invite links, the public link) and of the link pages. Kept apart
 * from trip-keys.ts, which the first download carries (the live connection uses it): these load
 * only with the members tab and the link pages. They sit under tripKeys.all, so a live trip
 * change refreshes them too.
 */
export const tripLinkKeys = {
  invites: (id: string) => [...tripKeys.all, 'invites', id] as const,
  share: (id: string) => [...tripKeys.all, 'share', id] as const,
  invitePreview: (token: string) => [...tripKeys.all, 'invite-preview', token] as const,
  shared: (token: string) => [...tripKeys.all, 'shared', token] as const,
};
