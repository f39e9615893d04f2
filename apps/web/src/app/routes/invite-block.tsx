import { Trans, useLingui } from '@lingui/react/macro';
import { MailCheck, MailX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { MessageScreen } from '../../components/ui/message-screen.tsx';
import { isApiError, isNetworkError } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useBlockInvitations } from '../../modules/trips/api/trip-links.ts';

const TEXT_CLASS = 'text-slate-700 dark:text-slate-200';
const ICON_CLASS = 'size-12 text-brand-600 dark:text-brand-400';

/** A link the API does not know (400: not a token, 404: unknown or gone): asking again will not help. */
const isDeadLink = (error: unknown): boolean =>
  isApiError(error) && (error.status === 400 || error.status === 404);

/**
 * /invites/block?token=…: the link at the foot of an invitation mail. It says what blocking does
 * and blocks on the press of its button (a link opened by a mail scanner blocks nothing). No
 * sign-in: the token only the mail carries is the proof.
 */
export function InviteBlockPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Block invitations`);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const block = useBlockInvitations();
  const home = (
    <Link to="/" className={buttonClass({ variant: 'secondary', size: 'md' })}>
      <Trans>Go to Tripcrew</Trans>
    </Link>
  );

  if (token === '' || isDeadLink(block.error)) {
    return (
      <MessageScreen
        titleId="invite-block-title"
        title={t`This link does not work`}
        icon={<MailX aria-hidden="true" className={ICON_CLASS} />}
      >
        <p role="alert" className={TEXT_CLASS}>
          {token === ''
            ? t`The link is incomplete. Open it again from the invitation email, or copy the whole address into the browser.`
            : t`This link is not known: it may be cut short, or so old that it was cleared away. Open it again from the newest invitation email, or copy the whole address into the browser.`}
        </p>
        {home}
      </MessageScreen>
    );
  }

  if (block.isSuccess) {
    return (
      <MessageScreen
        titleId="invite-block-title"
        title={t`Invitations blocked`}
        icon={<MailCheck aria-hidden="true" className={ICON_CLASS} />}
      >
        <p role="status" className={TEXT_CLASS}>
          <Trans>Done: you will get no more invitations from Tripcrew at this address, from anyone.</Trans>
        </p>
        {home}
      </MessageScreen>
    );
  }

  return (
    <MessageScreen
      titleId="invite-block-title"
      title={t`Block invitations from Tripcrew?`}
      icon={<MailX aria-hidden="true" className={ICON_CLASS} />}
    >
      <p className={TEXT_CLASS}>
        <Trans>
          Someone invited this email address to plan a trip together on Tripcrew. Blocking stops every further
          invitation by email to this address, whoever sends it.
        </Trans>
      </p>
      <p className={TEXT_CLASS}>
        <Trans>
          Nothing else changes: you need no account, and Tripcrew keeps only the address, to know not to write
          to it. An invitation you already got still opens until it expires.
        </Trans>
      </p>
      {block.isError && (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {isNetworkError(block.error)
            ? t`Tripcrew could not be reached, so nothing was blocked. Check your connection and try again.`
            : `${t`Nothing was blocked.`} ${block.error.message}`}
        </p>
      )}
      <Button size="md" disabled={block.isPending} onClick={() => block.mutate(token)}>
        {block.isPending ? t`Blocking…` : t`Block invitations`}
      </Button>
    </MessageScreen>
  );
}
