import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore, renderRoutes, signIn, TEST_USER } from '../../../test/shell-test-utils.tsx';
import { resetApiClient } from '../../lib/api-client.ts';
import { deferred } from '../../lib/testing/fetch-mock.ts';
import { errorBody, jsonResponse, mockApi, SESSION } from '../../modules/auth/testing/mock-api.ts';
import { authenticate } from '../../modules/auth/state/auth-slice.ts';
import { connectApiClient } from '../store/store.ts';
import { hardNavigation } from '../layout/hard-navigation.ts';
import { routes } from '../router.tsx';
import { LOGIN_TITLE, LoginPage } from './login.tsx';
import { settle } from '../../../test/settle.ts';
import { i18n } from '../../lib/i18n/i18n.ts';

const PROVIDERS = { google: true, github: true, facebook: false, apple: false };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiClient();
});

function renderLogin(path = '/auth', store = makeStore()) {
  return renderRoutes(
    [
      { path: '/auth', element: <LoginPage /> },
      { path: '/auth/login', element: <LoginPage /> },
      { path: '/', element: <p>home page</p> },
      { path: '/trips', element: <p>trips page</p> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { path, ...store },
  );
}

async function fillAndSubmit(email = 'ada@example.com', password = 'correct horse') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginPage', () => {
  it('[AUTH-22] shows an email and password form that a loader replaces while the request runs', async () => {
    const pending = deferred<Response>();
    const api = mockApi({
      'GET /auth/providers': jsonResponse(200, PROVIDERS),
      'POST /auth/login': () => pending.promise,
    });
    const { store, router } = renderLogin();

    expect(screen.getByRole('heading', { level: 1, name: i18n._(LOGIN_TITLE) })).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Log in' });
    expect(within(form).getByLabelText('Email').getAttribute('autocomplete')).toBe('username');
    expect(within(form).getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(within(form).getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');

    await fillAndSubmit();
    // The form is gone; a loader stands in its place.
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Log in' })).toBeNull());
    expect(screen.getByRole('status').textContent).toContain('Logging you in…');
    expect(api.to('/auth/login', 'POST')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
    });

    pending.resolve(jsonResponse(200, SESSION));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.getState().user).toMatchObject({ isAuthenticated: true, _id: 'u-1', name: 'Ada' });
    expect(store.getState().auth).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  });

  it('[AUTH-22] /auth/login shows the same login page', async () => {
    mockApi({ 'GET /auth/providers': jsonResponse(200, PROVIDERS) });
    renderRoutes(routes, { path: '/auth/login' });
    expect(await screen.findByRole('form', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: i18n._(LOGIN_TITLE) })).toBeTruthy();
  });

  it('[AUTH-22] a failed login is logged only, with no message, and the form returns', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({
      'GET /auth/providers': jsonResponse(200, PROVIDERS),
      'POST /auth/login': jsonResponse(
        401,
        errorBody(401, 'INVALID_CREDENTIALS', 'The email or the password is wrong.'),
      ),
    });
    const { store, router } = renderLogin();
    await fillAndSubmit();

    expect(await screen.findByRole('form', { name: 'Log in' })).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('Login failed', expect.objectContaining({ status: 401 }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/wrong/i)).toBeNull();
    expect(router.state.location.pathname).toBe('/auth');
    expect(store.getState().user.isAuthenticated).toBe(false);
    // The email stays for another try.
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
  });

  it('[AUTH-22] empty fields show what is missing and send nothing', async () => {
    const api = mockApi({ 'GET /auth/providers': jsonResponse(200, PROVIDERS) });
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Enter your email address.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(api.to('/auth/login')).toHaveLength(0);
  });

  it('an unconfirmed account gets a link to the confirmation page with the email', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({
      'GET /auth/providers': jsonResponse(200, PROVIDERS),
      'POST /auth/login': jsonResponse(403, errorBody(403, 'UNCONFIRMED', 'Confirm your email first.')),
    });
    renderLogin();
    await fillAndSubmit('new@example.com');
    const alert = await screen.findByRole('alert');
    const link = within(alert).getByRole('link', { name: 'Enter your confirmation code' });
    expect(link.getAttribute('href')).toBe('/auth/confirm?email=new%40example.com');
  });

  it('after signing in goes back to the protected page that sent the visitor here', async () => {
    mockApi({
      'GET /auth/providers': jsonResponse(200, PROVIDERS),
      'POST /auth/login': jsonResponse(200, SESSION),
    });
    const { router } = renderLogin('/trips');
    await act(() => router.navigate('/auth', { state: { from: '/trips' } }));
    await screen.findByLabelText('Email');
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/trips'));
  });

  it('[AUTH-23] links to /auth/recovery and /auth/register; Google and GitHub enabled, Facebook and Apple disabled', async () => {
    const assign = vi.spyOn(hardNavigation, 'assign').mockImplementation(() => undefined);
    mockApi({ 'GET /auth/providers': jsonResponse(200, PROVIDERS) });
    renderLogin();

    expect(screen.getByRole('link', { name: 'forgot password?' }).getAttribute('href')).toBe(
      '/auth/recovery',
    );
    expect(screen.getByRole('link', { name: 'sign up' }).getAttribute('href')).toBe('/auth/register');

    const google = screen.getByRole('button', { name: 'Google' }) as HTMLButtonElement;
    const github = screen.getByRole('button', { name: 'GitHub' }) as HTMLButtonElement;
    await waitFor(() => expect(google.disabled).toBe(false));
    expect(github.disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Facebook' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Apple' }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(google);
    expect(assign).toHaveBeenLastCalledWith('/api/auth/networks/google');
    await userEvent.click(github);
    expect(assign).toHaveBeenLastCalledWith('/api/auth/networks/github');
  });

  it('[AUTH-17][AUTH-23] a provider the server has not configured gets a disabled button', async () => {
    mockApi({ 'GET /auth/providers': jsonResponse(200, { ...PROVIDERS, github: false }) });
    renderLogin();
    const google = screen.getByRole('button', { name: 'Google' }) as HTMLButtonElement;
    await waitFor(() => expect(google.disabled).toBe(false));
    const github = screen.getByRole('button', { name: 'GitHub' }) as HTMLButtonElement;
    expect(github.disabled).toBe(true);
    expect(github.title).toBe('GitHub sign-in is not available');
  });

  it('[AUTH-23] every social button stays disabled when the providers cannot be loaded', async () => {
    mockApi({ 'GET /auth/providers': jsonResponse(500, errorBody(500, 'INTERNAL', 'boom')) });
    renderLogin();
    await settle();
    for (const name of ['Google', 'GitHub', 'Facebook', 'Apple']) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
  });

  it('a failed social login (?error=) says what went wrong', async () => {
    mockApi({ 'GET /auth/providers': jsonResponse(200, PROVIDERS) });
    renderLogin('/auth?error=email_unverified');
    expect(screen.getByRole('alert').textContent).toContain('no verified email address');
  });

  it('[AUTH-24] signed in: a greeting linking to /profile/{id}, links to crew, wishlist, change password and a logout button', () => {
    mockApi({ 'GET /auth/providers': jsonResponse(200, PROVIDERS) });
    const made = makeStore();
    signIn(made.store);
    renderLogin('/auth', made);

    expect(screen.getByRole('heading', { level: 1, name: i18n._(LOGIN_TITLE) })).toBeTruthy();
    expect(screen.getByText(/Hi,/).textContent).toContain('Hi, Ada!');
    expect(screen.getByRole('link', { name: TEST_USER.name }).getAttribute('href')).toBe('/profile/u-1');
    expect(screen.getByRole('link', { name: /your crew/ }).getAttribute('href')).toBe('/crew');
    expect(screen.getByRole('link', { name: /wishlist/ }).getAttribute('href')).toBe('/wishlist');
    expect(screen.getByRole('link', { name: /change password/ }).getAttribute('href')).toBe(
      '/change-password',
    );
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Log in' })).toBeNull();
  });

  it('[AUTH-35] the logout button calls POST /auth/logout and runs the session reset', async () => {
    const api = mockApi({
      'GET /auth/providers': jsonResponse(200, PROVIDERS),
      'POST /auth/logout': jsonResponse(200, { message: 'Signed out.' }),
    });
    const made = makeStore();
    signIn(made.store);
    made.store.dispatch(authenticate({ accessToken: 'access-1', refreshToken: 'refresh-1' }));
    connectApiClient(made.store);
    sessionStorage.setItem('api-cache:/core/suggestions', '{"expireAt":0,"data":[]}');
    renderLogin('/auth', made);

    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(made.store.getState().user.isAuthenticated).toBe(false));
    const [call] = api.to('/auth/logout', 'POST');
    expect(call?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(call?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(made.store.getState().auth).toMatchObject({ accessToken: null, refreshToken: null });
    expect(made.store.getState().user._id).toBeNull();
    expect(sessionStorage.length).toBe(0);
    // Back to the login form.
    expect(await screen.findByRole('form', { name: 'Log in' })).toBeTruthy();
  });
});

