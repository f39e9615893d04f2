import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { MailX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { EmojiLoader } from '../../components/ui/emoji-loader.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { type EmailTopic, unsubscribe } from '../../modules/notifications/api/notification-settings.ts';
import { useAppSelector } from '../store/store.ts';

const TOPIC_WORDS: Record<EmailTopic, string> = {
  trips: 'emails about your trips',
  messages: 'emails about unread messages',
};

/** /unsubscribe?token=…: the link at the foot of every notification mail. Open to anyone holding it. */
export function UnsubscribePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Unsubscribe`);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const result = useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: () => unsubscribe(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const failed = token === '' || result.isError;
  const userId = useAppSelector((state) => state.user._id);

  return (
    <section
      aria-labelledby="unsubscribe-title"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center"
    >
      <MailX aria-hidden="true" className="size-12 text-brand-600" />
      <h1 id="unsubscribe-title" className="text-2xl font-bold">
        {failed ? t`This link does not work` : t`Unsubscribe`}
      </h1>
      {result.isPending && !failed && <EmojiLoader label={t`Turning those emails off…`} />}
      {result.data && (
        <p role="status" className="text-slate-700 dark:text-slate-200">
          <Trans>
            Done: you will get no more {ph({ topic: TOPIC_WORDS[result.data] })}. You can turn them on again
            in your profile.
          </Trans>
        </p>
      )}
      {failed && (
        <p role="alert" className="text-slate-700 dark:text-slate-200">
          {result.error instanceof Error && token !== ''
            ? result.error.message
            : t`The unsubscribe link is incomplete. Change your email settings in your profile.`}
        </p>
      )}
      <Link
        to={userId ? `/profile/${userId}#notifications` : '/auth'}
        className={buttonClass({ size: 'md' })}
      >
        {userId ? t`Email settings` : t`Sign in to change your settings`}
      </Link>
    </section>
  );
}
