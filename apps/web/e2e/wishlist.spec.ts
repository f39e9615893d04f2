import { placePath } from '../src/lib/place-path.ts';
import { apiUser, expect, logIn, registerAccount, test } from './fixtures.ts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface AutocompletePlace {
  _id: string;
  title: string;
  type: 'Country' | 'Region' | 'City';
  country?: string | null;
  region?: string | null;
}

/**
 * Wishlist journey (desktop): save two features of Lisbon, create the list "Food", move one
 * there, rename the list, open a card's place, add a saved feature to a trip at that place and
 * find it in the trip's features, remove a card, delete the list.
 */
test('[WISHLIST-03][WISHLIST-08] named lists, move, open the place, add to a trip, remove, delete', async ({
  page,
  problems,
}) => {
  const account = await registerAccount(page.request, { label: 'wishlist', name: 'Wes', lastName: 'Lister' });
  const owner = await apiUser(page.request, account.email, account.password);
  const [place] = (await (
    await owner.call('GET', '/core/places/autocomplete?q=Lisbon')
  ).json()) as AutocompletePlace[];
  if (!place) throw new Error('the curated seed has no Lisbon');
  const created = await owner.call('POST', '/core/trips', { placeId: place._id, featureIds: [] });
  expect(created.status()).toBe(201);
  const { _id: tripId } = (await created.json()) as { _id: string };
  const trip = (await (await owner.call('GET', `/core/trips/${tripId}`)).json()) as {
    _id: string;
    tripName: string;
  };
  expect(trip.tripName).toBeTruthy();

  await logIn(page, account.email, account.password);

  // Save two features from the place screen.
  await page.goto(placePath(place));
  const hearts = page.getByRole('button', { name: /^Wishlist / });
  await expect(hearts.nth(1)).toBeVisible();
  const titles: string[] = [];
  for (const i of [0, 1]) {
    const heart = hearts.nth(i);
    titles.push(((await heart.getAttribute('aria-label')) ?? '').replace(/^Wishlist /, ''));
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
  }
  const [first = '', second = ''] = titles;

  await page.goto('/wishlist');
  const cards = page.getByTestId('wishlist-card');
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole('tab', { name: 'default (2)' })).toHaveAttribute('aria-selected', 'true');

  // Create the list "Food": a taken name is refused first.
  await page.getByRole('button', { name: 'New list' }).click();
  const dialog = page.getByRole('dialog');
  const name = dialog.getByLabel('List name');
  await expect(name).toBeFocused();
  await name.fill('Default');
  await expect(dialog.getByRole('alert')).toHaveText('You already have a list named "Default".');
  await name.fill('Food');
  await dialog.getByRole('button', { name: 'Create list' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Food (0)' })).toHaveAttribute('aria-selected', 'true');

  // Move the first feature there, from its card's menu on the default list.
  await page.getByRole('tab', { name: 'default (2)' }).click();
  await page.getByRole('button', { name: `More actions for ${first}`, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Move to list…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Food', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Food (1)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'default (1)' })).toBeVisible();
  await expect(page.getByRole('article', { name: first, exact: true })).toHaveCount(0);

  // Rename the list.
  await page.getByRole('tab', { name: 'Food (1)' }).click();
  await expect(page.getByRole('article', { name: first, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Rename list Food' }).click();
  await page.getByRole('dialog').getByLabel('List name').fill('Food & drink');
  await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('tab', { name: 'Food & drink (1)' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/[?&]list=Food(\+|%20)%26(\+|%20)drink/);

  // Open the card's place.
  await page
    .getByRole('article', { name: first, exact: true })
    .getByRole('link', { name: new RegExp(`^Open place .* for ${escape(first)}$`) })
    .click();
  await expect(page).toHaveURL((url) => url.pathname.startsWith('/place/') && url.search.includes(place._id));
  await expect(page.getByRole('heading', { level: 1, name: place.title })).toBeVisible();
  await page.goBack();

  // Add the other saved feature to the trip at that place, and find it in the trip's features.
  await page.getByRole('tab', { name: 'default (1)' }).click();
  const card = page.getByRole('article', { name: second, exact: true });
  await card.getByRole('button', { name: `Add to trip: ${second}` }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: new RegExp(escape(trip.tripName)) })
    .click();
  await expect(page.getByText(`Added “${second}” to ${trip.tripName}`)).toBeVisible();
  await page.goto(`/trips/${trip._id}`);
  await expect(page.getByTestId('trip-features').getByRole('heading', { name: second })).toBeVisible();

  // Remove a card.
  await page.goto('/wishlist');
  await page.getByRole('button', { name: `More actions for ${second}`, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Remove from wishlist' }).click();
  await expect(page.getByText(`Removed “${second}” from default`)).toBeVisible();
  await expect(cards).toHaveCount(0);
  await expect(page.getByText('Nothing saved here yet')).toBeVisible();

  // Delete the list after the confirmation.
  await page.getByRole('tab', { name: 'Food & drink (1)' }).click();
  await expect(page.getByRole('tab', { name: 'Food & drink (1)' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Delete list Food & drink' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete “Food & drink”?' });
  await expect(confirm).toContainText('The 1 feature saved on it is removed with it');
  await confirm.getByRole('button', { name: 'Delete list' }).click();
  await expect(page.getByRole('tab')).toHaveCount(1);
  await expect(page.getByRole('tab', { name: 'default (0)' })).toHaveAttribute('aria-selected', 'true');

  expect(problems.consoleErrors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});
