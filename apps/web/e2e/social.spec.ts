import { apiUser, expect, logIn, registerAccount, test } from './fixtures.ts';

/** Letters only: crew search accepts letters and digits. */
const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/**
 * Two people in two browser contexts: A finds B and sends a crew request; B sees the red dot and
 * the notification live and accepts; A writes a message with an emoji; B sees it live in the open
 * conversation without reloading. (A feature hearted on a place screen and found on /wishlist is
 * proved in wishlist.spec.ts.)
 */
test('[MSG-15][NOTIF-09][MSG-12] crew request, live notification, live message with an emoji', async ({
  browser,
  page,
  problems,
}, testInfo) => {
  const tag = letters(8);
  const anaLast = `Alpha${tag}`;
  const benLast = `Bravo${tag}`;
  const ana = await registerAccount(page.request, { label: 'ana', name: 'Ana', lastName: anaLast });
  const ben = await registerAccount(page.request, { label: 'ben', name: 'Ben', lastName: benLast });
  const anaId = (await apiUser(page.request, ana.email, ana.password)).id;
  const benId = (await apiUser(page.request, ben.email, ben.password)).id;

  const benContext = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 1280, height: 800 },
  });
  const benPage = await benContext.newPage();
  try {
    await logIn(page, ana.email, ana.password);
    await logIn(benPage, ben.email, ben.password);
    await expect(benPage.getByTestId('notification-dot')).toHaveCount(0);

    // A finds B and asks.
    await page.goto('/crew');
    await page.getByPlaceholder('name, email or phone number').fill(benLast);
    await page.getByRole('button', { name: `request Ben ${benLast}` }).click();
    await expect(page.getByTestId('crew-search-result').filter({ hasText: 'pending' })).toBeVisible();

    // B sees the red dot without reloading, opens the panel, then accepts on /crew.
    await expect(benPage.getByTestId('notification-dot')).toBeVisible();
    await benPage.getByRole('button', { name: /^Notifications/ }).click();
    await expect(benPage.getByTestId('notification-item').filter({ hasText: 'Ana' }).first()).toBeVisible();
    await benPage.goto('/crew');
    await benPage.getByRole('button', { name: `accept Ana ${anaLast}` }).click();
    await expect(benPage.getByRole('link', { name: new RegExp(`Ana ${anaLast}`) }).first()).toBeVisible();
    // A's open crew page hears of it live: B joins A's crew without a reload.
    await expect(page.getByRole('link', { name: new RegExp(`Ben ${benLast}`) }).first()).toBeVisible();

    // B opens the messages tab before anything was written.
    await benPage.goto(`/profile/${benId}`);
    await benPage.getByRole('tab', { name: 'messages' }).click();

    // A writes to B from the crew tab, with an emoji from the picker.
    await page.goto(`/profile/${anaId}`);
    await page.getByRole('button', { name: `Write a message to Ben` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Message').fill('See you in Lisbon ');
    await dialog.getByRole('button', { name: 'Add emoji' }).click();
    await dialog.locator('em-emoji-picker').getByRole('button', { name: '😀' }).first().click();
    await expect(dialog.getByLabel('Message')).toHaveValue('See you in Lisbon 😀');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog).toHaveCount(0);

    // B's chat list shows the new chat live; B opens it.
    const entry = benPage.getByTestId('chat-entry').filter({ hasText: 'Ana' });
    await expect(entry).toBeVisible();
    await entry.click();
    const conversation = benPage.getByRole('log', { name: /Conversation with Ana/ });
    await expect(
      conversation.getByTestId('message').filter({ hasText: 'See you in Lisbon 😀' }),
    ).toBeVisible();

    // A second message arrives in B's open conversation without a reload.
    const anaApi = await apiUser(page.request, ana.email, ana.password);
    const sent = await anaApi.call('POST', `/users/messages/direct/${benId}`, { text: 'Tickets booked ✈️' });
    expect(sent.status()).toBe(201);
    await expect(conversation.getByTestId('message').filter({ hasText: 'Tickets booked ✈️' })).toBeVisible();
  } finally {
    await benContext.close();
  }

  expect(problems.consoleErrors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});
