import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { MessageScreen } from '../../components/ui/message-screen.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { i18n } from '../../lib/i18n/i18n.ts';

export const NOT_FOUND_TITLE = msg`404 - Page not found`;
export const NOT_FOUND_TEXT = msg`Oops! The page you are looking for does not exist.`;

/** The not-found body, also used by the error screen for thrown 404 responses. */
export function NotFoundContent() {
  return (
    <MessageScreen
      titleId="not-found-title"
      title={i18n._(NOT_FOUND_TITLE)}
      className="gap-4 px-4 py-16 motion-safe:animate-slide-up"
      icon={
        <span className="grid size-20 place-items-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
          <Compass aria-hidden="true" className="size-10 motion-safe:animate-[spin_6s_linear_infinite]" />
        </span>
      }
    >
      <p className="text-slate-600 dark:text-slate-300">{i18n._(NOT_FOUND_TEXT)}</p>
      <Link to="/" className={buttonClass({ size: 'md' })}>
        <Trans>Take me home</Trans>
      </Link>
    </MessageScreen>
  );
}

/** * (any unknown path). */
export function NotFoundPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Page not found`);
  return <NotFoundContent />;
}
