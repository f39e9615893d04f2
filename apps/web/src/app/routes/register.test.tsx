import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithToasts, resetMocksAfterEach } from '../../../test/shell-test-utils.tsx';
import { dismissToasts, errorBody, jsonResponse, mockApi } from '../../modules/auth/testing/mock-api.ts';
import {
  FILL_ALL_FIELDS,
  PASSWORDS_DO_NOT_MATCH,
  REGISTRATION_WINDOW_SECONDS,
  RegisterPage,
} from './register.tsx';
import { i18n } from '../../lib/i18n/i18n.ts';

const CREATED = { message: 'Check your email.', email: 'ada@example.com', expiresInSeconds: 600 };

resetMocksAfterEach();
afterEach(() => {
  dismissToasts();
  vi.useRealTimers();
});

function renderRegister() {
  return renderWithToasts(<RegisterPage />, { path: '/auth/register' });
}

const LABELS = {
  name: 'Name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  password: 'Password',
  repeatPassword: 'Repeat password',
} as const;
type Field = keyof typeof LABELS;

const VALID: Record<Field, string> = {
  name: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0000',
  password: 'analytical-engine',
  repeatPassword: 'analytical-engine',
};

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<Field, string>>) {
  for (const [field, value] of Object.entries(values) as [Field, string][]) {
    if (value !== '') await user.type(screen.getByLabelText(new RegExp(`^${LABELS[field]}`)), value);
  }
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Sign up' }));

/** Fills the sign-up form with VALID and `values` and sends it (the API would create the account). */
async function registerWith(values: Partial<Record<Field, string>>) {
  const api = mockApi({ 'POST /auth/register': jsonResponse(201, CREATED) });
  const user = userEvent.setup();
  renderRegister();
  await fill(user, { ...VALID, ...values });
  await submit(user);
  return { api, user };
}

describe('RegisterPage', () => {
  it('[AUTH-25] has name, last name, email, phone (optional), password and repeat password, and never sends the phone', async () => {
    const api = mockApi({ 'POST /auth/register': jsonResponse(201, CREATED) });
    const user = userEvent.setup();
    renderRegister();

    const form = screen.getByRole('form', { name: 'Sign up' });
    const autocomplete = (label: RegExp) => within(form).getByLabelText(label).getAttribute('autocomplete');
    expect(autocomplete(/^Name/)).toBe('given-name');
    expect(autocomplete(/^Last name/)).toBe('family-name');
    expect(autocomplete(/^Email/)).toBe('email');
    expect(autocomplete(/^Phone/)).toBe('tel');
    expect(autocomplete(/^Password/)).toBe('new-password');
    expect(autocomplete(/^Repeat password/)).toBe('new-password');
    expect(within(form).getByText('(optional)')).toBeTruthy();
    expect(
      within(form)
        .getByLabelText(/^Phone/)
        .hasAttribute('required'),
    ).toBe(false);

    await fill(user, VALID);
    await submit(user);
    await waitFor(() => expect(api.to('/auth/register', 'POST')).toHaveLength(1));
    expect(api.to('/auth/register', 'POST')[0]?.body).toEqual({
      name: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: 'analytical-engine',
    });
  });

  it('[AUTH-25] registers without a phone too', async () => {
    const { api } = await registerWith({ phone: '' });
    await waitFor(() => expect(api.to('/auth/register', 'POST')).toHaveLength(1));
  });

  it.each(['name', 'lastName', 'email', 'password', 'repeatPassword'] as const)(
    "[AUTH-26] with %s empty shows the toast 'Please fill in all fields.' and sends nothing",
    async (empty) => {
      const { api } = await registerWith({ [empty]: '' });
      expect(await screen.findByText(i18n._(FILL_ALL_FIELDS))).toBeTruthy();
      expect(i18n._(FILL_ALL_FIELDS)).toBe('Please fill in all fields.');
      expect(screen.getByLabelText(new RegExp(`^${LABELS[empty]}`)).getAttribute('aria-invalid')).toBe(
        'true',
      );
      expect(api.requests).toHaveLength(0);
    },
  );

  it('[AUTH-26] blank (spaces only) counts as empty', async () => {
    const { api } = await registerWith({ name: '   ' });
    expect(await screen.findByText(i18n._(FILL_ALL_FIELDS))).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it("[AUTH-27] different passwords show the toast 'Passwords do not match.' and send nothing", async () => {
    const { api } = await registerWith({ repeatPassword: 'analytical-engine!' });
    expect((await screen.findAllByText(i18n._(PASSWORDS_DO_NOT_MATCH))).length).toBeGreaterThan(0);
    expect(i18n._(PASSWORDS_DO_NOT_MATCH)).toBe('Passwords do not match.');
    expect(document.querySelector('.Toastify')?.textContent).toContain('Passwords do not match.');
    expect(api.requests).toHaveLength(0);
  });

  it('[AUTH-28] after success hides the form behind a 10-minute mm:ss countdown with a ring, mentioning spam; at zero the form returns', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({
      'POST /auth/register': jsonResponse(201, CREATED),
      'GET /dev/outbox': jsonResponse(404, errorBody(404, 'NOT_FOUND', 'Not found')),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRegister();
    await fill(user, VALID);
    await submit(user);

    const timer = await screen.findByRole('timer');
    expect(REGISTRATION_WINDOW_SECONDS).toBe(600);
    expect(within(timer).getByTestId('countdown').textContent).toBe('10:00');
    expect(screen.getByTestId('countdown-ring').tagName.toLowerCase()).toBe('svg');
    expect(screen.queryByRole('form', { name: 'Sign up' })).toBeNull();
    const waiting = screen.getByTestId('registration-waiting');
    expect(waiting.textContent).toMatch(/check your email/i);
    expect(waiting.textContent).toMatch(/spam/i);
    expect(waiting.textContent).toContain('ada@example.com');
    expect(
      within(waiting).getByRole('link', { name: 'Enter the confirmation code' }).getAttribute('href'),
    ).toBe('/auth/confirm?email=ada%40example.com');
    // No dev outbox here (404): no link to it.
    expect(within(waiting).queryByRole('link', { name: 'dev outbox' })).toBeNull();

    act(() => vi.advanceTimersByTime(61_000));
    expect(screen.getByTestId('countdown').textContent).toBe('08:59');
    act(() => vi.advanceTimersByTime(8 * 60_000 + 58_000));
    expect(screen.getByTestId('countdown').textContent).toBe('00:01');
    expect(screen.queryByRole('form', { name: 'Sign up' })).toBeNull();
    act(() => vi.advanceTimersByTime(1_000));
    expect(await screen.findByRole('form', { name: 'Sign up' })).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    // The details stay filled in for another try; the passwords do not.
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('ada@example.com');
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).value).toBe('');
  });

  it('[AUTH-20] the waiting state links the dev outbox when the API offers it', async () => {
    mockApi({
      'POST /auth/register': jsonResponse(201, CREATED),
      'GET /dev/outbox': jsonResponse(200, { delivery: 'outbox', mails: [] }),
    });
    const user = userEvent.setup();
    renderRegister();
    await fill(user, VALID);
    await submit(user);
    const link = await screen.findByRole('link', { name: 'dev outbox' });
    expect(link.getAttribute('href')).toBe('/dev/outbox?to=ada%40example.com');
  });

  it('[AUTH-29] a failed registration shows a toast with the error message', async () => {
    mockApi({
      'POST /auth/register': jsonResponse(400, {
        ...errorBody(400, 'WEAK_PASSWORD', 'This password is one of the most common ones. Choose another.'),
        field: 'password',
      }),
    });
    const user = userEvent.setup();
    renderRegister();
    await fill(user, VALID);
    await submit(user);
    const messages = await screen.findAllByText(
      'This password is one of the most common ones. Choose another.',
    );
    expect(messages.length).toBeGreaterThan(0);
    expect(document.querySelector('.Toastify')?.textContent).toContain('most common ones');
    // The form stays, with the field marked.
    expect(screen.getByLabelText(/^Password/).getAttribute('aria-invalid')).toBe('true');
  });

  it("[AUTH-29] without a message the toast says 'Something went wrong.'", async () => {
    mockFetchFailure();
    const user = userEvent.setup();
    renderRegister();
    await fill(user, VALID);
    await submit(user);
    expect(await screen.findByText('Something went wrong.')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Sign up' })).toBeTruthy();
  });
});

/** A network failure: no HTTP answer, hence no message. */
function mockFetchFailure() {
  mockApi({
    'POST /auth/register': () => {
      throw new TypeError('Failed to fetch');
    },
  });
}

describe('RegisterPage waiting state', () => {
  it('[AUTH-28] the countdown keeps running when the user leaves the page and comes back', async () => {
    mockApi({
      'POST /auth/register': jsonResponse(201, CREATED),
      'GET /dev/outbox': jsonResponse(404, errorBody(404, 'NOT_FOUND', 'Not found')),
    });
    const user = userEvent.setup();
    const first = renderRegister();
    await fill(user, VALID);
    await submit(user);
    await screen.findByRole('timer');
    first.unmount();

    renderRegister();
    expect(screen.getByRole('timer')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Sign up' })).toBeNull();
    expect(screen.getByTestId('registration-waiting').textContent).toContain('ada@example.com');
  });
});

describe('RegisterPage checks before sending', () => {
  it('checks the password and email rules of the contracts at each field and sends nothing', async () => {
    const { api, user } = await registerWith({
      email: 'ada-at-example',
      password: 'short',
      repeatPassword: 'short',
    });
    const password = screen.getByLabelText(/^Password/);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Use at least 8 characters for your password.')).toBeTruthy();
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a valid email address, like ana@example.com.')).toBeTruthy();
    expect(api.to('/auth/register', 'POST')).toHaveLength(0);

    // Editing a field clears its message.
    await user.type(password, '-but-longer');
    expect(screen.queryByText('Use at least 8 characters for your password.')).toBeNull();
  });

  it("shows a server validation error in words at its field, without 'Invalid body field …'", async () => {
    mockApi({
      'POST /auth/register': jsonResponse(400, {
        ...errorBody(
          400,
          'VALIDATION',
          'Invalid body field password: Use at most 128 characters for your password.',
        ),
        field: 'password',
      }),
    });
    const user = userEvent.setup();
    renderRegister();
    await fill(user, VALID);
    await submit(user);
    const messages = await screen.findAllByText('Use at most 128 characters for your password.');
    expect(messages.length).toBeGreaterThan(0);
    expect(document.body.textContent).not.toContain('Invalid body field');
    expect(screen.getByLabelText(/^Password/).getAttribute('aria-invalid')).toBe('true');
  });
});
