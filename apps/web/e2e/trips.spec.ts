import { expect, pickFeaturesIn, signUpAndLogIn, test } from './fixtures.ts';

/** dd/mm/yyyy and yyyy-mm-dd of the local day `days` after today. */
function dayFromNow(days: number): { iso: string; slash: string } {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const dd = String(date.getDate()).padStart(2, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  return { iso: `${date.getFullYear()}-${mm}-${dd}`, slash: `${dd}/${mm}/${date.getFullYear()}` };
}

/**
 * Trips journey (desktop): pick features → 'Trip create' → the trip shows them; rename with Enter;
 * change the dates; drag a feature from the tray to day 2 and find it there after a reload; delete.
 */
test('[TRIP-29][PLANNER-06][TRIP-22][TRIP-23] create, rename, re-date, plan by drag and drop, delete', async ({
  page,
  problems,
}) => {
  await signUpAndLogIn(page, 'trips');

  // Pick three features of Lisbon and create the trip.
  const names = await pickFeaturesIn(page, 'Lisbon', 3);
  await page.getByRole('button', { name: 'Trip create' }).click();
  await expect(page).toHaveURL(/\/trips\/[0-9a-f-]{36}$/);
  const tripUrl = new URL(page.url()).pathname;

  // The trip detail shows them, on the default features tab.
  await expect(page.getByRole('tab', { name: 'features' })).toHaveAttribute('aria-selected', 'true');
  const tripFeatures = page.getByTestId('trip-features');
  for (const name of names) await expect(tripFeatures.getByRole('heading', { name })).toBeVisible();
  await expect(tripFeatures.getByTestId('feature-card')).toHaveCount(3);

  // Rename with Enter.
  await page.getByRole('button', { name: /edit trip name/ }).click();
  const nameField = page.getByRole('textbox', { name: 'Trip name' });
  await nameField.fill('Lisbon with the crew');
  await nameField.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lisbon with the crew');

  // Change the dates (saved once both are set).
  const start = dayFromNow(30);
  const end = dayFromNow(33);
  await page.getByRole('button', { name: /Trip dates/ }).click();
  await page.getByLabel('start date').fill(start.iso);
  await page.getByLabel('end date').fill(end.iso);
  await page.getByRole('button', { name: 'Save dates' }).click();
  await expect(page.getByTestId('trip-dates')).toHaveText(`${start.slash} – ${end.slash}`);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lisbon with the crew');
  await expect(page.getByTestId('trip-dates')).toHaveText(`${start.slash} – ${end.slash}`);

  // Planner: the features wait in the tray; drag the first one to day 2.
  await page.getByRole('tab', { name: 'planner' }).click();
  const tray = page.getByTestId('planner-tray');
  await expect(tray.getByTestId('planner-item')).toHaveCount(3);
  await expect(page.getByTestId('planner-day')).toHaveCount(4);
  const dayTwo = page.getByTestId('planner-day').nth(1);
  await expect(dayTwo.getByTestId('planner-count')).toHaveText('0');
  const moved = (await tray.getByTestId('planner-item-title').first().textContent()) ?? '';
  const handle = tray.getByRole('button', { name: `Drag ${moved}` });
  const from = (await handle.boundingBox())!;
  const to = (await dayTwo.locator('ul').first().boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
  await page.mouse.up();
  await expect(dayTwo.getByTestId('planner-item-title')).toHaveText([moved]);
  await expect(dayTwo.getByTestId('planner-count')).toHaveText('1');
  await expect(tray.getByTestId('planner-item')).toHaveCount(2);

  await page.reload();
  await expect(page.getByRole('tab', { name: 'planner' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('planner-day').nth(1).getByTestId('planner-item-title')).toHaveText([moved]);

  // Delete → /trips.
  await page.getByRole('button', { name: 'Trip settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Trip settings' });
  await expect(settings.getByTestId('settings-trip-id')).toHaveText(tripUrl.split('/').pop()!);
  await settings.getByRole('button', { name: 'Delete trip' }).click();
  await settings.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page).toHaveURL(/\/trips$/);
  await expect(page.getByText('You have no trips yet')).toBeVisible();

  // The deleted trip is gone for good.
  await page.goto(tripUrl);
  await expect(page.getByRole('heading', { name: 'trip not found' })).toBeVisible();

  expect(problems.consoleErrors.filter((line) => !/status of 404/.test(line))).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});

// TRIP-27 end to end (a guest sees no edit controls and the server refuses their PATCH) needs a
// second account in the admin's crew. Crew requests do not exist yet and the crew link can only be
// written in the database (addCrewPair), which the browser tests cannot reach while the server
// runs on its embedded PGlite. The guest rules are covered by the component tests
// (trip-detail.test.tsx [TRIP-27]) and by the API's route × role table test.
test.fixme('[TRIP-27] a guest member sees no edit controls and the server refuses their PATCH', () => {});
