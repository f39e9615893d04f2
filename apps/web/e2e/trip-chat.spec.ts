import type { Browser, Page } from '@playwright/test';
import { expect, picture, seedTravelWorld, test, type TravelWorld } from './fixtures.ts';
import { addTripMember, signedInContext } from './two-members.ts';

/**
 * Issue 21: the trip chat, live between two members in two browsers; the header's Messages badge
 * counts a trip-chat message for a member on another page, and /messages lists it.
 */

async function signedInPage(browser: Browser, email: string, password: string): Promise<Page> {
  return (await signedInContext(browser, email, password)).page;
}

async function openTripChat(page: Page, world: TravelWorld): Promise<void> {
  await page.goto(`/trips/${world.tripId}`);
  await page.getByRole('tab', { name: 'chat' }).click();
  await expect(page.getByRole('region', { name: 'Trip chat' })).toBeVisible();
}

test("[CHAT-40] a trip-chat message arrives live, counts on the trip's chat tab and in the header badge elsewhere, and is listed in /messages", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const world = await seedTravelWorld(request, 'trip-chat');
  // A second member who can sign in from another browser: Bea, in Ada's crew and in the trip.
  const { account: beaAccount } = await addTripMember(request, world, {
    label: 'trip-chat-bea',
    name: 'Bea',
    lastName: 'Bold',
  });

  const ada = await signedInPage(browser, world.owner.email, world.owner.password);
  const beaPage = await signedInPage(browser, beaAccount.email, beaAccount.password);
  await openTripChat(ada, world);
  await openTripChat(beaPage, world);

  // Bea writes (Enter sends); it shows on Ada's open tab without a reload.
  const box = beaPage.getByRole('textbox', { name: 'Message' });
  await box.fill('Who brings the map?');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  const adaLog = ada.getByRole('log');
  await expect(adaLog.getByText('Who brings the map?')).toBeVisible();
  await expect(adaLog.getByText('Bea Bold')).toBeVisible();

  // Bea goes to the trip's planner; Ada answers: the chat tab and Bea's header badge count it.
  await beaPage.goto(`/trips/${world.tripId}?tab=planner`);
  const chatTab = beaPage.getByRole('tab', { name: /^chat/ });
  await expect(chatTab).toHaveAttribute('aria-selected', 'false');
  const adaBox = ada.getByRole('textbox', { name: 'Message' });
  await adaBox.fill('I do!');
  await adaBox.press('Enter');
  const badge = beaPage.getByTestId('messages-link').getByTestId('messages-unread');
  await expect(badge).toHaveText(/^1\s*unread$/);
  await expect(chatTab.getByTestId('trip-chat-unread')).toHaveText(/^1\s*unread$/);
  await expect(chatTab).toHaveAccessibleName(/^chat\s*1\s*unread$/);

  // /messages lists the trip chat with Ada's answer; opening it reads it and the badge goes.
  await beaPage.getByTestId('messages-link').click();
  await expect(beaPage).toHaveURL(/\/messages$/);
  const entry = beaPage.getByTestId('chat-entry').filter({ hasText: 'I do!' });
  await expect(entry).toBeVisible();
  await expect(entry.getByTestId('unread-badge')).toHaveText('1');
  await entry.getByRole('button').click();
  await expect(beaPage).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  await expect(beaPage.getByRole('log').getByText('I do!')).toBeVisible();
  await expect(badge).toHaveCount(0);

  await ada.context().close();
  await beaPage.context().close();
});

test('[CHAT-41] a viewer opens the trip chat in /messages: they read it, and a read-only line stands in for the composer', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const world = await seedTravelWorld(request, 'trip-chat-viewer');
  const { ownerApi: owner, account: vicAccount } = await addTripMember(request, world, {
    label: 'trip-chat-vic',
    name: 'Vic',
    lastName: 'Vale',
    role: 'viewer',
  });
  expect(
    (
      await owner.call('POST', `/core/trips/${world.tripId}/chat/messages`, { text: 'Tickets booked!' })
    ).status(),
  ).toBe(201);

  const page = await signedInPage(browser, vicAccount.email, vicAccount.password);
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/messages');
    await page.getByTestId('chat-entry').filter({ hasText: 'Tickets booked!' }).getByRole('button').click();
    const conversation = page.getByRole('region', { name: 'Conversation' });
    await expect(conversation.getByRole('log').getByText('Tickets booked!')).toBeVisible();
    await expect(conversation.getByTestId('chat-read-only')).toHaveText(
      /viewer: you can read the chat but not write/,
    );
    await expect(conversation.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
    await picture(page, `messages-viewer-${viewport.width}`);
  }
});
