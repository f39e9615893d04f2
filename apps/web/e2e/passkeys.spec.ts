import type { Page } from '@playwright/test';
import { expect, signUpAndLogIn, test, type PageProblems } from './fixtures.ts';

/**
 * Passkeys end to end, in Chromium with a virtual authenticator (CDP WebAuthn domain): add a
 * passkey on /account, sign out, sign in with it and no password, rename and remove it.
 */

const HOME = (url: URL) => url.pathname === '/';
const userLink = (page: Page) => page.getByRole('banner').locator('a[href="/auth"]');

/** A platform authenticator that holds discoverable credentials and verifies the user at once. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

async function signOut(page: Page) {
  await userLink(page).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
}

/** Console errors other than the 401 the browser logs for the refused sign-in. */
function unexpectedConsoleErrors(problems: PageProblems): string[] {
  return problems.consoleErrors.filter(
    (line) => !/Failed to load resource: the server responded with a status of 401/.test(line),
  );
}

test('[PASSKEY-30] add a passkey on /account, sign out, sign in with it (no password), rename and remove it', async ({
  page,
  problems,
}) => {
  const authenticator = await addVirtualAuthenticator(page);
  await signUpAndLogIn(page, 'passkey');
  await expect(userLink(page)).toHaveAccessibleName('Tess');

  // Add a passkey: the browser's ceremony runs against the virtual authenticator.
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('status')).toContainText('added');
  const names = section.getByTestId('passkey-name');
  await expect(names).toHaveCount(1);
  await expect(names.first()).toHaveText(/^Passkey/);
  await expect(section.getByRole('listitem')).toContainText('Last used never');
  expect(await authenticator.credentials()).toHaveLength(1);

  // Signed out, the passkey alone signs in: no email, no password.
  await signOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(HOME);
  await expect(userLink(page)).toHaveAccessibleName('Tess');

  // The list shows it was used; rename it inline.
  await page.goto('/account');
  await expect(section.getByRole('listitem')).not.toContainText('Last used never');
  const current = (await names.first().textContent()) ?? '';
  await section.getByRole('button', { name: `Rename ${current}` }).click();
  const field = section.getByLabel('Passkey name');
  await field.fill('Work laptop');
  await field.press('Enter');
  await expect(names.first()).toHaveText('Work laptop');

  // Remove it after the confirmation dialog.
  await section.getByRole('button', { name: 'Remove Work laptop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await expect(dialog).toContainText('Work laptop');
  await dialog.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();

  // The authenticator still holds the credential, but the server no longer accepts it.
  await signOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toContainText('could not sign you in');
  await expect(userLink(page)).toHaveAccessibleName('Login');

  expect(problems.cspViolations).toEqual([]);
  expect(unexpectedConsoleErrors(problems)).toEqual([]);
});
