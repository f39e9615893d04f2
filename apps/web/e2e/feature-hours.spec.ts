import { placePath } from '../src/lib/place-path.ts';
import {
  acceptCookiesByClick,
  apiUser,
  expect,
  lisbonCatalogue,
  logIn,
  registerAccount,
  screenshots,
  test,
} from './fixtures.ts';

// The reader is in Tokyo; the museum is in Lisbon, where it is Tuesday noon.
test.use({ timezoneId: 'Asia/Tokyo' });

/**
 * A feature's hours are read in its own place's time: at Tuesday 12:00 in Lisbon (21:00 in the
 * reader's Tokyo) the Gulbenkian, closed on Tuesdays, says so, and the Time Out Market, open from
 * 10:00 to midnight, is open; the card says when its hours were checked.
 */
test("[HOURS-E2E-01] the place screen says what is open in Lisbon's time, the browser in Tokyo", async ({
  page,
  problems,
}) => {
  await page.clock.setFixedTime(new Date('2026-12-01T12:00:00Z'));
  const places = (await (
    await page.request.get('/api/core/places/autocomplete?q=Lisbon')
  ).json()) as Parameters<typeof placePath>[0][];
  const lisbon = places[0];
  if (!lisbon) throw new Error('the curated seed has no Lisbon');
  await page.goto(placePath(lisbon));
  await acceptCookiesByClick(page);
  const card = (title: string) => page.getByTestId('feature-card').filter({ hasText: title });
  await expect(card('Museu Calouste Gulbenkian').getByTestId('feature-hours')).toHaveText(
    'Closed on Tuesdays',
  );
  await expect(card('Time Out Market Lisboa').getByTestId('feature-hours')).toHaveText('Open · closes 00:00');
  await expect(card('Museu Calouste Gulbenkian').getByTestId('feature-hours-checked')).toHaveText(
    /^Hours checked Dec 2026, confirm before you go$/,
  );
  await expect(card('Museu Calouste Gulbenkian').getByTestId('feature-visit')).toHaveText('About 2 h 30 min');
  await card('Museu Calouste Gulbenkian').scrollIntoViewIfNeeded();
  await screenshots(page, 'feature-hours', false);

  expect(problems.consoleErrors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});

/** A date `days` after today in the reader's calendar, as YYYY-MM-DD. */
function dayFromNow(days: number): Date {
  const date = new Date();
  date.setUTCHours(12, 0, 0, 0);
  date.setUTCDate(date.getUTCDate() + days);
  return date;
}

/**
 * The plan knows the clock: the Gulbenkian, closed on Tuesdays, planned on a Tuesday says so on
 * its stop, with its times from 09:00 and its 2 h 30 visit, the browser in Tokyo.
 */
test('[TIMELINE-E2E-01] a museum closed on Tuesdays planned on a Tuesday is warned about, moved in one step to a day when it is open, and timed there', async ({
  page,
  request,
  problems,
}) => {
  const account = await registerAccount(request, { label: 'timeline', name: 'Ada', lastName: 'Lovell' });
  const ada = await apiUser(request, account.email, account.password);
  const lisbon = await lisbonCatalogue(ada);
  const gulbenkian = { _id: lisbon.featureId('Museu Calouste Gulbenkian') };
  // The first Tuesday at least ten days away.
  let start = dayFromNow(10);
  while (start.getUTCDay() !== 2) start = new Date(start.getTime() + 86_400_000);
  const tuesday = start.toISOString().slice(0, 10);
  const thursday = new Date(start.getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
  const created = await ada.call('POST', '/core/trips', {
    placeId: lisbon.placeId,
    startDate: tuesday,
    endDate: thursday,
    featureIds: [gulbenkian._id],
  });
  expect(created.status()).toBe(201);
  const { _id: tripId } = (await created.json()) as { _id: string };
  const planner = (await (await ada.call('GET', `/core/trips/${tripId}/planner`)).json()) as {
    tray: Array<{ _id: string }>;
  };
  const item = planner.tray[0];
  if (!item) throw new Error('the trip has its feature in the tray');
  const moved = await ada.call('POST', `/core/trips/${tripId}/planner/items/${item._id}/move`, {
    date: tuesday,
    index: 0,
  });
  expect(moved.status()).toBe(200);

  await logIn(page, account.email, account.password, `/trips/${tripId}?tab=planner`);
  const stop = page.getByTestId('planner-item').filter({ hasText: 'Museu Calouste Gulbenkian' });
  await expect(stop.getByTestId('planner-item-times')).toHaveText('09:00 – 11:30');
  await expect(stop.getByTestId('planner-item-warning')).toHaveText('Closed on this day');
  await screenshots(page, 'timeline-closed', false);
  // One step to a day when it is open: Wednesday, day 2, where nothing is wrong with it.
  await stop.getByRole('button', { name: /^Move to Day 2 \(.*\), when it is open$/ }).click();
  const dayTwo = page.getByTestId('planner-day').nth(1);
  const onDayTwo = dayTwo.getByTestId('planner-item').filter({ hasText: 'Museu Calouste Gulbenkian' });
  await expect(onDayTwo.getByTestId('planner-item-times')).toHaveText('09:00 – 11:30');
  await expect(onDayTwo.getByTestId('planner-item-warning')).toHaveText('Opens at 10:00, after you arrive');
  // Day 2 starts at 10:00: the museum is open when the group arrives.
  await dayTwo.getByRole('button', { name: 'Day 2 starts at 09:00: change' }).click();
  await dayTwo.getByLabel('Starts at').fill('10:00');
  await dayTwo.getByRole('button', { name: 'Save' }).click();
  await expect(dayTwo.getByTestId('planner-day-start')).toHaveText('Starts at 10:00');
  await expect(onDayTwo.getByTestId('planner-item-times')).toHaveText('10:00 – 12:30');
  await expect(onDayTwo.getByTestId('planner-item-warning')).toHaveCount(0);
  // Arrive at 10:00 and stay an hour and a half.
  await onDayTwo.getByRole('button', { name: 'Times of Museu Calouste Gulbenkian' }).click();
  const times = page.getByRole('dialog', { name: 'Times of Museu Calouste Gulbenkian' });
  await times.getByLabel('Arrive at (optional)').fill('10:00');
  await times.getByLabel('Visit, in minutes (optional)').fill('90');
  await screenshots(page, 'stop-times-dialog', false);
  await times.getByRole('button', { name: 'Save times' }).click();
  await expect(times).toHaveCount(0);
  await expect(onDayTwo.getByTestId('planner-item-times')).toHaveText('10:00 – 11:30');
  await expect(onDayTwo.getByTestId('planner-item-warning')).toHaveCount(0);

  expect(problems.consoleErrors).toEqual([]);
  expect(problems.cspViolations).toEqual([]);
});
