import { Trans } from '@lingui/react/macro';
import { lazy } from 'react';
import { lazyOrNotKept } from '../../components/ui/not-kept-offline.tsx';

/**
 * The chats module's screens for the routes that show them (trip page, /messages, own profile):
 * one lazily loaded chunk (issue 21), so the conversation, composer and emoji picker have a single
 * importer and the first download keeps its chunks as they are.
 */
const screens = () => import('../../modules/chats/components/chat-screens.ts');

export const LazyMessagesTab = lazy(() => screens().then((module) => ({ default: module.MessagesTab })));
// On the trip page, a chat tab whose code this device never kept says so offline.
export const LazyTripChat = lazyOrNotKept(() => screens().then((module) => module.TripChat));
export const LazyWriteMessageModal = lazy(() =>
  screens().then((module) => ({ default: module.WriteMessageModal })),
);

export const loadingChats = (
  <p role="status" className="py-10 text-center text-sm text-slate-500 dark:text-slate-400">
    <Trans>Loading your chats…</Trans>
  </p>
);
