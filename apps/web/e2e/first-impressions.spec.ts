import { acceptCookiesByClick, expect, pickFeaturesIn, registerAccount, test } from './fixtures.ts';

// A first visit as most people make it: with the app's motion.
test.use({ contextOptions: { reducedMotion: 'no-preference' } });

/**
 * First impressions of a visitor: 'Trip create' signed out explains itself and comes back to the
 * place with the picks and the draft after signing in; the trip clears the picks; each page has
 * its own tab title.
 */
test('signed-out Trip create → sign in → back on the place with picks and draft → create → picks cleared', async ({
  page,
  problems,
}) => {
  const { email, password } = await registerAccount(page.request, { label: 'first-impressions' });

  await page.goto('/');
  await acceptCookiesByClick(page);
  await expect(page).toHaveTitle('Tripcrew');
  const names = await pickFeaturesIn(page, 'Lisbon', 2);
  await expect(page).toHaveTitle('Lisbon · Tripcrew');
  // The draft (dates, transport) lives in the URL of the place.
  await expect(page).toHaveURL(/[?&]start=\d{4}-\d{2}-\d{2}/);
  const placeUrl = new URL(page.url());
  const draft = {
    start: placeUrl.searchParams.get('start'),
    end: placeUrl.searchParams.get('end'),
    transportMode: placeUrl.searchParams.get('transportMode'),
  };

  await page.getByRole('button', { name: 'Trip create' }).click();
  await expect(page).toHaveURL(/\/auth\?/);
  await expect(page.getByTestId('sign-in-reason')).toHaveText(
    'Sign in to create your trip — your picks are kept.',
  );
  await expect(page).toHaveTitle('Sign in · Tripcrew');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();

  // Back on the place, with the picks and the draft.
  await expect(page).toHaveURL((url) => url.pathname === placeUrl.pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Lisbon' })).toBeVisible();
  for (const name of names) {
    await expect(page.getByRole('button', { name: `Unpick ${name}`, exact: true })).toBeVisible();
  }
  const back = new URL(page.url());
  expect(back.searchParams.get('place')).toBe(placeUrl.searchParams.get('place'));
  expect(back.searchParams.get('start')).toBe(draft.start);
  expect(back.searchParams.get('end')).toBe(draft.end);
  expect(back.searchParams.get('transportMode')).toBe(draft.transportMode);

  await page.getByRole('button', { name: 'Trip create' }).click();
  await expect(page).toHaveURL(/\/trips\/[0-9a-f-]{36}$/);
  const tripFeatures = page.getByTestId('trip-features');
  for (const name of names) await expect(tripFeatures.getByRole('heading', { name })).toBeVisible();
  await expect(page).toHaveTitle(/^Trip to Lisbon.* · Tripcrew$/);

  // The place starts fresh: nothing picked any more.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Lisbon' })).toBeVisible();
  for (const name of names) {
    await expect(page.getByRole('button', { name: `Pick ${name}`, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: /^Unpick / })).toHaveCount(0);

  expect(problems.consoleErrors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});

test('each page has its own tab title', async ({ page }) => {
  const pages: [string, string][] = [
    ['/auth', 'Sign in · Tripcrew'],
    ['/auth/register', 'Sign up · Tripcrew'],
    ['/about', 'About us · Tripcrew'],
    ['/terms-of-service', 'Terms of service · Tripcrew'],
    ['/wishlist', 'Sign in required · Tripcrew'],
    ['/no/such/page', 'Page not found · Tripcrew'],
    ['/place/nowhere/city/nowhere/nothing', 'Place not found · Tripcrew'],
  ];
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
  }
  // The 'place not found' screen offers no 'Trip create'.
  await expect(page.getByText('We could not find this place.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Trip create' })).toHaveCount(0);
});
