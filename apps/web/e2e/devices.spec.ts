import type { WebSocket } from '@playwright/test';
import { expect, logIn, registerAccount, test } from './fixtures.ts';
import { signedInContext } from './two-members.ts';

/**
 * "Your devices" (issue 22): one browser signs the other out from /account; the other loses its
 * live socket at once and finds itself signed out on its next page load.
 */
test('[DEVICES-16] signing out another browser from /account ends its session and its live socket', async ({
  page,
  browser,
  request,
  problems,
}) => {
  const account = await registerAccount(request, { label: 'devices' });

  // Browser B: signed in, with its live socket watched.
  const b = await signedInContext(browser, account.email, account.password);
  let liveClosed = false;
  const watchLive = (socket: WebSocket) => {
    if (socket.url().includes('/api/users/ws')) socket.on('close', () => (liveClosed = true));
  };
  b.page.on('websocket', watchLive);
  await b.page.goto('/account');
  await expect(b.page.getByRole('heading', { name: 'Your devices' })).toBeVisible();
  await expect.poll(() => liveClosed, { timeout: 1_000 }).toBe(false);

  // Browser A sees itself first (flagged), then B (used last), then the registration's session.
  await logIn(page, account.email, account.password, '/account');
  const devices = page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
  await expect(devices).toHaveCount(3);
  await expect(page.getByText('This device')).toHaveCount(1);
  await expect(devices.first()).toContainText('This device');
  await expect(devices.nth(1)).toContainText(/Chrome \d+ on /);

  // A signs B out.
  await devices
    .nth(1)
    .getByRole('button', { name: /^Sign out / })
    .click();
  await expect(devices).toHaveCount(2);

  // B's live socket is closed by the server, and its next page load is signed out.
  await expect.poll(() => liveClosed, { timeout: 10_000 }).toBe(true);
  await b.page.reload();
  await expect(b.page.getByText('You are not logged in yet')).toBeVisible({ timeout: 15_000 });

  // A signs every other device out (after confirming) and stays signed in.
  await page.getByRole('button', { name: 'Sign out all other devices' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out all other devices?' });
  await dialog.getByRole('button', { name: 'Sign out other devices' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(devices).toHaveCount(1);
  await page.reload();
  await expect(devices).toHaveCount(1);
  await expect(devices.first()).toContainText('This device');
  expect(problems.cspViolations).toEqual([]);
  await b.context.close();
});
