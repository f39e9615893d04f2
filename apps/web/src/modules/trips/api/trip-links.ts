import { type QueryKey, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiWrite } from '../../../lib/api-write.ts';
import { okSchema } from '@tripcrew/contracts/common';
import { messageResponseSchema } from '@tripcrew/contracts/auth';
import {
  type CreateTripInviteBody,
  createdTripInviteSchema,
  type EmailTripInviteBody,
  emailedTripInviteSchema,
  invitePreviewSchema,
  joinedTripSchema,
  sharedTripSchema,
  tripInvitesSchema,
  tripShareSchema,
} from '@tripcrew/contracts/trip-links';
import { apiGet, isApiError, type ResponseSchema } from '../../../lib/api-client.ts';
import { tripLinkKeys } from './trip-link-keys.ts';
import { tripKeys, tripPath } from './trip-keys.ts';

const invitesPath = (tripId: string): string => `${tripPath(tripId)}/invites`;
const sharePath = (tripId: string): string => `${tripPath(tripId)}/share`;
const tokenPath = (kind: 'invites' | 'share', token: string): string =>
  `/core/${kind}/${encodeURIComponent(token)}`;

/** The address of an invite link or a share link in this app (the token is the key). */
export const inviteUrl = (token: string, origin = window.location.origin): string =>
  `${origin}/invite/${encodeURIComponent(token)}`;
export const shareUrl = (token: string, origin = window.location.origin): string =>
  `${origin}/share/${encodeURIComponent(token)}`;

/** The token at the end of a link the server made (…/invite/{token}, …/share/{token}). */
export const tokenOf = (url: string): string => decodeURIComponent(url.split('/').pop() ?? '');

/** 404 (unknown, turned off) or 410 (revoked, expired, used up): the link is dead, do not retry. */
export const isDeadLink = (error: unknown): boolean =>
  isApiError(error) && (error.status === 404 || error.status === 410);

const noRetryOnDeadLink = (count: number, error: unknown) => !isDeadLink(error) && count < 1;

/** A link setting of a trip, read for its admins only (`enabled`) and not retried. */
function useAdminLinkQuery<T>(key: QueryKey, path: string, schema: ResponseSchema<T>, enabled: boolean) {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiGet(path, schema, { signal }),
    enabled,
    retry: false,
  });
}

/** Invite links of a trip (admins only: `enabled`), with make and revoke. */
export function useTripInvites(tripId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const key = tripLinkKeys.invites(tripId);
  const query = useAdminLinkQuery(key, invitesPath(tripId), tripInvitesSchema, enabled);
  const create = useMutation({
    mutationFn: (body: CreateTripInviteBody) =>
      apiWrite('POST', invitesPath(tripId), body, createdTripInviteSchema),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
  const revoke = useMutation({
    mutationFn: (inviteId: string) =>
      apiWrite('DELETE', `${invitesPath(tripId)}/${encodeURIComponent(inviteId)}`, undefined, okSchema),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
  return { query, create, revoke };
}

/** An invite by mail: a one-use link that goes to the address only. */
export function useEmailInvite(tripId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailTripInviteBody) =>
      apiWrite('POST', `${invitesPath(tripId)}/email`, body, emailedTripInviteSchema),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: tripLinkKeys.invites(tripId) }),
  });
}

/** Whether the public share link is on (admins only: `enabled`), with turn on and turn off. */
export function useTripShare(tripId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const key = tripLinkKeys.share(tripId);
  const query = useAdminLinkQuery(key, sharePath(tripId), tripShareSchema, enabled);
  const enable = useMutation({
    mutationFn: () => apiWrite('POST', sharePath(tripId), undefined, tripShareSchema),
    onSuccess: (share) => queryClient.setQueryData(key, share),
  });
  const disable = useMutation({
    mutationFn: () => apiWrite('DELETE', sharePath(tripId), undefined, okSchema),
    onSuccess: () => queryClient.setQueryData(key, { enabled: false, createdAt: null, url: null }),
  });
  return { query, enable, disable };
}

/** GET /core/invites/{token}: what the link leads to (signed in only: `enabled`). */
export function useInvitePreview(token: string, enabled: boolean) {
  return useQuery({
    queryKey: tripLinkKeys.invitePreview(token),
    queryFn: ({ signal }) => apiGet(tokenPath('invites', token), invitePreviewSchema, { signal }),
    enabled,
    retry: noRetryOnDeadLink,
  });
}

/** POST /core/invites/{token}/join (idempotent on the server). */
export function useJoinTrip(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiWrite('POST', `${tokenPath('invites', token)}/join`, undefined, joinedTripSchema),
    onSuccess: (joined) => {
      void queryClient.invalidateQueries({ queryKey: tripKeys.detail(joined.tripId) });
      void queryClient.invalidateQueries({ queryKey: tripKeys.list() });
      void queryClient.invalidateQueries({ queryKey: tripKeys.upcoming() });
    },
  });
}

export const sharedTripQueryOptions = (token: string) =>
  queryOptions({
    queryKey: tripLinkKeys.shared(token),
    queryFn: ({ signal }) => apiGet(tokenPath('share', token), sharedTripSchema, { signal }),
    retry: noRetryOnDeadLink,
  });

/** GET /core/share/{token}: the public, read-only trip (no sign-in). */
export function useSharedTrip(token: string) {
  return useQuery(sharedTripQueryOptions(token));
}

/**
 * POST /core/invites/block?token=…: no more invitations by mail to the address an invitation
 * mail was sent to (no sign-in: the token the mail carries is the proof; repeating it is harmless).
 */
export function useBlockInvitations() {
  return useMutation({
    mutationFn: (token: string) =>
      apiWrite('POST', '/core/invites/block', undefined, messageResponseSchema, { query: { token } }),
  });
}
