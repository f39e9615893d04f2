import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleAlert } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../modules/auth/components/auth-card.tsx';
import { alertClass, primaryButtonClass } from '../../modules/auth/components/auth-styles.ts';
import { socialErrorMessage } from '../../modules/auth/components/social-error.ts';
import { TokenSignInCard } from './activate.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { i18n } from '../../lib/i18n/i18n.ts';

export const SOCIAL_FAILED_TITLE = msg`We could not sign you in`;

/**
 * /auth/network: the return from Google or GitHub. ?token= is exchanged like an activation link;
 * ?error= explains what went wrong with a way back to the login page; neither → /auth.
 */
export function AuthNetworkPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Signing you in`);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const error = searchParams.get('error');

  if (error !== null) {
    return (
      <AuthCard emoji="🔐" title={i18n._(SOCIAL_FAILED_TITLE)}>
        <div className="flex flex-col gap-5">
          <p role="alert" className={alertClass}>
            <CircleAlert aria-hidden="true" className="mr-1.5 inline size-4 align-[-3px]" />
            {socialErrorMessage(error)}
          </p>
          <Link to="/auth" className={primaryButtonClass}>
            <Trans>Back to the login page</Trans>
          </Link>
        </div>
      </AuthCard>
    );
  }

  return token ? <TokenSignInCard token={token} via="social" /> : <Navigate to="/auth" replace />;
}
