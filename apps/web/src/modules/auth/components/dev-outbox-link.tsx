import { Trans } from '@lingui/react/macro';
import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { DEV_OUTBOX_PAGE, useDevOutboxAvailable } from '../api/get-dev-outbox.ts';

/**
 * "No mail server?" hint linking the dev outbox page, shown only when the API offers it
 * (GET /dev/outbox answers 200: never in production).
 */
export function DevOutboxLink({ email, className }: { email?: string; className?: string }) {
  const available = useDevOutboxAvailable();
  if (!available) return null;
  const href = email ? `${DEV_OUTBOX_PAGE}?to=${encodeURIComponent(email)}` : DEV_OUTBOX_PAGE;
  return (
    <p className={className}>
      <Inbox aria-hidden="true" className="mr-1.5 inline size-4 align-[-3px]" />
      <Trans>
        No mail server here? This development server keeps every mail in its{' '}
        <Link to={href} className="font-semibold underline underline-offset-2">
          dev outbox
        </Link>
        .
      </Trans>
    </p>
  );
}
