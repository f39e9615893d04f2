import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CONFIRMATION_TTL_SECONDS } from '@tripcrew/contracts/auth';
import { type FormEvent, useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { peekStashedReturnTo, returnToFrom, stashReturnTo, withReturnTo } from '../../lib/return-to.ts';
import { readJson, removeItem, writeJson } from '../../lib/storage.ts';
import { useRegisterMutation } from '../../modules/auth/api/register.ts';
import { AuthCard } from '../../modules/auth/components/auth-card.tsx';
import { EmailField, NewPasswordPair, SubmitButton } from '../../modules/auth/components/auth-form-parts.tsx';
import { linkClass } from '../../modules/auth/components/auth-styles.ts';
import {
  registrationProblems,
  type RegistrationField,
  type RegistrationValues,
} from '../../modules/auth/components/registration-check.ts';
import { RegistrationWaiting } from '../../modules/auth/components/registration-waiting.tsx';
import { TextField } from '../../modules/auth/components/text-field.tsx';
import { useAuthForm } from '../../modules/auth/components/use-auth-form.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { i18n } from '../../lib/i18n/i18n.ts';

/** SPEC §5 / §9 texts and the registration window. */
export const FILL_ALL_FIELDS = msg`Please fill in all fields.`;
export const PASSWORDS_DO_NOT_MATCH = msg`Passwords do not match.`;
export const REGISTRATION_WINDOW_SECONDS = CONFIRMATION_TTL_SECONDS; // 10 minutes
const ERROR_TOAST_ID = 'register-error';

type RegisterValues = RegistrationValues;
type FieldName = RegistrationField;

/** The waiting state survives leaving the page (e.g. to read the mail) within the same tab. */
export const WAITING_STORAGE_KEY = 'registration-waiting';
interface Waiting {
  email: string;
  endsAt: number;
}

function readWaiting(): Waiting | null {
  const value = readJson('session', WAITING_STORAGE_KEY);
  if (typeof value !== 'object' || value === null) return null;
  const { email, endsAt } = value as Partial<Waiting>;
  if (typeof email !== 'string' || typeof endsAt !== 'number' || endsAt <= Date.now()) return null;
  // Never longer than the window itself (a tampered or stale entry).
  if (endsAt - Date.now() > REGISTRATION_WINDOW_SECONDS * 1000) return null;
  return { email, endsAt };
}

const EMPTY: RegisterValues = {
  name: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  repeatPassword: '',
};
const FIELDS = Object.keys(EMPTY) as FieldName[];
const REQUIRED: readonly FieldName[] = ['name', 'lastName', 'email', 'password', 'repeatPassword'];

/**
 * /auth/register (SPEC §2, §4, §5): name, last name, email, phone (optional, never sent), password
 * and repeat password. After a successful registration the form is hidden behind a 10-minute
 * countdown and comes back at zero.
 */
export function RegisterPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Sign up`);
  const registration = useRegisterMutation();
  // Form-level messages are toasts here: the form's `problem` is not shown.
  const form = useAuthForm(EMPTY);
  const { values, setValues, setFieldErrors, set, showApiError } = form;
  const [waiting, setWaiting] = useState<Waiting | null>(readWaiting);
  const [searchParams] = useSearchParams();
  // Where the sign-in started (a place with picks, a protected page): kept through the confirmation.
  const [returnTo] = useState(() => returnToFrom(searchParams) ?? peekStashedReturnTo());

  const onExpired = useCallback(() => {
    removeItem('session', WAITING_STORAGE_KEY);
    setWaiting(null);
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (registration.isPending) return;
    // A new attempt: the messages of the last one go.
    toast.dismiss(ERROR_TOAST_ID);
    const empty = REQUIRED.filter((field) => values[field].trim() === '');
    if (empty.length > 0) {
      setFieldErrors(Object.fromEntries(empty.map((field) => [field, t`This field is required.`])));
      toast.warn(i18n._(FILL_ALL_FIELDS), { toastId: 'register-fill-all' });
      return;
    }
    if (values.password !== values.repeatPassword) {
      setFieldErrors({ repeatPassword: i18n._(PASSWORDS_DO_NOT_MATCH) });
      toast.warn(i18n._(PASSWORDS_DO_NOT_MATCH), { toastId: 'register-passwords' });
      return;
    }
    // The rules of packages/contracts, checked here first, with a message at each field.
    const problems = registrationProblems(values);
    if (Object.keys(problems).length > 0) {
      setFieldErrors(problems);
      return;
    }
    setFieldErrors({});
    const email = values.email.trim();
    registration.mutate(
      { name: values.name.trim(), lastName: values.lastName.trim(), email, password: values.password },
      {
        onSuccess: () => {
          setValues((current) => ({ ...current, password: '', repeatPassword: '' }));
          const next = { email, endsAt: Date.now() + REGISTRATION_WINDOW_SECONDS * 1000 };
          writeJson('session', WAITING_STORAGE_KEY, next);
          stashReturnTo(returnTo);
          setWaiting(next);
        },
        onError: (error) => {
          toast.error(showApiError(error, FIELDS), { toastId: ERROR_TOAST_ID });
        },
      },
    );
  };

  if (waiting) {
    return (
      <AuthCard emoji="📬" title={t`Create your account`} subtitle={t`Almost there!`}>
        <RegistrationWaiting
          email={waiting.email}
          endsAt={waiting.endsAt}
          totalSeconds={REGISTRATION_WINDOW_SECONDS}
          onExpired={onExpired}
          returnTo={returnTo}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      emoji="🎒"
      title={t`Create your account`}
      subtitle={t`Sign up to plan trips with your crew.`}
      footer={
        <>
          <span>
            <Trans>
              Already have an account?{' '}
              <Link to={withReturnTo('/auth', returnTo)} className={linkClass}>
                Log in
              </Link>
            </Trans>
          </span>
          <Link to={withReturnTo('/auth/confirm', returnTo)} className={linkClass}>
            <Trans>I have a code</Trans>
          </Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate aria-label={t`Sign up`} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t`Name`} autoComplete="given-name" required {...form.field('name')} />
          <TextField label={t`Last name`} autoComplete="family-name" required {...form.field('lastName')} />
        </div>
        <EmailField autoComplete="email" {...form.field('email')} />
        <TextField
          label={t`Phone`}
          labelSuffix="(optional)"
          type="tel"
          name="phone"
          autoComplete="tel"
          inputMode="tel"
          value={values.phone}
          error={form.fieldErrors.phone}
          hint={t`Only for you to remember; we do not send it anywhere.`}
          onChange={set('phone')}
        />
        <NewPasswordPair
          form={form}
          fields={['password', 'repeatPassword']}
          labels={[t`Password`, t`Repeat password`]}
        />
        <SubmitButton pending={registration.isPending} pendingLabel={t`Signing you up…`}>
          <Trans>Sign up</Trans>
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
