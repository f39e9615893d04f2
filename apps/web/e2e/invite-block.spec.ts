import {
  acceptCookiesByClick,
  apiUser,
  axe,
  expect,
  screenshots,
  seedTravelWorld,
  test,
  uniqueEmail,
  WCAG_TAGS,
} from './fixtures.ts';

/**
 * The block link of an invitation mail opens a page of the app (signed out): it says what
 * blocking does and blocks on its button; the admin's next invitation to that address is refused.
 */

interface OutboxMail {
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

test('the block link of an invitation mail opens a page that blocks on its button, signed out', async ({
  page,
  request,
  problems,
}) => {
  const world = await seedTravelWorld(request, 'invite-block');
  const admin = await apiUser(request, world.owner.email, world.owner.password);
  const email = uniqueEmail('invitee');
  const invite = () => admin.call('POST', `/core/trips/${world.tripId}/invites/email`, { email });
  expect((await invite()).status()).toBe(200);

  let mail: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}&limit=20`);
      if (!answer.ok()) return '';
      const { mails } = (await answer.json()) as { mails: OutboxMail[] };
      mail = mails.find((m) => m.subject.includes('invites you to'));
      return mail?.subject ?? '';
    })
    .toMatch(/invites you to/);
  const link = /https?:\/\/\S+\/invites\/block\?token=\S+/.exec(mail?.text ?? '')?.[0] ?? '';
  expect(link).not.toBe('');
  // Mail clients keep their one-click post to the API.
  expect(mail?.headers?.['List-Unsubscribe']).toMatch(/\/api\/core\/invites\/block\?token=/);

  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  await acceptCookiesByClick(page);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Block invitations from Tripcrew?' }),
  ).toBeVisible();
  await expect(page.getByText(/Blocking stops every further invitation by email/)).toBeVisible();
  // Opening the page blocks nothing.
  expect((await invite()).status()).toBe(200);
  const result = await axe(page).withTags(WCAG_TAGS).analyze();
  expect(result.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  await screenshots(page, 'invite-block');

  await page.getByRole('button', { name: 'Block invitations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invitations blocked' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Done: you will get no more invitations from Tripcrew at this address, from anyone.',
  );
  await screenshots(page, 'invite-block-done');
  const refused = await invite();
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'INVITES_BLOCKED' });

  // A link cut short says so and offers what to do.
  await page.goto(`/invites/block?token=${url.searchParams.get('token')?.slice(0, 20) ?? ''}`);
  await page.getByRole('button', { name: 'Block invitations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
  await screenshots(page, 'invite-block-dead');
  expect(problems.consoleErrors.filter((error) => !/status of 40[04]/.test(error))).toEqual([]);
});
