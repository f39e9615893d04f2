import { expect, logIn, seedTravelWorld, test, apiUser } from './fixtures.ts';

/**
 * [DELETE-08] Deleting one's account in the browser: the only admin of a trip with another member
 * hands it over in the dialog, confirms with the password and the typed word, and is signed out
 * on the home page; the other member keeps the trip (now its admin) and the messages, shown as
 * from "Deleted user".
 */
test('[DELETE-08] delete my account: hand the trip over, signed out; the other member keeps the trip and sees "Deleted user"', async ({
  page,
  browser,
}) => {
  const world = await seedTravelWorld(page.request, 'deletion');
  const owner = await apiUser(page.request, world.owner.email, world.owner.password);
  expect(
    (
      await owner.call('POST', `/core/trips/${world.tripId}/chat/messages`, { text: 'Booked the tram tour' })
    ).status(),
  ).toBe(201);

  await logIn(page, world.owner.email, world.owner.password, '/account');
  await page.getByRole('button', { name: /Delete my account/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account' });
  await expect(dialog.getByText('You are the only admin of this trip')).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: /New admin of/ })).toHaveValue(world.friend.id);
  await dialog.getByLabel('Your password').fill(world.owner.password);
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();

  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('banner').locator('a[href="/auth"]')).toContainText('Login');

  // The other member: the trip is theirs now, and the messages stay under "Deleted user".
  const context = await browser.newContext();
  const friendPage = await context.newPage();
  const friend = await apiUser(friendPage.request, world.friend.email, world.friend.password);
  const trip = (await (await friend.call('GET', `/core/trips/${world.tripId}`)).json()) as {
    users: { _id: string; role: string }[];
  };
  expect(trip.users).toEqual([expect.objectContaining({ _id: world.friend.id, role: 'admin' })]);
  const chat = (await (await friend.call('GET', `/core/trips/${world.tripId}/chat`)).json()) as {
    data: { text: string; senderName?: string }[];
  };
  expect(chat.data.map((m) => [m.text, m.senderName])).toEqual([['Booked the tram tour', 'Deleted user']]);

  await logIn(friendPage, world.friend.email, world.friend.password, '/messages');
  await friendPage.getByText('Deleted user').first().click();
  await expect(
    friendPage.getByRole('region', { name: 'Conversation' }).getByText('Great, see you there'),
  ).toBeVisible();
  await expect(friendPage.getByTestId('chat-read-only')).toContainText('deleted their account');
  await context.close();
});
