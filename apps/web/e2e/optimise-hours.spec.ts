import { apiUser, expect, lisbonCatalogue, logIn, registerAccount, screenshots, test } from './fixtures.ts';

// The reader is in Tokyo; the day and its museum are Lisbon's.
test.use({ timezoneId: 'Asia/Tokyo' });

/**
 * Optimise knows the hours: on a Tuesday no order opens the Gulbenkian, and the planner says why;
 * a member corrects its hours for this trip and the warning goes, for this trip only.
 */
test('[OPTIMISE-TIME-E2E-01] Optimise says why no order fits; the hours corrected for the trip win', async ({
  page,
  request,
  problems,
}) => {
  const account = await registerAccount(request, {
    label: 'optimise-hours',
    name: 'Ada',
    lastName: 'Lovell',
  });
  const ada = await apiUser(request, account.email, account.password);
  const lisbon = await lisbonCatalogue(ada);
  const stops = ['Praça do Comércio', 'Museu Calouste Gulbenkian', 'Miradouro de Santa Luzia'].map((title) =>
    lisbon.featureId(title),
  );
  // The first Tuesday at least ten days away.
  let start = new Date(Date.now() + 10 * 86_400_000);
  while (start.getUTCDay() !== 2) start = new Date(start.getTime() + 86_400_000);
  const tuesday = start.toISOString().slice(0, 10);
  const created = await ada.call('POST', '/core/trips', {
    placeId: lisbon.placeId,
    startDate: tuesday,
    endDate: tuesday,
    transportMode: 'public',
    plan: [{ featureIds: stops }],
  });
  expect(created.status()).toBe(201);
  const { _id: tripId } = (await created.json()) as { _id: string };

  await logIn(page, account.email, account.password, `/trips/${tripId}?tab=planner`);
  const museum = page.getByTestId('planner-item').filter({ hasText: 'Museu Calouste Gulbenkian' });
  await expect(museum.getByTestId('planner-item-warning')).toHaveText('Closed on this day');
  await page.getByRole('button', { name: /^Optimise route of / }).click();
  const unfit = page.getByTestId('route-optimise-unfit');
  await expect(unfit).toContainText('No order fits the opening hours:');
  await expect(unfit.getByRole('listitem')).toHaveText(['Museu Calouste Gulbenkian is closed on Tuesdays']);
  await screenshots(page, 'optimise-unfit', false);

  // This trip knows better: the museum opens on Tuesdays this season.
  await museum.getByRole('button', { name: 'Times of Museu Calouste Gulbenkian' }).click();
  const times = page.getByRole('dialog', { name: 'Times of Museu Calouste Gulbenkian' });
  await times.getByLabel('Opening hours for this trip (optional)').fill('Tu 25:00');
  await times.getByRole('button', { name: 'Save times' }).click();
  await expect(times.getByTestId('stop-times-problem')).toContainText('Opening hours do not parse');
  await times.getByLabel('Opening hours for this trip (optional)').fill('Tu-Su 09:00-18:00');
  await screenshots(page, 'stop-hours-dialog', false);
  await times.getByRole('button', { name: 'Save times' }).click();
  await expect(times).toHaveCount(0);
  await expect(museum.getByTestId('planner-item-own-hours')).toHaveText(
    'Hours for this trip: Tu-Su 09:00-18:00',
  );
  await expect(museum.getByTestId('planner-item-warning')).toHaveCount(0);

  expect(problems.consoleErrors.filter((error) => !/status of 400/.test(error))).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});
