import type { Browser, Page } from '@playwright/test';
import {
  acceptCookiesByClick,
  apiUser,
  codeFromOutbox,
  expect,
  logIn,
  picture,
  seedTravelWorld,
  tabTo,
  test,
  type TravelWorld,
  uniqueEmail,
} from './fixtures.ts';

/**
 * Issue 21 in the browser: invite links, roles changed live, and the public share link, each with
 * two browser contexts (the admin's, and the invited person's or a visitor's).
 */

async function adminOnMembersTab(browser: Browser, world: TravelWorld): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, world.owner.email, world.owner.password, `/trips/${world.tripId}?tab=members`);
  await expect(page.getByRole('list', { name: 'People in this trip' })).toBeVisible();
  return page;
}

test('[MEMBERS-E2E-01] an invite link made in the UI brings a new person in through registration, and a role change to viewer removes their edit controls live and the API refuses their edit', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const world = await seedTravelWorld(request, 'members-invite');
  const admin = await adminOnMembersTab(browser, world);

  // The admin makes a member link for 1 day, at most 5 people.
  await admin.getByRole('combobox', { name: 'Role the link gives' }).selectOption('member');
  await admin.getByRole('combobox', { name: 'Link expires after' }).selectOption('1');
  await admin.getByRole('combobox', { name: 'How many people can use it' }).selectOption('5');
  await admin.getByRole('button', { name: 'Create link' }).click();
  const linkField = admin.getByRole('textbox', { name: 'New invite link' });
  await expect(linkField).toHaveValue(/\/invite\/[^/]+$/);
  const link = await linkField.inputValue();
  expect(new URL(link).origin).toBe(new URL(admin.url()).origin);
  await expect(admin.getByTestId('invite-link')).toContainText(['0 of 5 uses']);

  // A new person opens it signed out and registers through it.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(new URL(link).pathname);
  await acceptCookiesByClick(guest);
  await expect(guest.getByRole('heading', { name: 'You are invited to a trip' })).toBeVisible();
  await guest.getByRole('link', { name: 'Create an account' }).click();
  await expect(guest).toHaveURL(/\/auth\/register\?returnTo=%2Finvite%2F/);
  const email = uniqueEmail('members-new');
  const password = 'Invited-pass-2025!';
  const form = guest.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Name', { exact: true }).fill('Nia');
  await form.getByLabel('Last name', { exact: true }).fill('Newman');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Repeat password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign up' }).click();
  const code = await codeFromOutbox(guest.request, email);
  await guest.getByRole('link', { name: 'Enter the confirmation code' }).click();
  await guest.getByLabel('Code', { exact: true }).fill(code);
  await guest.getByRole('button', { name: 'Confirm' }).click();

  // Back on the invite, signed in: the preview, then Join lands in the trip.
  await expect(guest).toHaveURL(new URL(link).pathname);
  await expect(guest.getByText('Ada invites you')).toBeVisible();
  await expect(guest.getByRole('heading', { level: 1 })).toBeVisible();
  await guest.getByRole('button', { name: 'Join the trip' }).click();
  await expect(guest).toHaveURL(new RegExp(`/trips/${world.tripId}$`));
  await expect(guest.getByRole('button', { name: /\(edit trip name\)$/ })).toBeVisible();

  // The admin's open members tab shows the newcomer live, with their role.
  const row = admin.getByTestId('trip-member').filter({ hasText: 'Nia Newman' });
  await expect(row).toContainText('Member');
  await expect(admin.getByTestId('invite-link')).toContainText(['1 of 5 uses']);

  // The admin makes them a viewer: their page loses the edit controls without a reload.
  await row.getByRole('combobox', { name: 'Role of Nia Newman' }).selectOption('viewer');
  await expect(row.getByTestId('role-badge')).toHaveText('Viewer');
  await expect(guest.getByRole('button', { name: /\(edit trip name\)$/ })).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'Change image' })).toHaveCount(0);

  // And the server refuses their edit.
  const member = await apiUser(guest.request, email, password);
  const patch = await member.call('PATCH', `/core/trips/update/${world.tripId}`, { tripName: 'Mine now' });
  expect(patch.status()).toBe(403);

  await guestContext.close();
  await admin.context().close();
});

