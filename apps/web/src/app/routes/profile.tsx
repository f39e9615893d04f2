import { msg, ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import type { AvatarResponse } from '@tripcrew/contracts/assets';
import type { CrewUser } from '@tripcrew/contracts/crew';
import { MessageCircle, Users } from 'lucide-react';
import { type ReactNode, Suspense, useCallback, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { PageLoader } from '../../components/ui/emoji-loader.tsx';
import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { formatMemberSince } from '../../lib/format/dates.ts';
import { AvatarUploader } from '../../modules/assets/components/avatar-uploader.tsx';
import { useChats } from '../../modules/chats/api/get-chats.ts';
import { useMyCrew } from '../../modules/crew/api/get-my-crew.ts';
import { CrewList } from '../../modules/users/components/crew-list.tsx';
import { useUserProfile } from '../../modules/users/api/get-user-profile.ts';
import { FriendState } from '../../modules/users/components/friend-state.tsx';
import { OwnProfileTabs } from '../../modules/users/components/own-profile-tabs.tsx';
import { NotificationSettingsPanel } from '../../modules/notifications/components/notification-settings.tsx';
import { ProfileCard } from '../../modules/users/components/profile-card.tsx';
import { updateCurrentUser } from '../../modules/users/api/get-current-user.ts';
import type { UserState } from '../../modules/users/state/user-slice.ts';
import { useAppSelector } from '../store/store.ts';
import { LazyMessagesTab, LazyWriteMessageModal, loadingChats } from './lazy-chats.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { i18n } from '../../lib/i18n/i18n.ts';

const linkClass = 'font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300';

function TabPlaceholder({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-3xl bg-white px-6 py-10 text-center text-slate-600 ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-800">
      <span className="grid size-12 place-items-center rounded-2xl bg-brand-50 text-brand-700 dark:bg-brand-500/10 dark:text-brand-300">
        {icon}
      </span>
      {children}
    </div>
  );
}

export const NO_CREW_TEXT = msg`Your crew is empty for now.`;

/** The crew tab (PROFILE-11): the crew, each with a link to their profile and a write-message modal. */
function CrewTab() {
  const { t } = useLingui();
  const crew = useMyCrew(true);
  const [recipient, setRecipient] = useState<CrewUser | null>(null);

  if (crew.isPending) return <PageLoader label={t`Loading your crew…`} />;
  if (crew.isError) {
    return (
      <TabPlaceholder icon={<Users aria-hidden="true" className="size-6" />}>
        <p role="alert">
          <Trans>We could not load your crew.</Trans>
        </p>
        <button type="button" onClick={() => void crew.refetch()} className={linkClass}>
          <Trans>Try again</Trans>
        </button>
      </TabPlaceholder>
    );
  }
  if (crew.data.length === 0) {
    const noCrew = i18n._(NO_CREW_TEXT);
    return (
      <TabPlaceholder icon={<Users aria-hidden="true" className="size-6" />}>
        <p>
          <Trans>{noCrew} Find people and send them a request on your crew page.</Trans>
        </p>
        <Link to="/crew" className={linkClass}>
          <Trans>Go to your crew</Trans>
        </Link>
      </TabPlaceholder>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <CrewList crew={crew.data} onWrite={setRecipient} />
      <Link to="/crew" className={`${linkClass} self-start text-sm`}>
        <Trans>Manage your crew and requests</Trans>
      </Link>
      {recipient && (
        <Suspense fallback={null}>
          <LazyWriteMessageModal recipient={recipient} onClose={() => setRecipient(null)} />
        </Suspense>
      )}
    </div>
  );
}

/** The signed-in user's own profile: avatar (changeable only here), name, last name, id and tabs. */
function OwnProfile({ user }: { user: UserState & { _id: string } }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  // Deep links: ?chat=<chatId> or ?user=<userId> open the messages tab on that chat.
  const [deepLink] = useState(() => ({ chat: searchParams.get('chat'), user: searchParams.get('user') }));
  const onChatChange = useCallback(
    (chatId: string | null) => {
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.delete('user');
          if (chatId) next.set('chat', chatId);
          else next.delete('chat');
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
  const name = user.name ?? '';
  const lastName = user.lastName ?? '';
  useDocumentTitle(t`Your profile`);

  const onUploaded = useCallback(
    (image: AvatarResponse) => {
      // The header's thumbnail follows the user slice, the projection of the current user's query.
      updateCurrentUser(queryClient, { image });
    },
    [queryClient],
  );

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 motion-safe:animate-slide-up">
      <ProfileCard
        avatar={
          <AvatarUploader
            src={user.image?.original ?? user.image?.thumbnail ?? null}
            name={`${name} ${lastName}`.trim()}
            onUploaded={onUploaded}
          />
        }
        name={name}
        lastName={lastName}
        id={user._id}
        details={user.email ? [{ term: 'email', value: user.email }] : []}
      />
      <OwnProfileTabs
        initialTab={deepLink.chat || deepLink.user ? 'messages' : 'crew'}
        panels={{
          crew: <CrewTab />,
          messages: (
            <Suspense fallback={loadingChats}>
              <LazyMessagesTab
                currentUserId={user._id}
                initialChatId={deepLink.chat}
                initialUserId={deepLink.user}
                onSelectedChange={onChatChange}
              />
            </Suspense>
          ),
        }}
      />
      <NotificationSettingsPanel />
      <Link to="/account" className={`${linkClass} self-start`}>
        <Trans>Account and security: password, two-factor sign-in, devices, your data</Trans>
      </Link>
    </div>
  );
}

/** Someone else's profile (GET /users/users/{id}). */
function PublicProfile({ profileId }: { profileId: string }) {
  const { t } = useLingui();
  const { data, isPending, error } = useUserProfile(profileId);
  const myId = useAppSelector((state) => state.user._id);
  // The Message button opens /messages on the chat with this person (issue 21), or on a new one.
  const chats = useChats(Boolean(data?.isYourFriend && myId));
  const chatWith = chats.data?.find((chat) => chat.user?._id === profileId);
  useDocumentTitle(data ? `${data.name} ${data.lastName}` : error ? t`Profile not available` : null);

  if (isPending) return <PageLoader label={t`Loading the profile…`} />;
  if (error || !data) {
    const notFound = isApiError(error) && error.status === 404;
    return (
      <PagePlaceholder emoji="🧭" title={notFound ? t`Traveller not found` : t`Profile not available`}>
        <p role="alert">
          {notFound
            ? t`There is no traveller with this id. Check the link, or search for people on your crew page.`
            : t`We could not load this profile. Check your connection and try again.`}
        </p>
        <p className="mt-4">
          <Link to="/crew" className={linkClass}>
            <Trans>Go to your crew</Trans>
          </Link>
        </p>
      </PagePlaceholder>
    );
  }

  const fullName = `${data.name} ${data.lastName}`.trim();
  const details: { term: string; value: ReactNode }[] = [
    { term: 'member since', value: formatMemberSince(data.createdAt) },
  ];
  if (data.email) {
    details.push({
      term: 'email',
      value: (
        <a href={`mailto:${data.email}`} className={linkClass}>
          {data.email}
        </a>
      ),
    });
  }

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 motion-safe:animate-slide-up">
      <ProfileCard
        avatar={
          <Avatar src={data.image?.original ?? data.image?.thumbnail ?? null} name={fullName} size="xl" />
        }
        name={data.name}
        lastName={data.lastName}
        id={data._id}
        details={details}
      >
        <div className="flex flex-wrap items-center justify-center gap-3 sm:justify-start">
          <FriendState
            isYourFriend={data.isYourFriend}
            isFriendRequestSent={data.isFriendRequestSent}
            name={data.name}
          />
          {data.isYourFriend && myId && (
            <Link
              to={
                chatWith
                  ? `/messages/${encodeURIComponent(chatWith._id)}`
                  : `/messages?user=${encodeURIComponent(data._id)}`
              }
              className={buttonClass({ size: 'sm' })}
            >
              <MessageCircle aria-hidden="true" className="size-4" />{' '}
              <Trans>Message {ph({ name: data.name })}</Trans>
            </Link>
          )}
        </div>
      </ProfileCard>
    </div>
  );
}

/** /profile/:profileId (protected): the own profile when the id is the user's own, else a public profile. */
export function ProfilePage() {
  const { profileId = '' } = useParams();
  const user = useAppSelector((state) => state.user);

  if (user._id && profileId === user._id) return <OwnProfile user={{ ...user, _id: user._id }} />;
  return <PublicProfile key={profileId} profileId={profileId} />;
}
