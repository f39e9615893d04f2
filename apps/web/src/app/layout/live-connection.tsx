import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { LiveServerFrame } from '@tripcrew/contracts/live';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { getApiBaseUrl } from '../../lib/api-client.ts';
import { LiveSocket, type LiveSocketOptions, liveSocketUrl, type LiveStatus } from '../../lib/live-socket.ts';
import { chatKeys } from '../../modules/chats/api/chat-keys.ts';
import { applyLiveMessage, catchUpChats } from '../../modules/chats/api/chat-live-messages.ts';
import { isAboutOpenChat } from '../../modules/chats/api/open-chat.ts';
import { crewKeys } from '../../modules/crew/api/crew-keys.ts';
import { expenseKeys } from '../../modules/expenses/api/expense-keys.ts';
import { notificationKeys } from '../../modules/notifications/api/notification-keys.ts';
import {
  markNotificationSeen,
  upsertLiveNotification,
} from '../../modules/notifications/api/mark-notification-seen.ts';
import { tripKeys } from '../../modules/trips/api/trip-keys.ts';
import { tripPresenceKey } from '../../modules/trips/api/trip-presence-key.ts';
import { callAsCurrentUser } from '../../modules/users/api/get-current-user.ts';
import { useAppSelector } from '../store/store.ts';

/** What a live frame changes in the client caches (MSG-12, NOTIF-09). */
export function applyLiveFrame(queryClient: QueryClient, frame: LiveServerFrame): void {
  switch (frame.type) {
    case 'notification': {
      const { notification } = frame;
      // A new message in the conversation on screen is read already: no unseen notification for it.
      if (notification.kind === 'message' && !notification.seen && isAboutOpenChat(notification.ref.userId)) {
        void markNotificationSeen(notification._id).catch(() => undefined);
        upsertLiveNotification(queryClient, { ...notification, seen: true });
        break;
      }
      upsertLiveNotification(queryClient, notification);
      break;
    }
    case 'message':
      applyLiveMessage(queryClient, frame.message);
      break;
    case 'trip':
      // Who has the trip open, or what they edit, changed: only its presence is asked again.
      if (frame.change === 'presence') {
        void queryClient.invalidateQueries({ queryKey: tripPresenceKey(frame.tripId) });
        break;
      }
      if (frame.change === 'deleted') queryClient.removeQueries({ queryKey: tripKeys.detail(frame.tripId) });
      void queryClient.invalidateQueries({ queryKey: tripKeys.all });
      // A role or membership change decides who may read and write the trip's chat.
      if (frame.change === 'members' || frame.change === 'deleted') {
        void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
        void queryClient.invalidateQueries({ queryKey: chatKeys.trip(frame.tripId) });
      }
      // The trip's money changed, or who may see it (a role): its budget, expenses and balances.
      if (frame.change === 'expenses' || frame.change === 'members') {
        void queryClient.invalidateQueries({ queryKey: expenseKeys.trip(frame.tripId) });
      }
      break;
    case 'crew':
      void queryClient.invalidateQueries({ queryKey: crewKeys.all });
      break;
    default:
      break;
  }
}

/**
 * After a reconnect: what may have been missed while the socket was down (MSG-14) — messages,
 * notifications, and the trips, their money and the crew whose changes came as frames nobody heard.
 */
export async function catchUpAfterReconnect(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    catchUpChats(queryClient),
    queryClient.invalidateQueries({ queryKey: notificationKeys.list() }),
    queryClient.invalidateQueries({ queryKey: tripKeys.all }),
    queryClient.invalidateQueries({ queryKey: expenseKeys.all }),
    queryClient.invalidateQueries({ queryKey: crewKeys.all }),
  ]);
}

/**
 * The first connection of a page: the unread counts it shows may come from the saved cache of an
 * earlier visit (offline reading), and a message sent before the socket was ready came as no
 * frame. The chat list and the notifications are asked again.
 */