test('[MEMBERS-E2E-02] the share link shows the plan to a visitor with first names only, and says it no longer works once sharing is off', async ({
  browser,
  request,
}) => {
  const world = await seedTravelWorld(request, 'members-share');
  const owner = await apiUser(request, world.owner.email, world.owner.password);
  const trip = (await (await owner.call('GET', `/core/trips/${world.tripId}`)).json()) as {
    startDate: string;
    tripName: string;
  };
  const note = await owner.call('POST', `/core/trips/${world.tripId}/planner/notes`, {
    date: trip.startDate,
    text: 'Sunset at the viewpoint',
    time: '19:30',
  });
  expect(note.status()).toBeLessThan(300);

  const admin = await adminOnMembersTab(browser, world);
  await expect(admin.getByTestId('share-state')).toHaveText('Sharing is off.');
  await admin.getByRole('button', { name: 'Turn sharing on' }).click();
  const linkField = admin.getByRole('textbox', { name: 'Public link' });
  await expect(linkField).toHaveValue(/\/share\/[^/]+$/);
  const link = new URL(await linkField.inputValue()).pathname;

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { level: 1, name: trip.tripName })).toBeVisible();
  await expect(visitor.getByText('Sunset at the viewpoint')).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Places to see' })).toBeVisible();
  await expect(visitor.getByTestId('shared-crew')).toHaveText(/Ada/);
  await expect(visitor.getByText(/Lovell|Brook/)).toHaveCount(0);
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

  await admin.getByRole('button', { name: 'Turn sharing off' }).click();
  await expect(admin.getByTestId('share-state')).toHaveText('Sharing is off.');
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();

  await visitorContext.close();
  await admin.context().close();
});

test('[MEMBERS-E2E-03] the members tab works from the keyboard: make a link, open and close the remove and leave dialogs', async ({
  browser,
  request,
}) => {
  const world = await seedTravelWorld(request, 'members-keys');
  const admin = await adminOnMembersTab(browser, world);
  await admin.getByRole('tab', { name: 'members' }).focus();

  await tabTo(admin, admin.getByRole('button', { name: 'Create link' }));
  await admin.keyboard.press('Enter');
  await expect(admin.getByRole('textbox', { name: 'New invite link' })).toHaveValue(/\/invite\//);

  const remove = admin.getByRole('button', { name: 'Remove Ben Brook' });
  await remove.focus();
  await admin.keyboard.press('Enter');
  const removeDialog = admin.getByRole('dialog', { name: 'Remove Ben Brook?' });
  await expect(removeDialog).toBeVisible();
  await expect(removeDialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await admin.keyboard.press('Escape');
  await expect(removeDialog).toHaveCount(0);
  await expect(remove).toBeFocused();

  const leave = admin.getByRole('button', { name: 'Leave this trip' });
  await tabTo(admin, leave);
  await admin.keyboard.press('Enter');
  const leaveDialog = admin.getByRole('dialog', { name: 'Leave this trip?' });
  await expect(leaveDialog).toBeVisible();
  // The last admin is told why they cannot leave, in words.
  await tabTo(admin, leaveDialog.getByRole('button', { name: 'Leave trip' }), 5);
  await admin.keyboard.press('Enter');
  await expect(leaveDialog.getByRole('alert')).toContainText('last admin');
  await admin.keyboard.press('Escape');
  await expect(leaveDialog).toHaveCount(0);
  await expect(leave).toBeFocused();
  await admin.context().close();
});

test('[MEMBERS-E2E-04] the admin hands the admin role over with one request and becomes a member', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const world = await seedTravelWorld(request, 'members-hand-over');
  const admin = await adminOnMembersTab(browser, world);
  const writes: string[] = [];
  admin.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes('/members/'))
      writes.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    await admin.setViewportSize(viewport);
    await admin.getByRole('combobox', { name: 'New admin' }).scrollIntoViewIfNeeded();
    await picture(admin, `hand-over-${viewport.width}`);
  }
  await admin.getByRole('combobox', { name: 'New admin' }).selectOption({ label: 'Ben Brook' });
  await admin.getByRole('button', { name: 'Hand over' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Make Ben Brook the admin?' });
  await picture(admin, 'hand-over-dialog-1366');
  await dialog.getByRole('button', { name: 'Hand over' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(admin.getByRole('combobox', { name: 'New admin' })).toHaveCount(0);
  expect(writes).toEqual([
    expect.stringMatching(/^POST \/api\/core\/trips\/[0-9a-f-]{36}\/members\/[0-9a-f-]{36}\/hand-over$/),
  ]);
  await picture(admin, 'hand-over-done-1366', true);
});