describe('LoginPage: why and where back', () => {
  it('says why the user was sent here and returns to the place, picks and draft in the query, after signing in', async () => {
    mockApi({
      'GET /auth/providers': jsonResponse(200, PROVIDERS),
      'POST /auth/login': jsonResponse(200, SESSION),
    });
    const back = '/place/portugal/city/lisbon?place=p-1&start=2026-12-01&end=2026-12-08&transportMode=public';
    const { router } = renderLogin(`/auth?returnTo=${encodeURIComponent(back)}&reason=trip-create`);
    expect(screen.getByTestId('sign-in-reason').textContent).toContain(
      'Sign in to create your trip — your picks are kept.',
    );
    expect(screen.getByRole('link', { name: 'sign up' }).getAttribute('href')).toBe(
      `/auth/register?returnTo=${encodeURIComponent(back)}`,
    );
    await fillAndSubmit();
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(back),
    );
  });

  it.each([
    'https://evil.example/x',
    '//evil.example/x',
    '/\\evil.example',
    '/auth/register',
    'javascript:alert(1)',
  ])('never follows an unsafe or looping returnTo (%s): goes to / instead', async (returnTo) => {
    mockApi({
      'GET /auth/providers': jsonResponse(200, PROVIDERS),
      'POST /auth/login': jsonResponse(200, SESSION),
    });
    const { router } = renderLogin(`/auth?returnTo=${encodeURIComponent(returnTo)}`);
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('a disabled social button says why, visibly and to screen readers', async () => {
    mockApi({ 'GET /auth/providers': jsonResponse(200, { ...PROVIDERS, google: false }) });
    renderLogin();
    const github = screen.getByRole('button', { name: 'GitHub' }) as HTMLButtonElement;
    await waitFor(() => expect(github.disabled).toBe(false));
    const google = screen.getByRole('button', { name: 'Google' });
    const describedBy = google.getAttribute('aria-describedby') ?? '';
    const reason = document.getElementById(describedBy);
    expect(reason?.textContent).toBe("Google sign-in isn't set up on this server.");
    expect(screen.getByText("Google sign-in isn't set up on this server.")).toBeTruthy();
    const apple = screen.getByRole('button', { name: 'Apple' });
    expect(document.getElementById(apple.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Facebook and Apple sign-in are not offered yet.',
    );
    expect(github.getAttribute('aria-describedby')).toBeNull();
  });
});
