import { expect, logIn, seedTravelWorld, test } from './fixtures.ts';

interface OutboxMail {
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

test('[NOTIF-26] the mail of being added to a trip unsubscribes with one click, and the profile shows it off', async ({
  page,
  request,
}) => {
  const world = await seedTravelWorld(request, 'unsubscribe');
  // The seed's owner added the friend to the trip: the friend got a mail (the dev outbox keeps it).
  let mail: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get(
        `/api/dev/outbox?to=${encodeURIComponent(world.friend.email)}&limit=20`,
      );
      if (!answer.ok()) return '';
      const { mails } = (await answer.json()) as { mails: OutboxMail[] };
      mail = mails.find((m) => m.subject.includes('added you to'));
      return mail?.subject ?? '';
    })
    .toMatch(/added you to/);
  expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const link = /https?:\/\/\S+\/unsubscribe\?token=\S+/.exec(mail?.text ?? '')?.[0] ?? '';
  expect(link).not.toBe('');

  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(
    page.getByText('you will get no more emails about your trips', { exact: false }),
  ).toBeVisible();

  await logIn(page, world.friend.email, world.friend.password, `/profile/${world.friend.id}`);
  const tripsByEmail = page.getByRole('switch', { name: /Trips by email/ });
  await expect(tripsByEmail).not.toBeChecked();
  await expect(page.getByRole('switch', { name: /Trips in the app/ })).toBeChecked();
  // Turned back on from the profile: kept after a reload.
  await tripsByEmail.click();
  await expect(tripsByEmail).toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: /Trips by email/ })).toBeChecked();
});
