import { Check, Clock, UserPlus } from 'lucide-react';

interface FriendStateProps {
  isYourFriend: boolean;
  isFriendRequestSent: boolean;
  name: string;
}

/** The friend state of a public profile (SPEC §4): friend; request sent; or 'sent request to' + name. */
export function friendStateText({ isYourFriend, isFriendRequestSent, name }: FriendStateProps): string {
  if (isYourFriend) return 'friend';
  if (isFriendRequestSent) return 'request sent';
  return `sent request to ${name}`;
}

export function FriendState(props: FriendStateProps) {
  const Icon = props.isYourFriend ? Check : props.isFriendRequestSent ? Clock : UserPlus;
  return (
    <p
      data-testid="friend-state"
      className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-200 dark:bg-brand-500/10 dark:text-brand-200 dark:ring-brand-500/30"
    >
      <Icon aria-hidden="true" className="size-4" />
      {friendStateText(props)}
    </p>
  );
}
