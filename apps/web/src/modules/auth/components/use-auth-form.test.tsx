import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { SOMETHING_WENT_WRONG } from '../api/auth-error-message.ts';
import { EmailField, FormProblem } from './auth-form-parts.tsx';
import { useAuthForm } from './use-auth-form.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';

const FILL_ALL_FIELDS = 'Please fill in all fields.';

const EMPTY = { currentPassword: '', newPassword: '', repeatPassword: '' };

function wrongPassword(field?: string) {
  return new ApiError({
    status: 400,
    code: 'WRONG_PASSWORD',
    message: 'Your current password is wrong.',
    field,
  });
}

/** A form with one email field wired like the account screens. */
function EmailForm() {
  const { values, problem, setProblem, fieldErrors, setFieldErrors, set } = useAuthForm({ email: '' });
  return (
    <form aria-label="Email form">
      <EmailField
        autoComplete="email"
        value={values.email}
        error={fieldErrors.email}
        onChange={set('email')}
      />
      <FormProblem problem={problem} />
      <button type="button" onClick={() => setProblem(FILL_ALL_FIELDS)}>
        problem
      </button>
      <button type="button" onClick={() => setFieldErrors({ email: 'Enter your email address.' })}>
        field error
      </button>
    </form>
  );
}

describe('useAuthForm', () => {
  it('[AUTH-33] starts from the initial values, also from a lazy initializer, with no errors', () => {
    const { result } = renderHook(() =>
      useAuthForm(() => ({ email: 'ada@example.com', code: '', password: '' })),
    );
    expect(result.current.values).toEqual({ email: 'ada@example.com', code: '', password: '' });
    expect(result.current.problem).toBeNull();
    expect(result.current.fieldErrors).toEqual({});
  });

  it("[AUTH-15] set(field) stores the value and clears only that field's error", () => {
    const { result } = renderHook(() => useAuthForm(EMPTY));
    act(() => result.current.setFieldErrors({ currentPassword: 'wrong', repeatPassword: 'mismatch' }));
    act(() => result.current.set('currentPassword')({ target: { value: 'old-secret-1' } }));
    expect(result.current.values).toEqual({ ...EMPTY, currentPassword: 'old-secret-1' });
    expect(result.current.fieldErrors.currentPassword).toBeUndefined();
    expect(result.current.fieldErrors.repeatPassword).toBe('mismatch');
  });

  it("[AUTH-30] keeps 'Please fill in all fields.' as the problem until clearErrors()", () => {
    const { result } = renderHook(() => useAuthForm(EMPTY));
    act(() => {
      result.current.setProblem(FILL_ALL_FIELDS);
      result.current.setFieldErrors({ newPassword: 'too short' });
    });
    expect(result.current.problem).toBe(FILL_ALL_FIELDS);
    act(() => result.current.clearErrors());
    expect(result.current.problem).toBeNull();
    expect(result.current.fieldErrors).toEqual({});
  });

  it('[AUTH-15] an API error naming one of the given fields is shown at that field only', () => {
    const { result } = renderHook(() => useAuthForm(EMPTY));
    act(() => result.current.setFieldErrors({ repeatPassword: 'mismatch' }));
    let shown = '';
    act(() => {
      shown = result.current.showApiError(wrongPassword('currentPassword'), [
        'currentPassword',
        'newPassword',
      ]);
    });
    expect(shown).toBe('Your current password is wrong.');
    expect(result.current.fieldErrors).toEqual({ currentPassword: 'Your current password is wrong.' });
    expect(result.current.problem).toBeNull();
  });

  it('[AUTH-15] an API error naming no field, or one not given, becomes the form problem', () => {
    const { result } = renderHook(() => useAuthForm(EMPTY));
    act(() => {
      result.current.showApiError(wrongPassword('repeatPassword'), ['currentPassword', 'newPassword']);
    });
    expect(result.current.problem).toBe('Your current password is wrong.');
    expect(result.current.fieldErrors).toEqual({});
    act(() => result.current.setProblem(null));
    act(() => {
      result.current.showApiError(wrongPassword(), ['currentPassword', 'newPassword']);
    });
    expect(result.current.problem).toBe('Your current password is wrong.');
  });

  it("[AUTH-29] a failure without an HTTP message shows 'Something went wrong.'", () => {
    const { result } = renderHook(() => useAuthForm(EMPTY));
    let shown = '';
    act(() => {
      shown = result.current.showApiError(new TypeError('Failed to fetch'), ['currentPassword']);
    });
    expect(shown).toBe(i18n._(SOMETHING_WENT_WRONG));
    expect(result.current.problem).toBe('Something went wrong.');
  });
});

describe('FormProblem and EmailField', () => {
  it("[AUTH-30] the problem is an alert, and typing clears the email field's error", async () => {
    const user = userEvent.setup();
    render(<EmailForm />);
    expect(screen.queryByRole('alert')).toBeNull();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('type')).toBe('email');
    expect(email.getAttribute('autocomplete')).toBe('email');
    expect(email.getAttribute('inputmode')).toBe('email');
    expect(email.hasAttribute('required')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'problem' }));
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all fields.');

    await user.click(screen.getByRole('button', { name: 'field error' }));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter your email address.')).toBeTruthy();
    await user.type(email, 'a');
    expect((email as HTMLInputElement).value).toBe('a');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Enter your email address.')).toBeNull();
  });
});
