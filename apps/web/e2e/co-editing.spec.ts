import { expect, test } from './fixtures.ts';
import { bothOnTripTab } from './two-members.ts';

/** Saves reach the other browser through live frames; the bound is for a loaded shared machine. */
const LIVE = { timeout: 10_000 };

/**
 * Issue 35, "nothing anyone writes is lost" (decision 035), in two browsers: Finn's open editor
 * follows Ada's saves until he types; once he has typed, her next save is announced in his editor,
 * and his save shows both texts — he keeps both. Then, offline, Finn edits the note again while Ada
 * changes it: after reconnecting, his offline text waits in a notice with both versions until he
 * chooses, and "Use mine" makes it the note for everyone.
 */
test('[HISTORY-12] a stale editor never overwrites silently: it follows, then warns, then offers both texts; an offline edit that conflicts waits for a choice', async ({
  page,
  browser,
  request,
  problems,
}) => {
  const { world, member } = await bothOnTripTab({ page, browser, request }, 'co-editing', 'planner');
  const ada = page;
  const finn = member.page;
  const notesUrl = `/core/trips/${world.tripId}/planner/notes`;
  const added = await world.ownerApi.call('POST', notesUrl, { date: null, text: 'Meet at the hotel' });
  expect(added.status()).toBeLessThan(300);
  const planner = (await added.json()) as { tray: { _id: string; text: string | null }[] };
  const noteId = planner.tray.find((item) => item.text === 'Meet at the hotel')?._id ?? '';
  const noteUrl = `/core/trips/${world.tripId}/planner/items/${noteId}`;
  const adaSaves = async (text: string, version: number) =>
    expect((await world.ownerApi.call('PATCH', noteUrl, { text, version })).status()).toBe(200);

  // The note was added over the API, perhaps before Finn's live socket was ready (a change made
  // then comes as no frame): his page is opened again to read it.
  await finn.reload();
  // Finn opens the note's editor; Ada saves: his untouched editor shows her text.
  await finn.getByRole('button', { name: 'Edit note Meet at the hotel' }).click(LIVE);
  const editor = finn.getByRole('form', { name: 'Save note' });
  await expect(editor.getByLabel('Note')).toHaveValue('Meet at the hotel');
  // Ada sees who is editing the note.
  const adaNote = ada.getByTestId('planner-item').filter({ hasText: 'Meet at the hotel' });
  await expect(adaNote.getByTestId('editing-badge')).toHaveText('Finn is editing', LIVE);
  await adaSaves('Meet at the station', 1);
  await expect(editor.getByLabel('Note')).toHaveValue('Meet at the station', LIVE);

  // He types; Ada saves again: his editor says so and keeps his text.
  await editor.getByLabel('Note').fill('Meet at the castle');
  await adaSaves('Meet at the bar', 2);
  await expect(editor.getByTestId('note-changed-under')).toBeVisible(LIVE);
  await expect(editor.getByLabel('Note')).toHaveValue('Meet at the castle');

  // His save meets her change: both texts, and the choice.
  await editor.getByRole('button', { name: 'Save note' }).click();
  const notice = finn.getByRole('alert', { name: 'Ada Lovell changed this while you were editing.' });
  await expect(notice.getByTestId('conflict-theirs')).toHaveText('Meet at the bar');
  await expect(notice.getByTestId('conflict-mine')).toHaveText('Meet at the castle');
  await notice.getByRole('button', { name: 'Edit both' }).click();
  const both = finn.getByRole('form', { name: 'Save note' });
  await expect(both.getByLabel('Note')).toHaveValue('Meet at the bar\n\nMeet at the castle');
  await both.getByRole('button', { name: 'Save note' }).click();
  await expect(ada.getByTestId('planner-item-title').filter({ hasText: 'Meet at the castle' })).toContainText(
    'Meet at the bar',
    LIVE,
  );

  // Offline, Finn rewrites the note; meanwhile Ada changes it. Back online, his text waits.
  await finn.context().setOffline(true);
  await finn.getByRole('button', { name: /^Edit note Meet at the bar/ }).click();
  await finn.getByRole('form', { name: 'Save note' }).getByLabel('Note').fill('Finn’s offline plan');
  await finn.getByRole('form', { name: 'Save note' }).getByRole('button', { name: 'Save note' }).click();
  await expect(
    finn.getByTestId('planner-item-title').filter({ hasText: 'Finn’s offline plan' }),
  ).toBeVisible();
  await adaSaves('Ada’s plan', 4);
  await finn.context().setOffline(false);
  const waiting = finn.getByRole('alert', { name: 'Ada Lovell changed this while you were editing.' });
  await expect(waiting.getByTestId('conflict-theirs')).toHaveText('Ada’s plan', LIVE);
  await expect(waiting.getByTestId('conflict-mine')).toHaveText('Finn’s offline plan');
  await waiting.getByRole('button', { name: 'Use mine' }).click();
  await expect(ada.getByTestId('planner-item-title').filter({ hasText: 'Finn’s offline plan' })).toBeVisible(
    LIVE,
  );

  expect(problems.consoleErrors).toEqual([]);
  await member.context.close();
});
