import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { apiErrorMessage } from '../../modules/auth/api/auth-error-message.ts';
import { useConfirmEmailMutation } from '../../modules/auth/api/confirm-email.ts';
import { AuthCard } from '../../modules/auth/components/auth-card.tsx';
import { EmailField, FormProblem, SubmitButton } from '../../modules/auth/components/auth-form-parts.tsx';
import { linkClass, noticeClass } from '../../modules/auth/components/auth-styles.ts';
import { DevOutboxLink } from '../../modules/auth/components/dev-outbox-link.tsx';
import { TextField } from '../../modules/auth/components/text-field.tsx';
import { useAuthForm } from '../../modules/auth/components/use-auth-form.ts';
import { authenticate } from '../../modules/auth/state/auth-slice.ts';
import { setCurrentUser } from '../../modules/users/api/get-current-user.ts';
import { useAppDispatch } from '../store/store.ts';
import { hardNavigation } from '../layout/hard-navigation.ts';
import { usePersistor } from '../layout/persistor-context.ts';
import { removeItem } from '../../lib/storage.ts';
import { FILL_ALL_FIELDS, WAITING_STORAGE_KEY } from './register.tsx';
import { peekStashedReturnTo, returnToFrom, takeStashedReturnTo, withReturnTo } from '../../lib/return-to.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { i18n } from '../../lib/i18n/i18n.ts';

/** The mailed confirmation code is 8 digits without a dash (apps/api auth.mails.ts). */
export const CONFIRM_CODE_PLACEHOLDER = '12345678';

/**
 * /auth/confirm (SPEC §2, §5): email (prefilled from ?email=) and the code from the mail. Empty
 * fields show the alert 'Please fill in all fields.'; success stores the session and reloads at /
 * (or where the sign-in started: ?returnTo=, or the one stashed by the registration).
 */
export function ConfirmEmailPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Confirm your email`);
  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  const persistor = usePersistor();
  const [searchParams] = useSearchParams();
  const confirmation = useConfirmEmailMutation();
  const { values, problem, setProblem, set } = useAuthForm(() => ({
    email: searchParams.get('email') ?? '',
    code: '',
  }));
  const [done, setDone] = useState(false);
  // After a registration started from a place (or any page): back there, with the draft kept.
  const [returnTo] = useState(() => returnToFrom(searchParams) ?? peekStashedReturnTo());

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirmation.isPending || done) return;
    const email = values.email.trim();
    const code = values.code.trim();
    if (email === '' || code === '') {
      setProblem(i18n._(FILL_ALL_FIELDS));
      return;
    }
    setProblem(null);
    confirmation.mutate(
      { email, code },
      {
        onSuccess: async (session) => {
          setDone(true);
          removeItem('session', WAITING_STORAGE_KEY);
          setCurrentUser(queryClient, session);
          dispatch(authenticate({ accessToken: session.accessToken, refreshToken: session.refreshToken }));
          // The full reload must see the new session: write it to storage first.
          try {
            await persistor?.flush();
          } finally {
            takeStashedReturnTo();
            hardNavigation.assign(returnTo ?? '/');
          }
        },
        onError: (error) => setProblem(apiErrorMessage(error)),
      },
    );
  };

  return (
    <AuthCard
      emoji="📬"
      title={t`Confirm your email`}
      subtitle={t`Enter the code from the email we sent you.`}
      footer={
        <>
          <span>
            <Trans>
              No code?{' '}
              <Link to={withReturnTo('/auth/register', returnTo)} className={linkClass}>
                Register again
              </Link>
            </Trans>
          </span>
          <Link to={withReturnTo('/auth', returnTo)} className={linkClass}>
            <Trans>Log in</Trans>
          </Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate aria-label={t`Confirm your email`} className="flex flex-col gap-4">
        <FormProblem problem={problem} />
        <EmailField autoComplete="email" value={values.email} onChange={set('email')} />
        <TextField
          label={t`Code`}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          placeholder={CONFIRM_CODE_PLACEHOLDER}
          required
          value={values.code}
          hint={t`The 8-digit code from the email; it is valid for 10 minutes.`}
          onChange={set('code')}
        />
        <SubmitButton pending={confirmation.isPending || done} pendingLabel={t`Confirming…`}>
          <Trans>Confirm</Trans>
        </SubmitButton>
        <DevOutboxLink email={values.email.trim() || undefined} className={noticeClass} />
      </form>
    </AuthCard>
  );
}
