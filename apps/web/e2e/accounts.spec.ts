import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  acceptCookiesByClick,
  codeFromOutbox,
  expect,
  test,
  type PageProblems,
  uniqueEmail,
} from './fixtures.ts';

/** The home page; its query may already carry the trip draft (STATE-18 writes it to the URL). */
const HOME_URL = /^https?:\/\/[^/]+\/(\?[^#]*)?$/;

/** Accounts journeys against the real server: the mails are read from the dev outbox (GET /api/dev/outbox). */

/** The header's user link (name + thumbnail, or 'Login'). */
const userLink = (page: Page) => page.getByRole('banner').locator('a[href="/auth"]');

async function logInThroughForm(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

/** Console errors other than the browser's own line for an expected failed request (e.g. a 401). */
function unexpectedConsoleErrors(problems: PageProblems): string[] {
  return problems.consoleErrors.filter(
    (line) => !/Failed to load resource: the server responded with a status of 401/.test(line),
  );
}

/** Registers and confirms an account through the API (double-submit CSRF like the web app). */
async function createAccountViaApi(
  context: BrowserContext,
  request: APIRequestContext,
  email: string,
  password: string,
) {
  await request.get('/api/health');
  const csrf = (await context.cookies()).find((cookie) => cookie.name === 'csrf-token')?.value ?? '';
  const headers = { 'X-CSRF-Token': csrf, 'X-Requested-With': 'XMLHttpRequest' };
  const registered = await request.post('/api/auth/register', {
    headers,
    data: { name: 'Avery', lastName: 'Tester', email, password },
  });
  expect(registered.status()).toBe(201);
  const code = await codeFromOutbox(request, email, /Confirm your Tripcrew account/);
  const confirmed = await request.post('/api/auth/confirm', { headers, data: { email, code } });
  expect(confirmed.status()).toBe(200);
}

test('[AUTH-36] register → confirm with the mailed code → signed in → logout → login → forgot → reset → login with the new password', async ({
  page,
  problems,
}) => {
  const email = uniqueEmail('journey');
  const password = 'Journey-pass-2025!';
  const newPassword = 'Brand-new-pass-2025!';

  // Register.
  await page.goto('/auth/register');
  await acceptCookiesByClick(page);
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Name', { exact: true }).fill('Jules');
  await form.getByLabel('Last name', { exact: true }).fill('Tester');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel(/^Phone/).fill('+33 1 23 45 67 89');
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Repeat password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign up' }).click();

  // The waiting state: a 10-minute countdown, the form hidden, a way to the dev outbox.
  await expect(page.getByRole('timer')).toContainText(/^(10:00|09:5\d)$/);
  await expect(page.getByRole('form', { name: 'Sign up' })).toHaveCount(0);
  await expect(page.getByText(/spam folder/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'dev outbox' })).toHaveAttribute(
    'href',
    `/dev/outbox?to=${encodeURIComponent(email)}`,
  );

  // The code from the captured mail; the outbox page shows it too.
  const code = await codeFromOutbox(page.request, email, /Confirm your Tripcrew account/);
  await page.getByRole('link', { name: 'dev outbox' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dev outbox' })).toBeVisible();
  await expect(page.getByTestId('mail-code').first()).toHaveText(code);
  // Back on the registration page the countdown is still running.
  await page.goBack();
  await expect(page.getByRole('timer')).toBeVisible();

  // Confirm: the email is prefilled; success reloads the app at / signed in.
  await page.getByRole('link', { name: 'Enter the confirmation code' }).click();
  await expect(page).toHaveURL(/\/auth\/confirm\?email=/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(HOME_URL);
  await expect(userLink(page)).toHaveAccessibleName('Jules');

  // Logout from the login page.
  await userLink(page).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('main').getByRole('link', { name: 'Jules' })).toHaveAttribute(
    'href',
    /^\/profile\//,
  );
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
  await expect(userLink(page)).toHaveAccessibleName('Login');

  // Login with the password.
  await logInThroughForm(page, email, password);
  await expect(page).toHaveURL(HOME_URL);
  await expect(userLink(page)).toHaveAccessibleName('Jules');
  await userLink(page).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(userLink(page)).toHaveAccessibleName('Login');

  // Forgot password → / ; the reset code arrives in the outbox.
  await page.getByRole('link', { name: 'forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/recovery$/);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send email' }).click();
  await expect(page).toHaveURL(HOME_URL);
  const resetCode = await codeFromOutbox(page.request, email, /password reset code/);
  expect(resetCode).toMatch(/^\d{4}-\d{4}$/);

  // Reset: 'Confirm' goes to the login page.
  await page.goto(`/auth/recovery-confirm?email=${encodeURIComponent(email)}`);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByLabel('Code', { exact: true })).toHaveAttribute('placeholder', '1234-5678');
  await page.getByLabel('Code', { exact: true }).fill(resetCode);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  // The old password no longer works (logged only: the form simply returns) …
  await logInThroughForm(page, email, password);
  await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(userLink(page)).toHaveAccessibleName('Login');

  // … the new one does.
  await logInThroughForm(page, email, newPassword);
  await expect(page).toHaveURL(HOME_URL);
  await expect(userLink(page)).toHaveAccessibleName('Jules');

  expect(problems.cspViolations).toEqual([]);
  expect(unexpectedConsoleErrors(problems)).toEqual([]);
});

test('[PROFILE-08] changing the avatar on the own profile shows the new thumbnail in the header', async ({
  page,
  context,
  problems,
}) => {
  const email = uniqueEmail('avatar');
  const password = 'Avatar-pass-2025!';
  await createAccountViaApi(context, page.request, email, password);

  await page.goto('/auth');
  await acceptCookiesByClick(page);
  await logInThroughForm(page, email, password);
  await expect(userLink(page)).toHaveAccessibleName('Avery');
  // No picture yet: initials, no <img>.
  await expect(userLink(page).locator('img')).toHaveCount(0);

  // The own profile, through the greeting on the login page.
  await userLink(page).click();
  await page.getByRole('main').getByRole('link', { name: 'Avery' }).click();
  await expect(page).toHaveURL(/\/profile\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Avery Tester' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /vacant/ })).toBeDisabled();
  await expect(page.getByRole('tab', { name: /calendar/ })).toHaveAttribute('title', 'Coming soon');

  // A real picture, made on the spot.
  const png = await sharp({
    create: { width: 320, height: 200, channels: 3, background: { r: 250, g: 140, b: 40 } },
  })
    .png()
    .toBuffer();
  await page.getByLabel('Change photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Your photo has been updated.')).toBeVisible();

  const thumbnail = userLink(page).locator('img');
  await expect(thumbnail).toHaveAttribute('src', /\/api\/assets\/files\//);
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(128);
  const firstSrc = await thumbnail.getAttribute('src');

  // A second change replaces it again, and it survives a reload.
  const jpeg = await sharp({
    create: { width: 200, height: 300, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel('Change photo')
    .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expect(thumbnail).not.toHaveAttribute('src', firstSrc ?? '');
  const secondSrc = await thumbnail.getAttribute('src');
  await page.reload();
  await expect(userLink(page).locator('img')).toHaveAttribute('src', secondSrc ?? '');

  expect(problems.cspViolations).toEqual([]);
  expect(unexpectedConsoleErrors(problems)).toEqual([]);
});

test('[AUTH-23] the login page offers Google and GitHub as the server allows, Facebook and Apple disabled', async ({
  page,
  request,
  problems,
}) => {
  const providers = (await (await request.get('/api/auth/providers')).json()) as Record<string, boolean>;
  await page.goto('/auth/login');
  await expect(page.getByRole('link', { name: 'forgot password?' })).toHaveAttribute(
    'href',
    '/auth/recovery',
  );
  await expect(page.getByRole('link', { name: 'sign up' })).toHaveAttribute('href', '/auth/register');
  for (const [id, label] of [
    ['google', 'Google'],
    ['github', 'GitHub'],
  ] as const) {
    const button = page.getByRole('button', { name: label });
    if (providers[id]) await expect(button).toBeEnabled();
    else await expect(button).toBeDisabled();
  }
  await expect(page.getByRole('button', { name: 'Facebook' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Apple' })).toBeDisabled();
  expect(problems.cspViolations).toEqual([]);
});
