import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeStore, renderRoutes, resetMocksAfterEach, signIn } from '../../../test/shell-test-utils.tsx';
import { AppToastContainer } from '../../components/ui/toast-container.tsx';
import { dismissToasts, errorBody, jsonResponse, mockApi } from '../../modules/auth/testing/mock-api.ts';
import { RecoveryConfirmPage, RESET_CODE_PLACEHOLDER } from './recovery-confirm.tsx';
import { RecoveryPage } from './recovery.tsx';

resetMocksAfterEach();
afterEach(dismissToasts);

function renderPages(path: string, made = makeStore()) {
  return renderRoutes(
    [
      {
        element: (
          <>
            <Outlet />
            <AppToastContainer theme="light" />
          </>
        ),
        children: [
          { path: '/auth/recovery', element: <RecoveryPage /> },
          { path: '/auth/recovery-confirm', element: <RecoveryConfirmPage /> },
          { path: '/auth/login', element: <p>login page</p> },
          { path: '/', element: <p>home page</p> },
        ],
      },
    ],
    { path, ...made },
  );
}

describe('RecoveryPage', () => {
  it("[AUTH-32] has an email field and a 'Send email' button that calls POST /auth/recovery, then goes to /", async () => {
    const api = mockApi({ 'POST /auth/recovery': jsonResponse(200, { message: 'If the account exists…' }) });
    const { router } = renderPages('/auth/recovery');
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('type')).toBe('email');
    expect(email.getAttribute('autocomplete')).toBe('email');
    await userEvent.type(email, ' ada@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send email' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.to('/auth/recovery', 'POST')[0]?.body).toEqual({ email: 'ada@example.com' });
  });

  it('[AUTH-32] a signed-in user opening it is redirected to /', async () => {
    const api = mockApi({});
    const made = makeStore();
    signIn(made.store);
    const { router } = renderPages('/auth/recovery', made);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByText('home page')).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it('[AUTH-32] an empty email is refused with a visible message and nothing is sent', async () => {
    const api = mockApi({});
    renderPages('/auth/recovery');
    await userEvent.click(screen.getByRole('button', { name: 'Send email' }));
    expect(screen.getByText('Enter your email address.')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(api.to('/auth/recovery')).toHaveLength(0);
  });

  it('a failure says why and stays on the page', async () => {
    mockApi({
      'POST /auth/recovery': jsonResponse(
        400,
        errorBody(400, 'VALIDATION', 'Enter a valid email address, like ana@example.com.'),
      ),
    });
    const { router } = renderPages('/auth/recovery');
    await userEvent.type(screen.getByLabelText('Email'), 'ada');
    await userEvent.click(screen.getByRole('button', { name: 'Send email' }));
    expect(
      (await screen.findAllByText('Enter a valid email address, like ana@example.com.')).length,
    ).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/auth/recovery');
  });
});

describe('RecoveryConfirmPage', () => {
  it("[AUTH-33] has email (prefilled from ?email=), code (placeholder '1234-5678') and new password", () => {
    mockApi({});
    renderPages('/auth/recovery-confirm?email=ada%40example.com');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    const code = screen.getByLabelText('Code');
    expect(code.getAttribute('placeholder')).toBe('1234-5678');
    expect(RESET_CODE_PLACEHOLDER).toBe('1234-5678');
    const password = screen.getByLabelText('New password');
    expect(password.getAttribute('type')).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('new-password');
  });

  it("[AUTH-33] 'Confirm' calls POST /auth/recovery-confirm and goes to /auth/login", async () => {
    const api = mockApi({
      'POST /auth/recovery-confirm': jsonResponse(200, {
        message: 'Your password has been changed. Sign in with the new password.',
      }),
    });
    const { router } = renderPages('/auth/recovery-confirm?email=ada%40example.com');
    await userEvent.type(screen.getByLabelText('Code'), '1234-5678');
    await userEvent.type(screen.getByLabelText('New password'), 'a-brand-new-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(api.to('/auth/recovery-confirm', 'POST')[0]?.body).toEqual({
      email: 'ada@example.com',
      code: '1234-5678',
      password: 'a-brand-new-secret',
    });
    expect(
      await screen.findByText('Your password has been changed. Sign in with the new password.'),
    ).toBeTruthy();
  });

  it("[AUTH-33] empty fields show 'Please fill in all fields.' and send nothing", async () => {
    const api = mockApi({});
    renderPages('/auth/recovery-confirm?email=ada%40example.com');
    await userEvent.type(screen.getByLabelText('Code'), '1234-5678');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all fields.');
    expect(api.to('/auth/recovery-confirm')).toHaveLength(0);
  });

  it('[AUTH-33] a wrong code is shown at the code field and the page stays', async () => {
    mockApi({
      'POST /auth/recovery-confirm': jsonResponse(400, {
        ...errorBody(400, 'CODE_INVALID', 'This code is not right.'),
        field: 'code',
      }),
    });
    const { router } = renderPages('/auth/recovery-confirm?email=ada%40example.com');
    await userEvent.type(screen.getByLabelText('Code'), '0000-0000');
    await userEvent.type(screen.getByLabelText('New password'), 'a-brand-new-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This code is not right.')).toBeTruthy();
    expect(screen.getByLabelText('Code').getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe('/auth/recovery-confirm');
  });
});