export async function catchUpAfterConnect(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: chatKeys.list() }),
    queryClient.invalidateQueries({ queryKey: notificationKeys.list() }),
  ]);
}

/**
 * 4401: the access token was refused. An authenticated call through the API client runs its
 * single-flight refresh on 401 (and the session reset when that fails); retry with the new token.
 */
export async function refreshForLive(
  tokenBefore: string | null,
  getToken: () => string | null,
): Promise<boolean> {
  try {
    await callAsCurrentUser();
  } catch {
    return false;
  }
  const token = getToken();
  return token !== null && token !== tokenBefore;
}

const LiveContext = createContext<LiveSocket | null>(null);

/** The live socket of the signed-in user (null for visitors), e.g. to subscribe to frames. */
export function useLiveSocket(): LiveSocket | null {
  return useContext(LiveContext);
}

/** Calls `listener` for every live frame while mounted. */
export function useLiveFrames(listener: (frame: LiveServerFrame) => void): void {
  const socket = useLiveSocket();
  const listenerRef = useRef(listener);
  useEffect(() => {
    listenerRef.current = listener;
  }, [listener]);
  useEffect(() => socket?.subscribe((frame) => listenerRef.current(frame)), [socket]);
}

interface LiveConnectionProps {
  children?: ReactNode;
  /** Tests: socket factory and jitter. */
  socketOptions?: Pick<LiveSocketOptions, 'createSocket' | 'random' | 'initialDelayMs' | 'pingIntervalMs'>;
}

/**
 * Mounted once in the root layout: holds the WebSocket for a signed-in user, closes it on
 * sign-out, feeds frames into the query caches and catches up after reconnects.
 */
export function LiveConnection({ children, socketOptions }: LiveConnectionProps) {
  const queryClient = useQueryClient();
  const signedIn = useAppSelector((state) => state.user.isAuthenticated);
  const accessToken = useAppSelector((state) => state.auth.accessToken);
  const hasToken = accessToken !== null;
  const tokenRef = useRef(accessToken);
  const [socket, setSocket] = useState<LiveSocket | null>(null);
  const [status, setStatus] = useState<LiveStatus>('idle');
  const optionsRef = useRef(socketOptions);
  const refusedToken = useRef<string | null>(null);

  useEffect(() => {
    tokenRef.current = accessToken;
  }, [accessToken]);

  useEffect(() => {
    if (!signedIn || !hasToken) return;
    const getToken = () => tokenRef.current;
    const live = new LiveSocket({
      url: liveSocketUrl(getApiBaseUrl(), window.location),
      getToken,
      onReady: ({ reconnected }) => {
        if (reconnected) void catchUpAfterReconnect(queryClient);
        else void catchUpAfterConnect(queryClient);
      },
      onUnauthorized: () => refreshForLive(getToken(), getToken),
      onStatusChange: (next) => {
        if (next === 'unauthorized') refusedToken.current = getToken();
        setStatus(next);
      },
      ...optionsRef.current,
    });
    const unsubscribe = live.subscribe((frame) => applyLiveFrame(queryClient, frame));
    const onOnline = () => live.reconnectNow();
    window.addEventListener('online', onOnline);
    live.start();
    setSocket(live);
    return () => {
      window.removeEventListener('online', onOnline);
      unsubscribe();
      live.stop();
      setSocket(null);
      setStatus('idle');
    };
  }, [signedIn, hasToken, queryClient]);

  // A new token after a refusal (refreshed here or in another tab): try again with it.
  useEffect(() => {
    if (status === 'unauthorized' && accessToken && accessToken !== refusedToken.current) socket?.resume();
  }, [accessToken, status, socket]);

  // Signed out: the previous user's notifications and chats must not linger in the cache.
  useEffect(() => {
    if (signedIn) return;
    queryClient.removeQueries({ queryKey: notificationKeys.all });
    queryClient.removeQueries({ queryKey: chatKeys.all });
  }, [signedIn, queryClient]);

  return <LiveContext value={socket}>{children}</LiveContext>;
}
