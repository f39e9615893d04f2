import type { Page } from '@playwright/test';
import { apiUser, expect, logIn, seedTravelWorld, test } from './fixtures.ts';
import { openTripTab, signedInContext } from './two-members.ts';

/** Live frames reach the other page in well under a second; the bound is for a loaded machine. */
const LIVE = { timeout: 15_000 };

interface Planner {
  days: { date: string; items: { _id: string; feature: { _id: string; title: string } | null }[] }[];
  tray: { _id: string; feature: { _id: string; title: string } | null }[];
}

const day = (page: Page, index: number) => page.getByTestId('planner-day').nth(index);
const titles = (page: Page, index: number) => day(page, index).getByTestId('planner-item-title');

/**
 * Decision 035, the trip's history: Ben moves a stop to day 2 and removes another from the trip;
 * Ada reads both in words on the history tab ("Ben Brook removed … from the trip", "moved … from
 * day 1 to day 2") and undoes the removal; Ben's open planner shows the stop back on its day
 * without a reload, and Ada's history says the removal is undone.
 */
test('[HISTORY-30] a member reads who removed a stop, undoes it, and the other member sees it back on its day', async ({
  page,
  browser,
  request,
  problems,
}) => {
  const world = await seedTravelWorld(request, 'history');
  const adaApi = await apiUser(request, world.owner.email, world.owner.password);
  // Two stops on day 1, put there by Ada over the API.
  const planner = (await (await adaApi.call('GET', `/core/trips/${world.tripId}/planner`)).json()) as Planner;
  const [removed, moved] = planner.tray;
  const removedTitle = removed?.feature?.title ?? '';
  const movedTitle = moved?.feature?.title ?? '';
  expect(removedTitle && movedTitle).toBeTruthy();
  const firstDay = planner.days[0]?.date ?? '';
  for (const [index, item] of [removed, moved].entries()) {
    const answer = await adaApi.call('POST', `/core/trips/${world.tripId}/planner/items/${item?._id}/move`, {
      date: firstDay,
      index,
    });
    expect(answer.status()).toBe(200);
  }

  const ada = page;
  await logIn(ada, world.owner.email, world.owner.password);
  const ben = await signedInContext(browser, world.friend.email, world.friend.password);

  // Ben moves one stop to day 2 in the planner, then removes the other from the trip.
  await openTripTab(ben.page, world.tripId, 'planner');
  await expect(titles(ben.page, 0)).toHaveText([removedTitle, movedTitle]);
  await ben.page.getByRole('button', { name: `Move ${movedTitle}`, exact: true }).click();
  await ben.page
    .getByRole('menu', { name: `Move ${movedTitle}` })
    .getByRole('menuitem', { name: /^To Day 2/ })
    .click();
  await expect(titles(ben.page, 1)).toHaveText([movedTitle]);
  await ben.page.getByRole('tab', { name: 'features' }).click();
  await ben.page.getByRole('button', { name: `Remove ${removedTitle} from the trip` }).click();
  await expect(ben.page.getByRole('button', { name: `Remove ${removedTitle} from the trip` })).toHaveCount(0);
  await ben.page.getByRole('tab', { name: 'planner' }).click();
  await expect(titles(ben.page, 0)).toHaveCount(0);

  // Ada reads it in words, newest first, and undoes the removal.
  await ada.goto(`/trips/${world.tripId}?tab=history`);
  await expect(ada.getByRole('tab', { name: 'history' })).toHaveAttribute('aria-selected', 'true');
  const sentences = ada.getByTestId('history-sentence');
  await expect(sentences.first()).toHaveText(`Ben Brook removed ${removedTitle} from the trip`);
  await expect(sentences.nth(1)).toHaveText(`Ben Brook moved ${movedTitle} from day 1 to day 2`);
  await ada
    .getByRole('button', { name: `Undo: Ben Brook removed ${removedTitle} from the trip`, exact: true })
    .click();
  await expect(ada.getByText('Undone.', { exact: true })).toBeVisible();
  await expect(sentences.first()).toHaveText(`Ada Lovell undid removing ${removedTitle} from the trip`, LIVE);
  const removal = ada.getByTestId('history-entry').filter({ hasText: `Ben Brook removed ${removedTitle}` });
  await expect(removal.getByTestId('history-undone')).toHaveText('Undone');

  // Ben's open planner shows the stop back on day 1, without a reload.
  await expect(titles(ben.page, 0)).toHaveText([removedTitle], LIVE);
  await expect(titles(ben.page, 1)).toHaveText([movedTitle]);

  // Ben filters the history to Ada's changes: only her undo.
  await ben.page.getByRole('tab', { name: 'history' }).click();
  await ben.page.getByLabel('Who').selectOption({ label: 'Ada Lovell' });
  await expect(ben.page.getByTestId('history-sentence')).toHaveText([
    `Ada Lovell undid removing ${removedTitle} from the trip`,
    `Ada Lovell moved ${movedTitle} from unscheduled to day 1`,
    `Ada Lovell moved ${removedTitle} from unscheduled to day 1`,
  ]);

  expect(problems.consoleErrors).toEqual([]);
  await ben.context.close();
});
