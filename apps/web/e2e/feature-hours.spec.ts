import { placePath } from '../src/lib/place-path.ts';
import { acceptCookiesByClick, expect, screenshots, test } from './fixtures.ts';

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
