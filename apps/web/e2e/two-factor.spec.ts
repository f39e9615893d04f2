import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, logInWithForm, registerAccount, test } from './fixtures.ts';

/** Two-factor sign-in (issue 22): turn it on from the account page, then sign in with the app's code. */

/** The code an authenticator app shows for `secret`, `offsetMs` from now (SHA-1, 6 digits, 30 s). */
function appCode(secret: string, offsetMs = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: Date.now() + offsetMs,
  });
}

async function logOut(page: Page) {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
}

test('[TOTP-16] turn on two-factor sign-in with the QR code key, save the recovery codes, sign out, sign in with password and code', async ({
  page,
}) => {
  const { email, password } = await registerAccount(page.request, { label: 'totp' });
  await logInWithForm(page, email, password);

  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = ((await section.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  const code = section.getByLabel('6-digit code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await code.fill(appCode(secret));
  await section.getByRole('button', { name: 'Confirm and turn on' }).click();

  await expect(section.getByText('Save these recovery codes now.')).toBeVisible();
  const recoveryCodes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(recoveryCodes).toHaveCount(10);
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download .txt' }).click();
  expect((await download).suggestedFilename()).toBe('tripcrew-recovery-codes.txt');
  await section.getByRole('button', { name: 'I saved them' }).click();
  await expect(section.getByText('On', { exact: true })).toBeVisible();
  await expect(section.getByText('10 recovery codes left.')).toBeVisible();

  await logOut(page);

  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
  const step = page.getByRole('form', { name: 'Two-factor code' });
  await expect(step).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/auth');
  // The code of the enrollment's step is used up: the app's next one (within the ±1 step window).
  await step.getByLabel('6-digit code').fill(appCode(secret, 30_000));
  await step.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account and security' })).toBeVisible();
});
