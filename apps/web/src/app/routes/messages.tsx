import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useCallback } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useOnline } from '../../lib/browser-online.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { selectUser } from '../../modules/users/state/user-slice.ts';
import { useAppSelector } from '../store/store.ts';
import { LazyMessagesTab, loadingChats } from './lazy-chats.tsx';

/**
 * /messages and /messages/:chatId (protected, issue 21): every conversation, direct and trip
 * chats, with the open one beside the list (on a phone, list and conversation are two screens,
 * each with its own URL, so Back returns to the list). /messages?user=<id> opens the chat with
 * that person, even before its first message.
 */
export function MessagesPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Messages`);
  const { chatId = null } = useParams();
  const [searchParams] = useSearchParams();
  const userId = searchParams.get('user');
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const online = useOnline();

  const onSelectedChange = useCallback(
    (next: string | null) => {
      if (next === chatId) return;
      void navigate(next ? `/messages/${encodeURIComponent(next)}` : '/messages');
    },
    [chatId, navigate],
  );

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 motion-safe:animate-slide-up">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">
        <Trans>Messages</Trans>
      </h1>
      {!online && (
        <p
          role="status"
          className="rounded-2xl bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200"
        >
          <Trans>
            You are offline. You can read what was loaded; new messages arrive once you are back online.
          </Trans>
        </p>
      )}
      <Suspense fallback={loadingChats}>
        <LazyMessagesTab
          key={chatId ?? `user:${userId ?? ''}`}
          currentUserId={user._id ?? ''}
          initialChatId={chatId}
          initialUserId={chatId ? null : userId}
          onSelectedChange={onSelectedChange}
          enterSends
        />
      </Suspense>
    </div>
  );
}
